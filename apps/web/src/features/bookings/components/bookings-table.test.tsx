import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@staybook/domain/bookings';
import type { BookingsView } from '../api/booking-keys';
import { stubFetchJson } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleBooking } from '../../../testing/samples';
import { BookingsTable } from './bookings-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEmpty(view: BookingsView) {
  renderList(view, []);
}

function renderList(view: BookingsView, items: Booking[]) {
  stubFetchJson({ items, nextCursor: null });
  renderWithProviders(<BookingsTable view={view} />);
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
  const stay = sampleBooking();

  it.each(['mine', 'managed'] as const)("links the room's title to the trip page and shows the reference (%s)", async (view) => {
    renderList(view, [stay]);
    const link = await screen.findByRole('link', { name: 'Cabin by the lake' });
    expect(link.getAttribute('href')).toBe(`/dashboard/trips/${stay._id}`);
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe('SB-7K3Q-9M2D');
  });
});

describe("a past stay's row", () => {
  const past = { state: 'past', cancellable: false } as const;

  it.each(['mine', 'managed'] as const)("offers 'Write a review' while the viewer may review it (%s)", async (view) => {
    const stay = sampleBooking({ ...past, review: { canWrite: true, written: false, closesOn: '2027-03-18' } });
    renderList(view, [stay]);
    const link = await screen.findByRole('link', { name: 'Write a review' });
    expect(link.getAttribute('href')).toBe(`/dashboard/trips/${stay._id}/review`);
    expect(screen.getByText('Past')).toBeTruthy();
  });

  it("offers nothing once written, after the window, or where the viewer has no side (review: null)", async () => {
    renderList('mine', [
      sampleBooking({ ...past, _id: '5f0c9d3e-0000-4000-8000-000000000001', review: { canWrite: false, written: true, closesOn: '2027-03-18' } }),
      sampleBooking({ ...past, _id: '5f0c9d3e-0000-4000-8000-000000000002', review: null }),
    ]);
    expect(await screen.findAllByText('Past')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Write a review' })).toBeNull();
  });
});

describe('a request to book', () => {
  const waiting = sampleBooking({
    status: 'requested',
    state: 'requested',
    cancellable: false,
    keptCents: 0,
    request: { expiresAt: '2027-02-02T10:00:00.000Z', answer: null, answeredAt: null, message: null },
  });

  it('lets its guest withdraw it, and says the host answers by when', async () => {
    renderList('mine', [waiting]);
    expect(await screen.findByRole('button', { name: 'Withdraw request for Cabin by the lake' })).toBeTruthy();
    expect(screen.getByText('Awaiting host')).toBeTruthy();
    expect(screen.getByText(/^Host answers by /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it.each(['managed', 'requests'] as const)('lets its host accept or decline it (%s)', async (view) => {
    renderList(view, [waiting]);
    expect(await screen.findByRole('button', { name: 'Accept request from Gus Guest' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline request from Gus Guest' })).toBeTruthy();
    expect(screen.getByText(/^Answer by /)).toBeTruthy();
  });

  it('says how an ended request ended and that nothing was charged', async () => {
    const declined = sampleBooking({
      status: 'cancelled',
      state: 'cancelled',
      cancellable: false,
      keptCents: 0,
      request: { ...waiting.request!, answer: 'declined', answeredAt: '2027-02-01T12:00:00.000Z', message: 'Sorry' },
    });
    renderList('mine', [declined]);
    expect(await screen.findByText('Request declined · not charged')).toBeTruthy();
  });

  it("offers an empty Requests page the way to Manage Bookings", async () => {
    renderEmpty('requests');
    expect((await screen.findByRole('link', { name: 'Manage Bookings' })).getAttribute('href')).toBe('/dashboard/manage-bookings');
    expect(screen.getByText('No requests waiting')).toBeTruthy();
  });
});
