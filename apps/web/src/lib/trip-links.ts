import { APP_PATHS } from '@staybook/domain/app-routes';
import { generatePath } from 'react-router';

/*
 * Links to a stay's pages, for every feature that leads there (My Bookings, Messages, reviews) and the trips
 * feature itself: shared here, so those features never import each other.
 */

/** The trip page of a stay (the booking mails link here too). */
export function tripPath(bookingId: string): string {
  return generatePath(APP_PATHS.trip, { bookingId });
}

export function tripReceiptPath(bookingId: string): string {
  return generatePath(APP_PATHS.tripReceipt, { bookingId });
}

/**
 * The router state of a link to a trip page from Messages: the page's way back then leads to Messages. The
 * trip's own pages (the receipt) pass it on, so coming back from them keeps the way.
 */
export const OPENED_FROM_MESSAGES = { from: 'messages' } as const;

export type TripOpenedFrom = typeof OPENED_FROM_MESSAGES;

/** Where a trip page (or one of its own pages) was opened from, read from its router state: Messages, or nowhere it names. */
export function tripOpenedFrom(routerState: unknown): TripOpenedFrom | null {
  const from = typeof routerState === 'object' && routerState !== null && 'from' in routerState ? routerState.from : null;
  return from === OPENED_FROM_MESSAGES.from ? OPENED_FROM_MESSAGES : null;
}
