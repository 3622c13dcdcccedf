import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { StayRange, StayStatus } from '@staybook/domain';
import type { Db } from './client.js';
import { bookings } from './schema.js';
import { holdsNightsSql } from './stay-sql.js';

/** A stay holding a room's nights, and whether it is confirmed or a request waiting for the host. */
export type HeldStay = StayRange & { status: StayStatus };

/**
 * A room's stays holding nights (confirmed, or requested and waiting: `status` says which) that also meet `condition`
 * (on the bookings row), in check-in order: what a host's change must not take from under a guest (new dates that
 * leave a stay out, nights closed under one). Below the modules, so the rooms and calendar modules ask it without
 * importing the bookings module.
 */
export function heldStaysWhere(db: Db, roomId: string, condition: SQL): Promise<HeldStay[]> {
  return db
    .select({ from: bookings.checkIn, to: bookings.checkOut, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.roomId, roomId), holdsNightsSql(bookings.status), condition))
    .orderBy(asc(bookings.checkIn));
}
