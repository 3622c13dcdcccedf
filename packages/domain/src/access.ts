import { APP_PATHS } from './app-routes.js';
import type { StatsView } from './stats.js';
import type { Role, UserStatus } from './users.js';

/**
 * Who may use what, in one place: the web app's route guards and sidebar read it, the server guards the matching
 * API routes with the same roles, and the services ask it for their admin overrides (docs/decisions/014-access-table.md).
 * Roles are compared here and nowhere else: the linter refuses a comparison of a role outside this module.
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
  /** The dashboard's statistics page, and one's own figures as a guest on it. */
  statistics: { roles: EVERYONE, path: APP_PATHS.dashboard, sidebar: EVERYONE },
  /** The marketplace's figures (the statistics page of an admin). */
  adminStatistics: { roles: ['admin'] },
  /** The figures of one's own rooms (the statistics page of a host in host mode). */
  hostStatistics: { roles: ['host'] },
  addRoom: { roles: ['host'], path: APP_PATHS.addRoom, sidebar: ['host'], hostMode: 'host' },
  /** My Listings, and changing one's own rooms there. */
  myListings: { roles: ['host'], path: APP_PATHS.myListings, sidebar: ['host'], hostMode: 'host' },
  /** The host calendar: blocking, pricing and noting one's own listings' nights. */
  hostCalendar: { roles: ['host'], path: APP_PATHS.hostCalendar, sidebar: ['host'], hostMode: 'host' },
  manageBookings: { roles: ['host'], path: APP_PATHS.manageBookings, sidebar: ['host'], hostMode: 'host' },
  /** Requests to book one's listings, to accept or decline within 24 hours (decision 049); the sidebar counts them. */
  requests: { roles: ['host'], path: APP_PATHS.requests, sidebar: ['host'], hostMode: 'host' },
  /** Setting up payouts and following them (decision 049). */
  payouts: { roles: ['host'], path: APP_PATHS.payouts, sidebar: ['host'], hostMode: 'host' },
  /** What one's stays earned: per listing and per month, each payout's statement, the entries as CSV (decision 049). */
  earnings: { roles: ['host'], path: APP_PATHS.earnings, sidebar: ['host'], hostMode: 'host' },
  /** Removing a listing: its host, or an admin taking down an abusive one (not a page of its own). */
  removeRoom: { roles: ['host', 'admin'] },
  /** Removing someone else's listing: the admin's override of the host-only rule. */
  removeAnyRoom: { roles: ['admin'] },
  /** Seeing a room's host e-mail without a booking with that host (decision 009). */
  seeHostEmails: { roles: ['admin'] },
  manageUsers: { roles: ['admin'], path: APP_PATHS.manageUsers, sidebar: ['admin'] },
  /** Setting the marketplace's fees (decision 049). */
  marketplaceFees: { roles: ['admin'], path: APP_PATHS.marketplaceFees, sidebar: ['admin'] },
  /** The marketplace's money: figures per month, their CSV, the reconciliation with the provider (decision 049). */
  finance: { roles: ['admin'], path: APP_PATHS.finance, sidebar: ['admin'] },
  /** Reading someone else's user record by e-mail (everyone reads their own). */
  seeAnyAccount: { roles: ['admin'] },
  /** Hiding a review that breaks the rules, from the room page (not a page of its own). */
  hideReviews: { roles: ['admin'] },
  /** Open to every signed-in user (the spec's route table); listed for guests and hosts in guest mode. */
  myBookings: { roles: EVERYONE, path: APP_PATHS.myBookings, sidebar: ['guest', 'host'], hostMode: 'guest' },
  /** The threads of one's bookings (as guest or host): every signed-in user, in every mode. */
  messages: { roles: EVERYONE, path: APP_PATHS.messages, sidebar: EVERYONE },
  /** The homes one saved, in named lists (decision 052): every signed-in user, in every mode. */
  wishlists: { roles: EVERYONE, path: APP_PATHS.wishlists, sidebar: EVERYONE },
  /** Asking an admin for the host role. */
  becomeHost: { roles: ['guest'], sidebar: ['guest'] },
  profile: { roles: EVERYONE, path: APP_PATHS.profile, sidebar: EVERYONE },
  /** Webhook endpoints that hear of one's stays, payouts and calendars (a section of Profile; decision 056). */
  webhooks: { roles: ['host'] },
} as const satisfies Record<string, Access>;

export type Capability = keyof typeof ACCESS;

/** The roles allowed a capability, as the server's `requireRole(...)` takes them. */
export function rolesFor(capability: Capability): Role[] {
  return [...ACCESS[capability].roles];
}

export function mayUse(role: Role, capability: Capability): boolean {
  return (ACCESS[capability].roles as readonly Role[]).includes(role);
}

