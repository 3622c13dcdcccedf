import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-routes.js';

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
