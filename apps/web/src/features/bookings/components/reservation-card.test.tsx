import { DEFAULT_LISTING_RULES } from '@staybook/domain/listing-rules';
import type { SessionUser } from '@staybook/domain/accounts';
import type { RoomAvailability } from '@staybook/domain/bookings';
import { zoneClockOf } from '@staybook/domain/dates';
import type { Room } from '@staybook/domain/rooms';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleUser } from '../../../testing/samples';
import { ReservationCard } from './reservation-card';

// The card loads its calendar and the review dialog lazily. Loaded here first, their first transform (seconds on a
// busy machine) is not part of a findBy's one-second wait.
beforeAll(async () => {
  await Promise.all([import('./stay-calendar'), import('./review-reserve-dialog')]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROOM: Room = {
  _id: '0c6f1a5e-1b7c-4c1e-9f5a-2d3b4c5d6e7f',
  title: 'Red cottage by a still lake',
  location: 'Lakeland, Finland',
  category: 'Lake',
  from: '2030-01-01',
  to: '2030-03-31',
  price: 240,
  priceCents: 24_000,
  guests: 4,
  bedrooms: 2,
  bathrooms: 1,
  description: 'Quiet.',
  image: '/uploads/cottage.webp',
  photos: ['/uploads/cottage.webp'],
  host: { name: 'Hana Host', image: null },
  booked: false,
  timeZone: 'Europe/Helsinki',
  cancellationPolicy: 'flexible',
  rating: { count: 0, average: null, categories: null },
  amenities: [],
  checkInTime: null,
  checkOutTime: null,
  houseRules: '',
  rules: DEFAULT_LISTING_RULES,
  serviceFeeBp: 0,
  area: null,
};

/** Bookable from Jan 1 to Mar 31, 2030; the nights of Jan 10 and 11, and of Feb 14 and 15, are taken. */
const AVAILABILITY: RoomAvailability = {
  from: '2030-01-01',
  to: '2030-03-31',
  taken: [
    { from: '2030-01-10', to: '2030-01-12' },
    { from: '2030-02-14', to: '2030-02-16' },
  ],
  firstBookable: '2030-01-01',
  booked: false,
  nights: [],
  clock: zoneClockOf('Europe/Helsinki'),
};

const GUEST = sampleUser({ id: 'u1' });

/** The address as the page has it now (replaced as the guest chooses). */
function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

function renderCard(query = '', { room = ROOM, user = GUEST }: { room?: Room; user?: SessionUser } = {}) {
  const fetch = stubFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === `/api/room/${ROOM._id}/availability`) return json(AVAILABILITY);
    if (path === '/api/payments/config') return json({ provider: 'test', publishableKey: null });
    if (path === '/api/create-payment-intent') {
      const body = JSON.parse(String(init.body)) as { guests: number };
      return json({ paymentIntentId: 'pi_test_1', clientSecret: 'pi_test_1_secret_x', provider: 'test', nights: 3, nightlyPriceCents: 24_000, totalCents: 72_000, guests: body.guests });
    }
    return new Response('{}', { status: 404 });
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/room/:id"
        element={
          <>
            <ReservationCard room={room} />
            <Address />
          </>
        }
      />
    </Routes>,
    { path: `/room/${ROOM._id}${query}`, user },
  );
  return { fetch, card: () => screen.getByRole('region', { name: 'Reservation' }) };
}

const address = () => screen.getByTestId('address').textContent;

describe('the reservation card', () => {
  it('chooses nothing when opened without dates: it asks for them, Reserve waiting for them', async () => {
    const { card } = renderCard();
    expect(await screen.findByText('Add dates for prices')).toBeTruthy();
    const reserve = within(card()).getByRole('button', { name: 'Reserve' }) as HTMLButtonElement;
    expect(reserve.disabled).toBe(true);
    expect(reserve.getAttribute('aria-describedby')).toBe(screen.getByText('Add dates for prices').id);
    expect(within(card()).queryByText('Total')).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Clear dates' })).toBeNull();
    expect(within(card()).getByText('1 guest')).toBeTruthy();
  });

  it('opens with the dates and guests of a dated search, the total shown', async () => {
    const { card } = renderCard('?checkin=2030-01-05&checkout=2030-01-08&guests=2');
    expect(await within(card()).findByRole('button', { name: 'Reserve' })).toBeTruthy();
    expect(within(card()).getByText('3 nights × $240')).toBeTruthy();
    expect(within(card()).getByText('$720')).toBeTruthy();
    expect(within(card()).getAllByText('Check-in Jan 5, 2030, check-out Jan 8, 2030, 3 nights').length).toBeGreaterThan(0);
    expect(within(card()).getByText('2 guests')).toBeTruthy();
    expect(within(card()).queryByText('Add dates for prices')).toBeNull();
  });

  it('chooses nothing when the linked stay cannot be booked, and keeps a guest count the room takes', async () => {
    for (const [query, guests] of [
      ['?checkin=2030-01-09&checkout=2030-01-12&guests=9', '4 guests'], // a taken night; as many guests as the room takes
      ['?checkin=2029-12-30&checkout=2030-01-03', '1 guest'], // before the window (today, where the room is)
      ['?checkin=2030-03-29&checkout=2030-04-02', '1 guest'], // past its end
      ['?checkin=2030-01-08&checkout=2030-01-05', '1 guest'], // backwards
      ['?checkin=2030-01-05', '1 guest'], // no check-out
    ] as const) {
      const { card } = renderCard(query);
      expect(await screen.findByText('Add dates for prices'), query).toBeTruthy();
      expect((within(card()).getByRole('button', { name: 'Reserve' }) as HTMLButtonElement).disabled).toBe(true);
      expect(within(card()).getByText(guests), query).toBeTruthy();
      cleanup();
    }
  });

  it('keeps the dates of a link the room cannot take in view, says why, and opens on their month', async () => {
    const reasons: [string, string, string, string][] = [
      ['?checkin=2030-02-13&checkout=2030-02-17', 'Feb 13, 2030 – Feb 17, 2030', 'Already booked: Feb 14, 2030 – Feb 16, 2030. Please choose other dates.', 'February 2030'],
      ['?checkin=2030-03-29&checkout=2030-04-02', 'Mar 29, 2030 – Apr 2, 2030', 'This room can be booked from Jan 1, 2030 to Mar 31, 2030. Please choose dates in that range.', 'March 2030'],
      ['?checkin=2030-01-08&checkout=2030-01-05', 'Jan 8, 2030 – Jan 5, 2030', 'A stay is at least one night: choose a check-out day after the check-in day.', 'January 2030'],
    ];
    for (const [query, dates, reason, month] of reasons) {
      const { card } = renderCard(query);
      const headline = await within(card()).findByText(`${dates} can’t be booked`);
      expect(headline.parentElement?.getAttribute('role'), query).toBe('status');
      expect(headline.nextElementSibling?.textContent, query).toBe(reason);
      expect(within(card()).getByText(month), query).toBeTruthy();
      cleanup();
    }
    // Once the guest picks a day, the notice has done its work.
    const { card } = renderCard('?checkin=2030-02-13&checkout=2030-02-17');
    await within(card()).findByText(/can’t be booked/);
    fireEvent.click(within(card()).getByRole('button', { name: /^20, Wednesday, February 2030/ }));
    expect(within(card()).queryByText(/can’t be booked/)).toBeNull();
  });

  it('opens the calendar on the month of the chosen check-in', async () => {
    const { card } = renderCard('?checkin=2030-03-05&checkout=2030-03-08');
    expect(await within(card()).findByRole('button', { name: 'Reserve' })).toBeTruthy();
    expect(within(card()).getByText('March 2030')).toBeTruthy();
  });

  it("'Clear dates' resets the choice and the address", async () => {
    const { card } = renderCard('?checkin=2030-01-05&checkout=2030-01-08&guests=2');
    fireEvent.click(await within(card()).findByRole('button', { name: 'Clear dates' }));
    expect(await within(card()).findByText('Add dates for prices')).toBeTruthy();
    expect((within(card()).getByRole('button', { name: 'Reserve' }) as HTMLButtonElement).disabled).toBe(true);
    expect(address()).toBe(`/room/${ROOM._id}?guests=2`);
  });

  it('counts guests from 1 to the room’s guests, and keeps the address in step', async () => {
    const { card } = renderCard('?checkin=2030-01-05&checkout=2030-01-08');
    const fewer = await within(card()).findByRole('button', { name: 'Fewer guests' });
    const more = within(card()).getByRole('button', { name: 'More guests' });
    expect(within(card()).getByRole('group', { name: 'Guests' })).toBeTruthy();
    expect(fewer.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(fewer);
    expect(within(card()).getByText('1 guest')).toBeTruthy();
    for (let i = 0; i < 5; i += 1) fireEvent.click(more);
    expect(within(card()).getByText('4 guests')).toBeTruthy();
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(address()).toBe(`/room/${ROOM._id}?checkin=2030-01-05&checkout=2030-01-08&guests=4`);
    fireEvent.click(fewer);
    expect(address()).toBe(`/room/${ROOM._id}?checkin=2030-01-05&checkout=2030-01-08&guests=3`);
  });

  it("chooses nothing for the room's own host, even from a link", async () => {
    const host = { ...GUEST, id: 'b7e0c1a2-3d4e-4f5a-8b6c-7d8e9f0a1b2c', email: 'hana@example.com' };
    const { card } = renderCard('?checkin=2030-01-05&checkout=2030-01-08&guests=2', {
      room: { ...ROOM, host: { ...ROOM.host, id: host.id, email: host.email } },
      user: host,
    });
    expect(await within(card()).findByText('This is your listing. Guests reserve it here.')).toBeTruthy();
    expect(within(card()).queryByText('Total')).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Reserve' })).toBeNull();
    expect(within(card()).queryByRole('group', { name: 'Guests' })).toBeNull();
    expect(within(card()).queryByText('Add dates for prices')).toBeNull();
  });

  it('shows the guest count in the review and asks the payment for it', async () => {
    const { card, fetch } = renderCard('?checkin=2030-01-05&checkout=2030-01-08&guests=3');
    fireEvent.click(await within(card()).findByRole('button', { name: 'Reserve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Info Before Reserve' });
    expect(await within(dialog).findByRole('button', { name: 'Pay $720' })).toBeTruthy();
    expect(within(dialog).getByText('Guests').nextElementSibling?.textContent).toBe('3 guests');
    const intentCall = fetch.mock.calls.find(([input]) => String(input).includes('/api/create-payment-intent'));
    expect(JSON.parse(String(intentCall?.[1]?.body))).toEqual({ roomId: ROOM._id, from: '2030-01-05', to: '2030-01-08', guests: 3 });
  });
});
