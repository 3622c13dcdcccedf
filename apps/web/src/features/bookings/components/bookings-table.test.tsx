import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@staybook/domain/bookings';
import type { BookingsView } from '../api/booking-keys';
import { BookingsTable } from './bookings-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEmpty(view: BookingsView) {
  renderList(view, []);
}

function renderList(view: BookingsView, items: Booking[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items, nextCursor: null }), { headers: { 'content-type': 'application/json' } }))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <BookingsTable view={view} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the bookings lists with nothing in them', () => {
  it("offer a guest's empty My Bookings the stays to browse", async () => {
    renderEmpty('mine');
    const link = await screen.findByRole('link', { name: 'Browse stays' });
    expect(link.getAttribute('href')).toBe('/');
  });

  it("offer a host's empty Manage Bookings 'Add Room', not stays to book", async () => {
    renderEmpty('managed');
    const link = await screen.findByRole('link', { name: 'Add Room' });
    expect(link.getAttribute('href')).toBe('/dashboard/add-room');
    expect(screen.queryByRole('link', { name: 'Browse stays' })).toBeNull();
  });
});

describe('a row of the bookings lists', () => {
  const stay: Booking = {
    _id: '5f0c9d3e-0000-4000-8000-000000000000',
    reference: 'SB-7K3Q-9M2D',
    roomId: '7a1b2c3d-0000-4000-8000-000000000000',
    title: 'Cabin by the lake',
    location: 'Hallstatt, Austria',
    image: '/uploads/7a1b2c3d-0000-4000-8000-000000000000.webp',
    from: '2027-03-02',
    to: '2027-03-04',
    nights: 2,
    nightlyPriceCents: 10_000,
    guests: 1,
    price: 200,
    priceCents: 20_000,
    refundedCents: 0,
    transactionId: 'pi_test_1',
    card: { brand: 'visa', last4: '4242' },
    date: '2027-02-01T10:00:00.000Z',
    status: 'confirmed',
    state: 'upcoming',
    cancellable: true,
    cancelledAt: null,
    cancelledBy: null,
    cancellationPolicy: 'flexible',
    guest: { name: 'Gus Guest', email: 'gus@example.com', image: null },
    host: { name: 'Hana Host', email: 'hana@example.com', image: null },
  };

  it.each(['mine', 'managed'] as const)("links the room's title to the trip page and shows the reference (%s)", async (view) => {
    renderList(view, [stay]);
    const link = await screen.findByRole('link', { name: 'Cabin by the lake' });
    expect(link.getAttribute('href')).toBe(`/dashboard/trips/${stay._id}`);
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe('SB-7K3Q-9M2D');
  });
});