/**
 * Whether the role browses the dashboard in a mode (hosts switch between host and guest): its sidebar lists pages
 * of each mode. Others have one view.
 */
export function hasDashboardModes(role: Role): boolean {
  const pages: readonly Access[] = Object.values(ACCESS);
  return DASHBOARD_MODES.every((mode) => pages.some((access) => access.sidebar?.includes(role) && access.hostMode === mode));
}

/** Whether the sidebar of a user with `role`, in dashboard `mode` (read for hosts only), lists the capability. */
export function inSidebar(role: Role, mode: DashboardMode, capability: Capability): boolean {
  const access: Access = ACCESS[capability];
  if (!access.sidebar?.includes(role)) return false;
  return !hasDashboardModes(role) || access.hostMode === undefined || access.hostMode === mode;
}

/**
 * Which statistics the dashboard shows: the marketplace's to an admin, a host's own rooms' in host mode, and
 * everyone else's (a host in guest mode included) their own stays as a guest.
 */
export function statsViewOf(role: Role, mode: DashboardMode): StatsView {
  if (mayUse(role, 'adminStatistics')) return 'admin';
  if (mayUse(role, 'hostStatistics') && mode === 'host') return 'host';
  return 'guest';
}

/** A guest who asked to become a host and awaits an admin's answer. */
export function awaitsHostRole(user: { role: Role; status?: UserStatus | null | undefined }): boolean {
  return mayUse(user.role, 'becomeHost') && user.status === 'Requested';
}

/**
 * Whether someone with this role may have hosted stays: hosts, and admins (who may have been hosts before). Manage
 * Users counts their cancellations as a host; for a guest it shows none.
 */
export function mayHaveHosted(role: Role): boolean {
  // Not read from ACCESS: it is about a person's past (an admin may once have hosted), not what the role may use now.
  return role !== 'guest';
}

/** The two parties of a stay: its guest and the room's host. */
export type StayParty = 'guest' | 'host';

/**
 * Which party of the stay this person is, or null when neither: the one answer to who may see a trip, its thread,
 * its reviews and cancel it. Admins get no override: to anyone but the two parties a stay does not exist. A stay in
 * one's own room (the booking rules refuse it) reads as its guest's.
 */
export function partyOf(stay: { guestId: string; hostId: string }, person: { id: string }): StayParty | null {
  if (person.id === stay.guestId) return 'guest';
  if (person.id === stay.hostId) return 'host';
  return null;
}

/**
 * What a personal access token may call (decision 056): each scope lists the API calls it opens, as `METHOD route`
 * in the server's route syntax. A call no scope of the token lists is refused, so a token never reaches the
 * account's own settings (profile, e-mail, password, tokens, webhooks), nor anything added later until a scope
 * lists it; the services' ownership checks still decide whose data an opened call reads.
 */
export const TOKEN_SCOPES = {
  readBookings: {
    label: /*i18n*/ 'Read bookings',
    calls: [
      'GET /api/my-bookings',
      'GET /api/my-bookings/:email',
      'GET /api/manage-bookings',
      'GET /api/manage-bookings/:email',
      'GET /api/requests',
      'GET /api/requests/count',
      'GET /api/trips/:bookingId',
      'GET /api/booking/:id/calendar.ics',
    ],
  },
  manageCalendar: {
    label: /*i18n*/ 'Manage calendar and prices',
    calls: [
      'GET /api/my-listings',
      'GET /api/room/:id/calendar',
      'GET /api/room/:id/calendar/nights',
      'PUT /api/room/:id/calendar/nights',
      'POST /api/room/:id/calendar/imports',
      'DELETE /api/room/:id/calendar/imports/:importId',
      'POST /api/room/:id/calendar/sync',
    ],
  },
  readEarnings: {
    label: /*i18n*/ 'Read earnings',
    calls: ['GET /api/earnings', 'GET /api/earnings/payouts/:payoutId', 'GET /api/earnings/entries.csv', 'GET /api/payouts'],
  },
} as const satisfies Record<string, { label: string; calls: readonly string[] }>;

export type TokenScope = keyof typeof TOKEN_SCOPES;
export const TOKEN_SCOPE_NAMES = Object.keys(TOKEN_SCOPES) as [TokenScope, ...TokenScope[]];

/** Whether a token with these scopes may make the call (`route` as the server registered it, `/api/...`). */
export function tokenMayCall(scopes: readonly TokenScope[], method: string, route: string): boolean {
  const call = `${method === 'HEAD' ? 'GET' : method} ${route}`;
  return scopes.some((scope) => (TOKEN_SCOPES[scope]?.calls as readonly string[] | undefined)?.includes(call) ?? false);
}
