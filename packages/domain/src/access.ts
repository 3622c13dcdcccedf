import { APP_PATHS } from './app-routes.js';
import type { Role } from './users.js';

/**
 * Who may use what in the dashboard, in one place: the web app's route guards and sidebar read it, and the
 * server guards the matching API routes with the same roles (docs/decisions/014-access-table.md).
 */

/** A host may browse the dashboard as a guest; the mode only changes what the sidebar offers. */
export type DashboardMode = 'host' | 'guest';
export const DASHBOARD_MODES = ['host', 'guest'] as const satisfies readonly DashboardMode[];

const EVERYONE = ['guest', 'host', 'admin'] as const satisfies readonly Role[];

interface Access {
  /** The roles that may open the page or use the capability (and the matching API routes). */
  roles: readonly Role[];
  /** The dashboard page, when the capability is one. */
  path?: string;
  /** The roles whose sidebar lists the page (a page may be open to more roles than list it). */
  sidebar?: readonly Role[];
  /** For a host, the dashboard mode whose sidebar lists it; without it, both modes do. */
  hostMode?: DashboardMode;
}

export const ACCESS = {
  statistics: { roles: EVERYONE, path: APP_PATHS.dashboard, sidebar: EVERYONE },
  addRoom: { roles: ['host'], path: APP_PATHS.addRoom, sidebar: ['host'], hostMode: 'host' },
  /** My Listings, and changing one's own rooms there. */
  myListings: { roles: ['host'], path: APP_PATHS.myListings, sidebar: ['host'], hostMode: 'host' },
  manageBookings: { roles: ['host'], path: APP_PATHS.manageBookings, sidebar: ['host'], hostMode: 'host' },
  /** Removing a listing: its host, or an admin taking down an abusive one (not a page of its own). */
  removeRoom: { roles: ['host', 'admin'] },
  manageUsers: { roles: ['admin'], path: APP_PATHS.manageUsers, sidebar: ['admin'] },
  /** Hiding a review that breaks the rules, from the room page (not a page of its own). */
  hideReviews: { roles: ['admin'] },
  /** Open to every signed-in user (the spec's route table); listed for guests and hosts in guest mode. */
  myBookings: { roles: EVERYONE, path: APP_PATHS.myBookings, sidebar: ['guest', 'host'], hostMode: 'guest' },
  /** The threads of one's bookings (as guest or host): every signed-in user, in every mode. */
  messages: { roles: EVERYONE, path: APP_PATHS.messages, sidebar: EVERYONE },
  /** Asking an admin for the host role. */
  becomeHost: { roles: ['guest'], sidebar: ['guest'] },
  profile: { roles: EVERYONE, path: APP_PATHS.profile, sidebar: EVERYONE },
} as const satisfies Record<string, Access>;

export type Capability = keyof typeof ACCESS;

/** The roles allowed a capability, as the server's `requireRole(...)` takes them. */
export function rolesFor(capability: Capability): Role[] {
  return [...ACCESS[capability].roles];
}

export function mayUse(role: Role, capability: Capability): boolean {
  return (ACCESS[capability].roles as readonly Role[]).includes(role);
}

/** Whether the sidebar of a user with `role`, in dashboard `mode` (read for hosts only), lists the capability. */
export function inSidebar(role: Role, mode: DashboardMode, capability: Capability): boolean {
  const access: Access = ACCESS[capability];
  if (!access.sidebar?.includes(role)) return false;
  return role !== 'host' || access.hostMode === undefined || access.hostMode === mode;
}
