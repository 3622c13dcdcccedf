/*
 * After booking: the lists of stays, My Bookings for a guest and Manage Bookings for a host, paged by cursor, each
 * stay with the viewer's side of its reviews.
 */
import type { BookingsPage, IsoDate } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { ForbiddenError } from '../../errors.js';
import { isOwnEmail, type Actor } from '../../plugins/session.js';
import { guestScope, hostScope, listBookingRows, reviewedBookings, toBooking } from './bookings.queries.js';

/** My Bookings (`as: 'guest'`) or Manage Bookings (`as: 'host'`, stays in the actor's rooms). */
export async function listBookings(
  db: Db,
  { actor, as, cursor, limit, today }: { actor: Actor; as: 'guest' | 'host'; cursor?: string | undefined; limit: number; today?: IsoDate },
): Promise<BookingsPage> {
  const scope = as === 'guest' ? guestScope(actor.id) : hostScope(actor.id);
  // Unless a test fixes the day, each stay is judged by today where its room is.
  const page = await listBookingRows(db, { scope, today, cursor, limit });
  const written = await reviewedBookings(db, page.rows.map((r) => r.id), as);
  return { items: page.rows.map((r) => toBooking(r, today, { side: as, written: written.has(r.id) })), nextCursor: page.nextCursor };
}

/** The spec's `/my-bookings/:email` form: only the caller's own e-mail is answered. */
export function assertOwnEmail(actor: Actor, email: string): void {
  if (!isOwnEmail(actor, email)) throw new ForbiddenError('You can only see your own bookings.');
}

