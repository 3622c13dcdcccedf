import { describe, expect, it } from 'vitest';
import { ACCESS, inSidebar, mayUse, rolesFor, type Capability } from './access.js';
import { ROLES, type Role } from './users.js';

/** Every capability each role may use: the product's permission table (spec, section 6), read as one. */
const EXPECTED: Record<Role, Capability[]> = {
  guest: ['statistics', 'myBookings', 'messages', 'becomeHost', 'profile'],
  host: ['statistics', 'addRoom', 'myListings', 'manageBookings', 'removeRoom', 'myBookings', 'messages', 'profile'],
  admin: ['statistics', 'removeRoom', 'manageUsers', 'hideReviews', 'myBookings', 'messages', 'profile'],
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
  });

  it('lists the host pages in host mode and the guest ones in guest mode', () => {
    expect(sidebarOf('host', 'host')).toEqual(['statistics', 'addRoom', 'myListings', 'manageBookings', 'messages', 'profile']);
    expect(sidebarOf('host', 'guest')).toEqual(['statistics', 'myBookings', 'messages', 'profile']);
  });

  it('ignores the mode for guests and admins, and lists only what they may use', () => {
    for (const mode of ['host', 'guest'] as const) {
      expect(sidebarOf('guest', mode)).toEqual(['statistics', 'myBookings', 'messages', 'becomeHost', 'profile']);
      expect(sidebarOf('admin', mode)).toEqual(['statistics', 'manageUsers', 'messages', 'profile']);
    }
    for (const role of ROLES) {
      for (const capability of sidebarOf(role, 'host').concat(sidebarOf(role, 'guest'))) expect(mayUse(role, capability)).toBe(true);
    }
  });
});
