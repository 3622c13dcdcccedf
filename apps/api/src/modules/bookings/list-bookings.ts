/*
 * After booking: the lists of stays, My Bookings for a guest and Manage Bookings for a host, paged by cursor, each
 * stay with the viewer's side of its reviews.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { BookingsPage, IsoDate, RequestCount } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { bookings, rooms } from '../../db/schema.js';
import { ForbiddenError } from '../../errors.js';
import { isOwnEmail, type Actor } from '../../plugins/session.js';
import { guestScope, hostScope, listBookingRows, reviewedBookings, toBooking } from './bookings.queries.js';

/**
 * My Bookings (`as: 'guest'`) or Manage Bookings (`as: 'host'`, stays in the actor's rooms); `waiting`, only the
 * requests that wait for an answer (the host's Requests page).
 */
export async function listBookings(
  db: Db,
  {
    actor,
    as,
    cursor,
    limit,
    today,
    waiting = false,
  }: { actor: Actor; as: 'guest' | 'host'; cursor?: string | undefined; limit: number; today?: IsoDate; waiting?: boolean },
): Promise<BookingsPage> {
  const own = as === 'guest' ? guestScope(actor.id) : hostScope(actor.id);
  const scope = waiting ? and(own, eq(bookings.status, 'requested'))! : own;
  // Unless a test fixes the day, each stay is judged by today where its room is.
  const page = await listBookingRows(db, { scope, today, cursor, limit });
  const written = await reviewedBookings(db, page.rows.map((r) => r.id), as);
  return { items: page.rows.map((r) => toBooking(r, today, { side: as, written: written.has(r.id) })), nextCursor: page.nextCursor };
}

/** The spec's `/my-bookings/:email` form: only the caller's own e-mail is answered. */
export function assertOwnEmail(actor: Actor, email: string): void {
  if (!isOwnEmail(actor, email)) throw new ForbiddenError(/*i18n*/ 'You can only see your own bookings.');
}


/** How many requests wait for the host's answer (the sidebar's count), through rooms_host_idx. */
export async function countWaitingRequests(db: Db, hostId: string): Promise<RequestCount> {
  const [row] = await db
    .select({ waiting: count() })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(and(eq(rooms.hostId, hostId), eq(bookings.status, 'requested'), sql`${bookings.requestExpiresAt} > now()`));
  return { waiting: Number(row?.waiting ?? 0) };
}
