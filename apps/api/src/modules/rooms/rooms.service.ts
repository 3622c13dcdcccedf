import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDollars, roomIdSchema, type CategoryLabel, type Room, type RoomsPage, type RoomSummary } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { bookings, rooms, users } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';

const host = alias(users, 'host');

/**
 * A room is booked when no night in it can be booked any more: every night from the later of its first
 * day and today where the room is (its time zone, docs/decisions/026-room-time-zone.md) up to its last day is covered by a confirmed stay, or that window has ended.
 * Confirmed stays never overlap (bookings_no_overlap), so the nights they cover within the window add up;
 * the sum reads bookings_room_confirmed_idx. A cancellation frees nights, and the room is bookable again.
 * See docs/decisions/011-booked-flag.md.
 */
const windowStart = sql`greatest(${rooms.availableFrom}, (now() at time zone ${rooms.timeZone})::date)`;
const bookedExpr = sql<boolean>`(${windowStart} >= ${rooms.availableTo} or coalesce((
  select sum(least(${bookings.checkOut}, ${rooms.availableTo}) - greatest(${bookings.checkIn}, ${windowStart}))
  from ${bookings}
  where ${bookings.roomId} = ${rooms.id}
    and ${bookings.status} = 'confirmed'
    and ${bookings.checkOut} > ${windowStart}
    and ${bookings.checkIn} < ${rooms.availableTo}
), 0) >= ${rooms.availableTo} - ${windowStart})`;

const roomColumns = {
  id: rooms.id,
  title: rooms.title,
  location: rooms.location,
  category: rooms.category,
  availableFrom: rooms.availableFrom,
  availableTo: rooms.availableTo,
  priceCents: rooms.priceCents,
  guests: rooms.guests,
  bedrooms: rooms.bedrooms,
  bathrooms: rooms.bathrooms,
  description: rooms.description,
  image: rooms.image,
  timeZone: rooms.timeZone,
  createdAt: rooms.createdAt,
  hostId: rooms.hostId,
  hostName: host.name,
  hostImage: host.image,
  booked: bookedExpr,
};

/** Rooms joined with their host, ready to be narrowed by a where clause. */
function selectRooms(db: Db) {
  return db.select(roomColumns).from(rooms).innerJoin(host, eq(host.id, rooms.hostId));
}

type RoomRow = Awaited<ReturnType<typeof selectRooms>>[number];

function toRoom(row: RoomRow): RoomSummary {
  return {
    _id: row.id,
    title: row.title,
    location: row.location,
    category: row.category,
    from: row.availableFrom,
    to: row.availableTo,
    price: centsToDollars(row.priceCents),
    priceCents: row.priceCents,
    guests: row.guests,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    description: row.description,
    image: row.image,
    host: { name: row.hostName, image: row.hostImage },
    booked: row.booked,
    timeZone: row.timeZone,
  };
}

/** The position after which the next page starts: the last item's (createdAt, id). */
type Cursor = { createdAt: Date; id: string };

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      const createdAt = new Date(typeof at === 'string' ? at : Number.NaN);
      const year = createdAt.getUTCFullYear();
      if (year >= 2000 && year <= 9999 && typeof id === 'string' && roomIdSchema.safeParse(id).success) {
        return { createdAt, id };
      }
    }
  } catch {
    // Falls through to the error below: a cursor the client altered or made up.
  }
  throw new BadRequestError('The page cursor is not valid; start again from the first page.', {
    cursor: 'Invalid cursor',
  });
}

/**
 * One page of live rooms matching `where`, newest first: browsing and My Listings alike. The order is
 * total (createdAt, then id), so paging with the returned cursor never repeats or skips a room.
 */
export async function pageOfRooms(
  db: Db,
  { where, cursor, limit }: { where: SQL[]; cursor?: string | undefined; limit: number },
): Promise<RoomsPage> {
  // Removed rooms stay for booking history only; the listing indexes cover live rooms.
  const conditions: SQL[] = [isNull(rooms.deletedAt), ...where];
  if (cursor) {
    const after = decodeCursor(cursor);
    // One row comparison, which the listing indexes (created_at desc, id desc) answer as a range: a later
    // page starts where the previous one ended instead of filtering every newer row again.
    conditions.push(sql`(${rooms.createdAt}, ${rooms.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await selectRooms(db)
    .where(and(...conditions))
    // NULLS LAST as the listing indexes were built (drizzle's desc() there): plain DESC means NULLS FIRST,
    // which no index matches, and PostgreSQL then sorts every live room to find a page.
    .orderBy(sql`${rooms.createdAt} desc nulls last`, sql`${rooms.id} desc nulls last`)
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toRoom),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/** Rooms newest first, optionally of one category, one page at a time. */
export async function listRooms(
  db: Db,
  params: { category?: CategoryLabel | undefined; cursor?: string | undefined; limit: number },
): Promise<RoomsPage> {
  const where = params.category ? [eq(rooms.category, params.category)] : [];
  return pageOfRooms(db, { where, cursor: params.cursor, limit: params.limit });
}

export const ROOM_NOT_FOUND_MESSAGE = 'Room not found. It may have been removed by its host.';

/**
 * The host's e-mail, for a viewer allowed to see it: the host themselves (so the page knows it is their own
 * listing), an admin, or a guest with a booking (any status) of any room of this host. Everyone else gets null. See docs/decisions/009-host-email-privacy.md.
 */
async function hostEmailFor(db: Db, viewer: Actor | null, hostId: string): Promise<string | null> {
  if (!viewer) return null;
  if (viewer.id === hostId) return viewer.email;
  if (viewer.role !== 'admin') {
    const [booking] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .where(and(eq(bookings.guestId, viewer.id), eq(rooms.hostId, hostId)))
      .limit(1);
    if (!booking) return null;
  }
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, hostId)).limit(1);
  return row?.email ?? null;
}

/** One room; the host's e-mail only for a viewer allowed to see it. */
export async function getRoom(db: Db, { id, viewer }: { id: string; viewer: Actor | null }): Promise<Room> {
  const [row] = await selectRooms(db)
    .where(and(eq(rooms.id, id), isNull(rooms.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  const room = toRoom(row);
  const email = await hostEmailFor(db, viewer, row.hostId);
  return email ? { ...room, host: { ...room.host, email } } : room;
}
