import { describe, expect, it } from 'vitest';
import {
  isAppPath,
  listingPricingPath,
  OPENED_FROM_MESSAGES,
  OPENED_FROM_PAYOUTS,
  OPENED_FROM_REQUESTS,
  openedFromCalendar,
  reviewPath,
  roomPath,
  statementOpenedFromPayouts,
  tripOpenedFrom,
  tripOriginPath,
  tripPath,
  tripReceiptPath,
} from './app-routes.js';

describe('isAppPath', () => {
  it.each([
    '/',
    '/login',
    '/signup',
    '/reset-password',
    '/auth/complete',
    '/room/5f0c9d3e-0000-4000-8000-000000000000',
    '/room/not-a-room-id',
    '/dashboard',
    '/dashboard/add-room',
    '/dashboard/my-listings',
    '/dashboard/calendar',
    '/dashboard/listings/5f0c9d3e-0000-4000-8000-000000000000/pricing',
    '/dashboard/manage-users',
    '/dashboard/my-bookings',
    '/dashboard/manage-bookings',
    '/dashboard/messages',
    '/dashboard/profile',
    '/dashboard/trips/5f0c9d3e-0000-4000-8000-000000000000',
    '/dashboard/trips/5f0c9d3e-0000-4000-8000-000000000000/receipt',
    '/dashboard/trips/5f0c9d3e-0000-4000-8000-000000000000/review',
    '/dashboard/',
    '/Login',
    '/DASHBOARD/Profile',
  ])('the app has a page at %s', (path) => {
    expect(isAppPath(path)).toBe(true);
  });

  it.each([
    '/no-such-page',
    '/room',
    '/room/',
    '/room/a/b',
    '/dashboard/nothing',
    '/dashboard/profile/more',
    '/dashboard/trips',
    '/dashboard/trips/x/invoice',
    '/dashboard/listings',
    '/dashboard/listings/x',
    '/auth',
    '/login/extra',
    '/room//x',
    '/%E0%A4%A',
    'login',
    '',
  ])('the app has no page at %j', (path) => {
    expect(isAppPath(path)).toBe(false);
  });
});

describe('link builders', () => {
  const bookingId = '5f0c9d3e-0000-4000-8000-000000000000';

  it("fills a page's parameters, each one path segment", () => {
    expect(tripPath(bookingId)).toBe(`/dashboard/trips/${bookingId}`);
    expect(tripReceiptPath(bookingId)).toBe(`/dashboard/trips/${bookingId}/receipt`);
    expect(reviewPath(bookingId)).toBe(`/dashboard/trips/${bookingId}/review`);
    expect(roomPath('a/b c')).toBe('/room/a%2Fb%20c');
    expect(listingPricingPath(bookingId)).toBe(`/dashboard/listings/${bookingId}/pricing`);
    for (const path of [tripPath(bookingId), tripReceiptPath(bookingId), reviewPath(bookingId), roomPath(bookingId), listingPricingPath(bookingId)]) {
      expect(isAppPath(path)).toBe(true);
    }
  });

  it('carries a stay to the room page, with guests only above one', () => {
    const stay = { checkin: '2026-06-01', checkout: '2026-06-04' };
    expect(roomPath('r1', stay)).toBe('/room/r1?checkin=2026-06-01&checkout=2026-06-04');
    expect(roomPath('r1', { ...stay, guests: 1 })).toBe('/room/r1?checkin=2026-06-01&checkout=2026-06-04');
    expect(roomPath('r1', { ...stay, guests: 3 })).toBe('/room/r1?checkin=2026-06-01&checkout=2026-06-04&guests=3');
  });

  it('reads back where a trip page was opened from, and nothing else', () => {
    expect(tripOpenedFrom(OPENED_FROM_MESSAGES)).toEqual(OPENED_FROM_MESSAGES);
    expect(tripOpenedFrom(OPENED_FROM_REQUESTS)).toEqual(OPENED_FROM_REQUESTS);
    expect(tripOpenedFrom(openedFromCalendar('?room=r1&month=2026-12'))).toEqual({ from: 'calendar', search: '?room=r1&month=2026-12' });
    expect(tripOpenedFrom(openedFromCalendar(''))).toEqual({ from: 'calendar' });
    expect(tripOpenedFrom({ from: 'elsewhere' })).toBeNull();
    expect(tripOpenedFrom({ from: 'toString' })).toBeNull();
    expect(tripOpenedFrom(null)).toBeNull();
    // A search that is not a query string is dropped: the way back stays on the page it names.
    expect(tripOpenedFrom({ from: 'calendar', search: '//evil.example' })).toEqual({ from: 'calendar' });
  });

  it('leads a trip back to the page it was opened from, with its query string', () => {
    expect(tripOriginPath(OPENED_FROM_MESSAGES)).toBe('/dashboard/messages');
    expect(tripOriginPath(OPENED_FROM_REQUESTS)).toBe('/dashboard/requests');
    expect(tripOriginPath(openedFromCalendar('?month=2026-12'))).toBe('/dashboard/calendar?month=2026-12');
  });

  it('tells a payout statement opened from Payouts from one opened anywhere else', () => {
    expect(statementOpenedFromPayouts(OPENED_FROM_PAYOUTS)).toBe(true);
    expect(statementOpenedFromPayouts(OPENED_FROM_MESSAGES)).toBe(false);
    expect(statementOpenedFromPayouts(null)).toBe(false);
  });
});
