import { describe, expect, it } from 'vitest';
import { serverInfoSchema, sessionSchema } from './accounts.js';
import { apiErrorSchema } from './error-schemas.js';
import { apiErrorShape } from './errors.js';
import {
  firstRoomPageShape,
  firstRoomsShape,
  isRoomId,
  roomAvailabilityShape,
  roomShape,
  roomsPageShape,
  serverInfoShape,
  sessionShape,
} from './first-paint-answers.js';
import { roomAvailabilitySchema } from './bookings.js';
import { DEFAULT_LISTING_RULES } from './listing-rules.js';
import { firstRoomPageSchema, firstRoomsSchema, roomIdSchema, roomSchema, roomsPageSchema } from './rooms.js';
import { savedRoomsShape } from './saved-rooms.js';
import { ShapeMismatch } from './shape.js';
import { savedRoomsSchema } from './wishlists.js';

/*
 * Each hand-checked shape answers as its zod schema does: the same value for a good answer, a refusal for the same
 * bad ones. The bad answers are the good ones changed at every place they can be: a key left out, or its value
 * replaced by one of another kind, by null, by a number that is no integer, an unknown word, an extra key.
 */

const listedRoom = {
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
  rating: { count: 4, average: 4.5 },
  area: { latitude: 47.56, longitude: 13.65, radiusMeters: 500 },
};

const datedRoom = { ...listedRoom, nights: 3, totalCents: 36_000, checkin: '2030-01-03', checkout: '2030-01-06', distanceKm: 12.5 };

const room = {
  ...listedRoom,
  photos: [listedRoom.image, '/uploads/b.webp'],
  host: { id: '5f0c9d3e-0000-4000-8000-000000000003', name: 'Hana', image: '/uploads/h.webp', email: 'hana@example.com' },
  rating: { count: 4, average: 4.5, categories: { cleanliness: 5, accuracy: 4, communication: 5, location: 4.5, checkIn: 5, value: 4 } },
  amenities: ['wifi', 'kitchen'],
  checkInTime: '15:00',
  checkOutTime: null,
  houseRules: 'No parties.',
  rules: { ...DEFAULT_LISTING_RULES, weekendPriceCents: 15_000, sameDayUntil: '12:00' },
  serviceFeeBp: 1_200,
};

const user = {
  id: 'u1',
  name: 'Gus Guest',
  email: 'gus@example.com',
  image: null,
  role: 'guest',
  status: 'Verified',
  emailVerified: true,
};

const roomsPage = {
  items: [listedRoom, datedRoom],
  nextCursor: 'abc',
  total: { count: 2, more: false },
  near: { name: 'Hallstatt', country: 'Austria', latitude: 47.56, longitude: 13.65, timeZone: 'Europe/Vienna' },
};

type Checker = { safeParse(data: unknown): { success: boolean; data?: unknown } };

const REPLACEMENTS: unknown[] = [null, undefined, 'x', 1.5, 7, true, [], {}, '2030-02-30', 'Lake', 'wifi', Number.MAX_SAFE_INTEGER + 2];

/** `value` changed at each place in turn, each way. */
function* variants(value: unknown): Generator<unknown> {
  for (const other of REPLACEMENTS) yield other;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      for (const changed of variants(item)) yield value.map((each, j) => (j === i ? changed : each));
    }
    yield [...value, 'extra'];
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    yield { ...record, extra: 1 };
    for (const key of Object.keys(record)) {
      const { [key]: _left, ...without } = record;
      yield without;
      for (const changed of variants(record[key])) yield { ...record, [key]: changed };
    }
  }
}

function expectSameAnswers(shape: Checker, schema: Checker, good: unknown) {
  let compared = 0;
  for (const answer of [good, ...variants(good)]) {
    const byShape = shape.safeParse(answer);
    const bySchema = schema.safeParse(answer);
    expect({ answer, accepted: byShape.success }).toEqual({ answer, accepted: bySchema.success });
    if (bySchema.success) expect(byShape.data).toEqual(bySchema.data);
    compared += 1;
  }
  return compared;
}

describe('the answers the first paint reads, checked by hand', () => {
  it('take and refuse what the zod schemas take and refuse: a page of rooms and the embedded first page', () => {
    expect(roomsPageShape.safeParse(roomsPage).success).toBe(true);
    expect(expectSameAnswers(roomsPageShape, roomsPageSchema, roomsPage)).toBeGreaterThan(500);
    expect(expectSameAnswers(roomsPageShape, roomsPageSchema, { items: [], nextCursor: null })).toBeGreaterThan(20);
    expectSameAnswers(firstRoomsShape, firstRoomsSchema, { search: 'category=Lake', page: { items: [listedRoom], nextCursor: null } });
  });

  it("take and refuse what the zod schemas take and refuse: a room, a room page with its session, the room's nights", () => {
    expect(roomShape.safeParse(room).success).toBe(true);
    expect(expectSameAnswers(roomShape, roomSchema, room)).toBeGreaterThan(500);
    expectSameAnswers(firstRoomPageShape, firstRoomPageSchema, { user, room });
    const availability = {
      from: '2030-01-01',
      to: '2030-03-01',
      taken: [{ from: '2030-01-05', to: '2030-01-08' }],
      firstBookable: '2030-01-01',
      booked: false,
      nights: [{ from: '2030-01-10', to: '2030-01-12', priceCents: 15_000, minNights: null, blocked: false }],
      clock: { utcOffsetMinutes: 120, since: '2029-12-31T10:00:00.000Z', until: '2030-01-07T10:00:00.000Z' },
    };
    expect(expectSameAnswers(roomAvailabilityShape, roomAvailabilitySchema, availability)).toBeGreaterThan(200);
    expectSameAnswers(roomAvailabilityShape, roomAvailabilitySchema, { ...availability, taken: [], firstBookable: null, nights: [] });
  });

  it('take and refuse what the zod schemas take and refuse: the session, the settings, errors, the hearts', () => {
    expectSameAnswers(sessionShape, sessionSchema, { user });
    expectSameAnswers(sessionShape, sessionSchema, null);
    expectSameAnswers(serverInfoShape, serverInfoSchema, { googleSignIn: false, timeZone: 'UTC', currency: 'USD' });
    expectSameAnswers(serverInfoShape, serverInfoSchema, {
      googleSignIn: true,
      timeZone: 'UTC',
      currency: 'JPY',
      mapTiles: { url: 'https://tiles/{z}/{x}/{y}.png', attribution: '© OSM' },
    });
    expectSameAnswers(apiErrorShape, apiErrorSchema, { error: { code: 'VALIDATION_FAILED', message: 'No', fields: { email: 'Required' } } });
    expectSameAnswers(apiErrorShape, apiErrorSchema, { error: { code: 'CARD_DECLINED', message: 'No', declineCode: 'card_declined' } });
    expectSameAnswers(savedRoomsShape, savedRoomsSchema, { saved: [{ roomId: 'r1', lists: [{ id: 'l1', name: 'Saved' }] }] });
  });

  it('know a room id as the API does', () => {
    for (const id of [room._id, room.host.id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid', '5f0c9d3e-0000-9000-8000-000000000001', '']) {
      expect(isRoomId(id)).toBe(roomIdSchema.safeParse(id).success);
    }
  });

  it('say where an answer went wrong', () => {
    const answer = { ...roomsPage, items: [listedRoom, { ...listedRoom, rating: { count: 1.5, average: null } }] };
    expect(() => roomsPageShape.parse(answer)).toThrow(new ShapeMismatch('items.1.rating.count', 'an integer'));
  });
});
