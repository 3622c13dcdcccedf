import type { SessionUser } from '@staybook/domain/accounts';
import type { Booking } from '@staybook/domain/bookings';
import { addDays, addMonthsToDate, type IsoDate } from '@staybook/domain/dates';
import type { HostCalendar, HostCalendarNight } from '@staybook/domain/host-calendar';
import { DEFAULT_LISTING_RULES } from '@staybook/domain/listing-rules';
import type { ListedRoom, Room, RoomSummary } from '@staybook/domain/rooms';

/** Sample data for the web app's tests, as the API answers it. */

/** For tests: a lake cabin as the rooms list answers it. */
export function sampleListedRoom(overrides: Partial<ListedRoom> = {}): ListedRoom {
  return {
    _id: '5f0c9d3e-0000-4000-8000-000000000001',
    title: 'Lake cabin',
    location: 'Hallstatt, Austria',
    category: 'Lake',
    from: '2030-01-01',
    to: '2030-02-01',
    price: 120,
    priceCents: 12_000,
    guests: 2,
    bedrooms: 1,
    bathrooms: 1,
    description: 'By the water.',
    image: '/uploads/5f0c9d3e-0000-4000-8000-000000000002.webp',
    host: { name: 'Hana', image: null },
    booked: false,
    timeZone: 'Europe/Vienna',
    cancellationPolicy: 'flexible',
    rating: { count: 0, average: null },
    area: null,
    ...overrides,
  };
}

/** For tests: the same cabin as `GET /api/room/:id` answers it. */
export function sampleRoom(overrides: Partial<Room> = {}): Room {
  const { host, rating, ...listed } = sampleListedRoom();
  return {
    ...listed,
    photos: [listed.image],
    host: { id: '5f0c9d3e-0000-4000-8000-000000000003', ...host },
    rating: { ...rating, categories: null },
    amenities: [],
    checkInTime: null,
    checkOutTime: null,
    houseRules: '',
    rules: DEFAULT_LISTING_RULES,
    serviceFeeBp: 0,
    ...overrides,
  };
}

/** For tests: the same cabin as its host's list (My Listings) answers it: with where it is exactly. */
export function sampleRoomSummary(overrides: Partial<RoomSummary> = {}): RoomSummary {
  const { host, ...room } = sampleRoom();
  return { ...room, host: { name: host.name, image: host.image }, position: null, address: '', arrivalInstructions: '', ...overrides };
}

/** For tests: an upcoming two-night stay as the bookings API answers it. */
export function sampleBooking(overrides: Partial<Booking> = {}): Booking {
  const roomId = '7a1b2c3d-0000-4000-8000-000000000000';
  return {
    _id: '5f0c9d3e-0000-4000-8000-000000000000',
    reference: 'SB-7K3Q-9M2D',
    roomId,
    title: 'Cabin by the lake',
    location: 'Hallstatt, Austria',
    image: `/uploads/${roomId}.webp`,
    from: '2027-03-02',
    to: '2027-03-04',
    nights: 2,
    nightlyPriceCents: 12_345,
    guests: 2,
    price: 246.9,
    priceCents: 24_690,
    lines: [{ kind: 'nights', amountCents: 24_690, credit: false, nights: 2, unitCents: 12_345, weekend: false }],
    refundedCents: 0,
    keptCents: 24_690,
    transactionId: 'pi_test_1',
    card: { brand: 'visa', last4: '4242' },
    date: '2027-02-01T10:00:00.000Z',
    status: 'confirmed',
    state: 'upcoming',
    cancellable: true,
    cancelledAt: null,
    cancelledBy: null,
    cancellationPolicy: 'moderate',
    guest: { name: 'Gus Guest', email: 'gus@example.com', image: null },
    host: { name: 'Hana Host', email: 'hana@example.com', image: null },
    review: { canWrite: false, written: false, closesOn: '2027-03-18' },
    request: null,
    ...overrides,
  };
}

/** For tests: a signed-in guest with a verified email (any role with `overrides`). */
export function sampleUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '5f0c9d3e-0000-4000-8000-0000000000bb',
    name: 'Gus Guest',
    email: 'gus@example.com',
    image: null,
    role: 'guest',
    status: 'Verified',
    emailVerified: true,
    ...overrides,
  };
}

/**
 * For tests: a listing's host calendar as `GET /api/room/:id/calendar/nights` answers it, `months` months from
 * `from`, every night free at $120 but those `nights` says otherwise.
 */
export function sampleHostCalendar({
  roomId = '5f0c9d3e-0000-4000-8000-000000000001',
  title = 'Lake cabin',
  from = '2027-03-01',
  months = 1,
  today = '2027-03-03',
  nights = {},
}: {
  roomId?: string;
  title?: string;
  from?: IsoDate;
  months?: number;
  today?: IsoDate;
  nights?: Record<IsoDate, Partial<HostCalendarNight>>;
} = {}): HostCalendar {
  const to = addMonthsToDate(from, months);
  const all: HostCalendarNight[] = [];
  for (let date = from; date < to; date = addDays(date, 1)) {
    all.push({
      date,
      priceCents: 12_000,
      weekend: false,
      customPrice: false,
      state: date < today ? 'past' : 'free',
      bookingId: null,
      guestName: null,
      importedFrom: null,
      minNights: null,
      note: null,
      startProblem: null,
      startProblemFacts: null,
      ...nights[date],
    });
  }
  return { roomId, title, timeZone: 'Europe/Vienna', today, from, to, priceCents: 12_000, rules: DEFAULT_LISTING_RULES, nights: all };
}
