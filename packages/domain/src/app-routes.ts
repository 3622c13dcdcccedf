import type { IsoDate } from './dates.js';

/**
 * Every path the web app has a page for. The app's route table is built from these, and the server
 * answers any other path with a 404 (still with the app, which shows its not-found screen).
 * `:name` stands for one path segment.
 */
export const APP_PATHS = {
  home: '/',
  room: '/room/:id',
  login: '/login',
  signup: '/signup',
  /** The password-reset e-mail's link. */
  resetPassword: '/reset-password',
  /** Where the verification e-mail's link lands once the server has checked it (`?error=` when it could not). */
  verifyEmail: '/verify-email',
  /** Where Google sign-in comes back to. */
  authComplete: '/auth/complete',
  dashboard: '/dashboard',
  addRoom: '/dashboard/add-room',
  myListings: '/dashboard/my-listings',
  hostCalendar: '/dashboard/calendar',
  /** One listing's prices, availability window and stay rules, for its host. */
  listingPricing: '/dashboard/listings/:id/pricing',
  manageUsers: '/dashboard/manage-users',
  /** The marketplace's fees (admins): the guest service fee and the host commission, with their history. */
  marketplaceFees: '/dashboard/fees',
  /** The marketplace's money per month, its CSV and the reconciliation with the provider (admins). */
  finance: '/dashboard/finance',
  /** Where a host is paid, their balances and their payouts. */
  payouts: '/dashboard/payouts',
  /** What a host earned and holds: per listing and per month, their payouts, and a CSV of their entries. */
  earnings: '/dashboard/earnings',
  /** One payout's printable statement: the stays it paid. */
  payoutStatement: '/dashboard/earnings/payouts/:payoutId',
  myBookings: '/dashboard/my-bookings',
  manageBookings: '/dashboard/manage-bookings',
  /** Requests to book the host's listings, waiting for their answer. */
  requests: '/dashboard/requests',
  /** The threads of the signed-in user's bookings, as guest and as host. */
  messages: '/dashboard/messages',
  /** One stay, for its guest or the room's host (the API decides who may read it). */
  trip: '/dashboard/trips/:bookingId',
  /** The review form of a stay (its guest's or its host's side); the review invitation links here. */
  review: '/dashboard/trips/:bookingId/review',
  /** The stay's printable receipt. */
  tripReceipt: '/dashboard/trips/:bookingId/receipt',
  profile: '/dashboard/profile',
  /** The signed-in person's wishlists, and one of them with its homes. */
  wishlists: '/dashboard/wishlists',
  wishlist: '/dashboard/wishlists/:id',
  /** A wishlist its owner shared by a private link: read-only, for anyone who has the link. */
  sharedWishlist: '/wishlists/shared/:token',
} as const;

/**
 * `pattern` with each `:name` filled from `params`, each value encoded as one path segment (as the router's
 * `generatePath` does, so a link built here is the address the router matches).
 */
function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/*
 * Link builders: every link to a page with parameters is built here, by the web app and by the API's mails and
 * calendar files alike, so a page's address is written once (in APP_PATHS).
 */

/**
 * The stay a link to a room page carries: a dated search's check-in and check-out, and its guests when more than
 * one. The room page reads them back with the search's own names (apps/web/src/features/bookings/utils/stay-link.ts).
 */
export type RoomLinkStay = { checkin: IsoDate; checkout: IsoDate; guests?: number | undefined };

/** A room's page; with a stay, the page opens with its dates (and guests) chosen. */
export function roomPath(roomId: string, stay: RoomLinkStay | null = null): string {
  const path = fillPath(APP_PATHS.room, { id: roomId });
  if (!stay) return path;
  // Dates (YYYY-MM-DD) and a whole number need no encoding.
  const guests = stay.guests !== undefined && stay.guests > 1 ? `&guests=${stay.guests}` : '';
  return `${path}?checkin=${stay.checkin}&checkout=${stay.checkout}${guests}`;
}

/** The Pricing and availability page of one of the host's listings. */
export const listingPricingPath = (roomId: string): string => fillPath(APP_PATHS.listingPricing, { id: roomId });

/** The trip page of a stay, for its guest or the room's host (the booking mails and calendar files link here too). */
export const tripPath = (bookingId: string): string => fillPath(APP_PATHS.trip, { bookingId });

