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
  manageUsers: '/dashboard/manage-users',
  myBookings: '/dashboard/my-bookings',
  manageBookings: '/dashboard/manage-bookings',
  /** The threads of the signed-in user's bookings, as guest and as host. */
  messages: '/dashboard/messages',
  /** One stay, for its guest or the room's host (the API decides who may read it). */
  trip: '/dashboard/trips/:bookingId',
  /** The review form of a stay (its guest's or its host's side); the review invitation links here. */
  review: '/dashboard/trips/:bookingId/review',
  /** The stay's printable receipt. */
  tripReceipt: '/dashboard/trips/:bookingId/receipt',
  profile: '/dashboard/profile',
} as const;

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
