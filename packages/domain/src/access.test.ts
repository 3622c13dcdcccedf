import { describe, expect, it } from 'vitest';
import {
  ACCESS,
  awaitsHostRole,
  hasDashboardModes,
  inSidebar,
  mayHaveHosted,
  mayUse,
  partyOf,
  rolesFor,
  statsViewOf,
  type Capability,
} from './access.js';
import { ROLES, type Role } from './users.js';

/** Every capability each role may use: the product's permission table (spec, section 6), read as one. */
const EXPECTED: Record<Role, Capability[]> = {
  guest: ['statistics', 'myBookings', 'messages', 'wishlists', 'becomeHost', 'profile'],
  host: ['statistics', 'hostStatistics', 'addRoom', 'myListings', 'hostCalendar', 'manageBookings', 'requests', 'payouts', 'earnings', 'removeRoom', 'myBookings', 'messages', 'wishlists', 'profile', 'webhooks'],
  admin: [
    'statistics',
    'adminStatistics',
    'removeRoom',
    'removeAnyRoom',
    'seeHostEmails',
    'manageUsers',
    'marketplaceFees',
    'finance',
    'seeAnyAccount',
    'hideReviews',
    'myBookings',
    'messages',
    'wishlists',
    'profile',
  ],
};

function sidebarOf(role: Role, mode: 'host' | 'guest'): Capability[] {
  return (Object.keys(ACCESS) as Capability[]).filter((capability) => inSidebar(role, mode, capability));
}

describe('the access table', () => {
  it.each(ROLES)('lets a %s use exactly its capabilities', (role) => {
    const allowed = (Object.keys(ACCESS) as Capability[]).filter((capability) => mayUse(role, capability));
    expect(allowed).toEqual(EXPECTED[role]);
  });

  it('hands the server the roles of each capability', () => {
    expect(rolesFor('addRoom')).toEqual(['host']);
    expect(rolesFor('removeRoom')).toEqual(['host', 'admin']);
    expect(rolesFor('manageUsers')).toEqual(['admin']);
    expect(rolesFor('marketplaceFees')).toEqual(['admin']);
    expect(rolesFor('payouts')).toEqual(['host']);
    expect(rolesFor('earnings')).toEqual(['host']);
    expect(rolesFor('adminStatistics')).toEqual(['admin']);
    expect(rolesFor('hostStatistics')).toEqual(['host']);
    expect(rolesFor('statistics')).toEqual(['guest', 'host', 'admin']);
  });

  it('lists the host pages in host mode and the guest ones in guest mode', () => {
    expect(sidebarOf('host', 'host')).toEqual(['statistics', 'addRoom', 'myListings', 'hostCalendar', 'manageBookings', 'requests', 'payouts', 'earnings', 'messages', 'wishlists', 'profile']);
    expect(sidebarOf('host', 'guest')).toEqual(['statistics', 'myBookings', 'messages', 'wishlists', 'profile']);
  });

  it('ignores the mode for guests and admins, and lists only what they may use', () => {
    for (const mode of ['host', 'guest'] as const) {
      expect(sidebarOf('guest', mode)).toEqual(['statistics', 'myBookings', 'messages', 'wishlists', 'becomeHost', 'profile']);
      expect(sidebarOf('admin', mode)).toEqual(['statistics', 'manageUsers', 'marketplaceFees', 'finance', 'messages', 'wishlists', 'profile']);
    }
    for (const role of ROLES) {
      for (const capability of sidebarOf(role, 'host').concat(sidebarOf(role, 'guest'))) expect(mayUse(role, capability)).toBe(true);
    }
  });

  it('shows the admin the marketplace, a host in host mode their rooms, everyone else their own stays', () => {
    for (const mode of ['host', 'guest'] as const) {
      expect(statsViewOf('admin', mode)).toBe('admin');
      expect(statsViewOf('guest', mode)).toBe('guest');
    }
    expect(statsViewOf('host', 'host')).toBe('host');
    expect(statsViewOf('host', 'guest')).toBe('guest');
    expect(ROLES.filter(hasDashboardModes)).toEqual(['host']);
  });

  it('knows a waiting host request, and who may have hosted stays', () => {
    expect(awaitsHostRole({ role: 'guest', status: 'Requested' })).toBe(true);
    expect(awaitsHostRole({ role: 'guest', status: 'Verified' })).toBe(false);
    expect(awaitsHostRole({ role: 'guest', status: null })).toBe(false);
    expect(awaitsHostRole({ role: 'host', status: 'Requested' })).toBe(false);
    expect(ROLES.filter(mayHaveHosted)).toEqual(['host', 'admin']);
  });
});

describe('the parties of a stay', () => {
  const stay = { guestId: 'guest-1', hostId: 'host-1' };

  it('answers the guest and the host, and nobody else (admins get no override)', () => {
    expect(partyOf(stay, { id: 'guest-1' })).toBe('guest');
    expect(partyOf(stay, { id: 'host-1' })).toBe('host');
    expect(partyOf(stay, { id: 'admin-1' })).toBeNull();
  });

  it('reads a stay in one’s own room as its guest’s', () => {
    expect(partyOf({ guestId: 'host-1', hostId: 'host-1' }, { id: 'host-1' })).toBe('guest');
  });
});