/** The stay's printable receipt. */
export const tripReceiptPath = (bookingId: string): string => fillPath(APP_PATHS.tripReceipt, { bookingId });

/** A payout's printable statement (the Earnings and Payouts pages link here). */
export const payoutStatementPath = (payoutId: string): string => fillPath(APP_PATHS.payoutStatement, { payoutId });

/** One of the person's wishlists. */
export const wishlistPath = (listId: string): string => fillPath(APP_PATHS.wishlist, { id: listId });

/** A shared wishlist's private link (a path: the page prefixes the origin to copy it). */
export const sharedWishlistPath = (token: string): string => fillPath(APP_PATHS.sharedWishlist, { token });

/** The stay's review page (the review invitation mail links here too). */
export const reviewPath = (bookingId: string): string => fillPath(APP_PATHS.review, { bookingId });

/**
 * The pages a trip page can be opened from that its way back leads to again (issue 35: every 'Back' returns where
 * the person came from): Messages, a host's Requests and a host's Calendar. Anywhere else leads back to the viewer's
 * list of stays (My Bookings or Manage Bookings).
 */
export const TRIP_ORIGINS = { messages: APP_PATHS.messages, requests: APP_PATHS.requests, calendar: APP_PATHS.hostCalendar } as const;

export type TripOrigin = keyof typeof TRIP_ORIGINS;

/**
 * The router state of a link to a trip page from one of TRIP_ORIGINS: `search` is the query string the page had
 * (the Calendar's listing and month), so the way back returns to the same view. The trip's own pages (the receipt,
 * the review page) pass it on, so coming back from them keeps the way.
 */
export interface TripOpenedFrom {
  from: TripOrigin;
  search?: string;
}

export const OPENED_FROM_MESSAGES = { from: 'messages' } as const satisfies TripOpenedFrom;
export const OPENED_FROM_REQUESTS = { from: 'requests' } as const satisfies TripOpenedFrom;

/** The router state of a link to a trip page from the host's Calendar showing `search` ('?room=…&month=…' or ''). */
export function openedFromCalendar(search: string): TripOpenedFrom {
  return search ? { from: 'calendar', search } : { from: 'calendar' };
}

/** Where a trip page (or one of its own pages) was opened from, read from its router state; null for anywhere else. */
export function tripOpenedFrom(routerState: unknown): TripOpenedFrom | null {
  if (typeof routerState !== 'object' || routerState === null || !('from' in routerState)) return null;
  const { from } = routerState;
  if (typeof from !== 'string' || !Object.hasOwn(TRIP_ORIGINS, from)) return null;
  const search = 'search' in routerState ? routerState.search : undefined;
  // Only a query string: the way back stays on the origin's own page, whatever the state says.
  return typeof search === 'string' && /^\?[^#]*$/.test(search) ? { from: from as TripOrigin, search } : { from: from as TripOrigin };
}

/** The address a trip page opened from `openedFrom` leads back to. */
export function tripOriginPath(openedFrom: TripOpenedFrom): string {
  return `${TRIP_ORIGINS[openedFrom.from]}${openedFrom.search ?? ''}`;
}

/** The router state of a link to a payout statement from Payouts: the statement's way back then leads to Payouts. */
export const OPENED_FROM_PAYOUTS = { from: 'payouts' } as const;

/** Whether a payout statement was opened from Payouts, read from its router state (else it leads back to Earnings). */
export function statementOpenedFromPayouts(routerState: unknown): boolean {
  return typeof routerState === 'object' && routerState !== null && 'from' in routerState && routerState.from === OPENED_FROM_PAYOUTS.from;
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const PATTERNS = Object.values(APP_PATHS).map(segments);

/**
 * Whether the app has a page at `pathname` (no query string), matched as the app's router matches:
 * ignoring letter case and a trailing slash, a `:name` standing for any one non-empty segment.
 */
export function isAppPath(pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return false;
  }
  // Empty segments in the middle ('/room//x') match nothing in the router either.
  if (/\/\/./.test(decoded)) return false;
  const parts = segments(decoded);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(':') || segment.toLowerCase() === parts[i]!.toLowerCase()),
  );
}
