import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  addDays,
  MAX_CALENDAR_IMPORTS,
  partyOf,
  todayIn,
  type CalendarImport,
  type RoomCalendar,
  type StayRange,
} from '@staybook/domain';
import { calendarSyncReasons } from '@staybook/domain/calendar-sync-reasons';
import { withTransaction, type Db } from '../../db/client.js';
import { bookings, calendarBlocks, calendarImports, rooms } from '../../db/schema.js';
import { dateValue, holdsNightsSql, stayNotEndedSql } from '../../db/stay-sql.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, ROOM_NOT_FOUND_MESSAGE } from '../../errors.js';
import { bookingCalendar, bookingCalendarFilename, bookingUid, writeCalendar } from '../../integrations/calendar/ics.js';
import type { CalendarReader } from '../../integrations/calendar/read-calendar.js';
import { CalendarFetchError, checkedAddress, fetchCalendarText, type FetchLimits } from '../../integrations/calendar/safe-fetch.js';
import type { Actor } from '../../plugins/session.js';
import { findBookingRow } from '../bookings/bookings.queries.js';
import type { ListingChanges } from '../../listing-changes.js';
import { mapLimited } from '../../map-limited.js';
import type { Log } from '../../log.js';

/** Calendar sync (docs/decisions/030-calendar-sync.md): the export feed, booking events, and imported calendars. */

export type CalendarDeps = {
  db: Db;
  publicUrl: string;
  listing: ListingChanges;
  log: Log;
  limits: FetchLimits;
  /** Reads fetched calendars off the event loop (a calendar's cost is its author's to choose). */
  reader: CalendarReader;
  /** How long after a fetch an import is due again. */
  intervalMs: number;
};

/** How far back the export still lists stays, so a calendar keeps the recent past. */
export const EXPORT_PAST_DAYS = 60;

const BOOKING_NOT_FOUND = /*i18n*/ 'Booking not found.';
const IMPORT_NOT_FOUND = /*i18n*/ 'This imported calendar was not found. It may have been removed.';

// ---- A booking's own event ('Add to calendar') ----

/** A booking's .ics for its guest or its room's host; anyone else (admins too) hears that it does not exist. */
export async function bookingCalendarFile(deps: Pick<CalendarDeps, 'db' | 'publicUrl'>, { actor, bookingId }: { actor: Actor; bookingId: string }) {
  const row = await findBookingRow(deps.db, eq(bookings.id, bookingId));
  if (!row || !partyOf(row, actor)) throw new NotFoundError(BOOKING_NOT_FOUND);
  const stay = { bookingId: row.id, reference: row.reference, title: row.title, location: row.location, from: row.checkIn, to: row.checkOut };
  return { filename: bookingCalendarFilename(row.reference), body: bookingCalendar(stay, deps.publicUrl, row.status) };
}

// ---- The export feed ----

/**
 * The room's feed for other sites: its confirmed stays that end after `EXPORT_PAST_DAYS` ago, each as a busy
 * 'Reserved' event with nothing about the guest. An unknown token is a room that does not exist.
 */
export async function exportFeed(db: Db, token: string): Promise<string> {
  const [room] = await db
    .select({ id: rooms.id, title: rooms.title, timeZone: rooms.timeZone })
    .from(rooms)
    .where(and(eq(rooms.calendarToken, token), isNull(rooms.deletedAt)))
    .limit(1);
  if (!room) throw new NotFoundError(/*i18n*/ 'This calendar link does not exist. The host may have made a new one.');
  const since = addDays(todayIn(room.timeZone), -EXPORT_PAST_DAYS);
  const stays = await db
    .select({ id: bookings.id, from: bookings.checkIn, to: bookings.checkOut })
    .from(bookings)
    .where(and(eq(bookings.roomId, room.id), holdsNightsSql(bookings.status), stayNotEndedSql(bookings.checkOut, dateValue(since))))
    .orderBy(asc(bookings.checkIn));
  return writeCalendar(
    stays.map((s) => ({ uid: bookingUid(s.id), from: s.from, to: s.to, summary: 'Reserved', sequence: 0 })),
    { name: `StayBook: ${room.title}` },
  );
}

/** A new export secret: 32 random bytes, as long as it is unguessable. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function exportUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/calendar/${token}.ics`;
}

// ---- The host's side ----

/** The live room, if the actor is its host (403 for another's room, 404 for none, as the room routes answer). */
async function hostedRoom(db: Db, actor: Actor, roomId: string) {
  const [room] = await db
    .select({ id: rooms.id, hostId: rooms.hostId, token: rooms.calendarToken, timeZone: rooms.timeZone })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), isNull(rooms.deletedAt)))
    .limit(1);
  if (!room) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  if (room.hostId !== actor.id) throw new ForbiddenError(/*i18n*/ 'Only the host of this room can manage its calendar.');
  return room;
}

function toImport(row: typeof calendarImports.$inferSelect): CalendarImport {
  return {
    id: row.id,
    url: row.url,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    lastError: row.lastError,
    // Kept since migration 0034; before it, only the English (which a page reads back into its fact).
    lastErrorReason: row.lastErrorReason?.code ? { code: row.lastErrorReason.code, ...(row.lastErrorReason.fact === undefined ? {} : { fact: row.lastErrorReason.fact }) } : null,
    blockCount: row.blockCount,
  };
}

/** A room's imports, oldest first (at most MAX_CALENDAR_IMPORTS, so one page). */
async function listImports(db: Db, roomId: string): Promise<CalendarImport[]> {
  const rows = await db.select().from(calendarImports).where(eq(calendarImports.roomId, roomId)).orderBy(asc(calendarImports.createdAt), asc(calendarImports.id));
  return rows.map(toImport);
}

/** The dialog's state: the export URL (its token made on the first read) and the imports. */
export async function getRoomCalendar(deps: CalendarDeps, { actor, roomId }: { actor: Actor; roomId: string }): Promise<RoomCalendar> {
  const room = await hostedRoom(deps.db, actor, roomId);
  let token = room.token;
  if (!token) {
    // Two first reads at once: the one that writes first wins, the other reads its token.
    await deps.db.update(rooms).set({ calendarToken: newToken() }).where(and(eq(rooms.id, roomId), isNull(rooms.calendarToken)));
    token = (await deps.db.select({ token: rooms.calendarToken }).from(rooms).where(eq(rooms.id, roomId)))[0]!.token!;
  }
  return { exportUrl: exportUrl(deps.publicUrl, token), imports: await listImports(deps.db, roomId) };
}

/** 'Regenerate link': a new secret, so the old URL stops working at once. */
export async function regenerateExportUrl(deps: CalendarDeps, { actor, roomId }: { actor: Actor; roomId: string }): Promise<RoomCalendar> {
  await hostedRoom(deps.db, actor, roomId);
  await deps.db.update(rooms).set({ calendarToken: newToken() }).where(eq(rooms.id, roomId));
  return getRoomCalendar(deps, { actor, roomId });
}

/**
 * 'Import calendar URL': the address is checked (http/https, a public address unless allowed), kept, and fetched
 * at once, so the host sees straight away whether it works.
 */
export async function addImport(deps: CalendarDeps, { actor, roomId, url }: { actor: Actor; roomId: string; url: string }): Promise<CalendarImport> {
  const room = await hostedRoom(deps.db, actor, roomId);
  try {
    await checkedAddress(new URL(url), deps.limits.allowHosts, deps.limits.resolveHost);
  } catch (err) {
    const message = err instanceof CalendarFetchError ? err.message : /*i18n*/ 'Enter a web address starting with https:// or http://';
    throw new BadRequestError(message, { url: message });
  }
  const row = await withTransaction(deps.db, async (tx) => {
    // Two adds at once count one after the other: the room's row is locked until the new import is in.
    await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, room.id)).for('update');
    const [{ n = 0 } = {}] = await tx.select({ n: count() }).from(calendarImports).where(eq(calendarImports.roomId, roomId));
    if (n >= MAX_CALENDAR_IMPORTS) {
      const message = calendarSyncReasons.tooManyImports(MAX_CALENDAR_IMPORTS);
      throw new BadRequestError(message, { url: message });
    }
    const [inserted] = await tx.insert(calendarImports).values({ roomId: room.id, url }).onConflictDoNothing().returning();
    if (!inserted) throw new ConflictError(/*i18n*/ 'This calendar is already imported for this room.');
    return inserted;
  });
  await syncImport(deps, row);
  return toImport((await deps.db.select().from(calendarImports).where(eq(calendarImports.id, row.id)))[0]!);
}

/** 'Remove': the import and the nights it blocked go. */
export async function removeImport(deps: CalendarDeps, { actor, roomId, importId }: { actor: Actor; roomId: string; importId: string }): Promise<void> {
  await hostedRoom(deps.db, actor, roomId);
  const removed = await withTransaction(deps.db, async (tx) => {
    const gone = await tx.delete(calendarImports).where(and(eq(calendarImports.id, importId), eq(calendarImports.roomId, roomId))).returning({ id: calendarImports.id });
    if (gone.length > 0) await deps.listing.announce(tx, roomId);
    return gone.length > 0;
  });
  if (!removed) throw new NotFoundError(IMPORT_NOT_FOUND);
  deps.listing.forget(roomId);
}

/**
 * 'Sync now': every import of the room fetched at once, so the host waits for the slowest fetch (each has its own time
 * limit) rather than for all of them one after the other; answers the list with the outcomes.
 */
export async function syncRoomNow(deps: CalendarDeps, { actor, roomId }: { actor: Actor; roomId: string }): Promise<RoomCalendar> {
  const room = await hostedRoom(deps.db, actor, roomId);
  const rows = await deps.db.select().from(calendarImports).where(eq(calendarImports.roomId, roomId));
  const reads = await Promise.all(rows.map((row) => readImport(deps, row, room.timeZone)));
  // Recorded one at a time: each takes the room's row lock, and waiting for it together would hold a connection each.
  for (const [i, row] of rows.entries()) await recordImport(deps, row, reads[i]!);
  return getRoomCalendar(deps, { actor, roomId });
}

// ---- Fetching ----

/**
 * Fetches one import and records the outcome. A good calendar replaces the import's blocks in one transaction that
 * first locks the room's row for update: a booking share-locks it, so the booking either sees the new blocks or
 * commits before them. A failed fetch records why and keeps the blocks of the last good one (an outage of the other
 * site must not open nights it had taken).
 */
export async function syncImport(deps: CalendarDeps, row: ImportRow): Promise<'synced' | 'failed'> {
  const [room] = await deps.db.select({ timeZone: rooms.timeZone, deletedAt: rooms.deletedAt }).from(rooms).where(eq(rooms.id, row.roomId));
  // A removed room takes no bookings: its imports are not fetched.
  if (!room || room.deletedAt) return 'failed';
  return recordImport(deps, row, await readImport(deps, row, room.timeZone));
}

type ImportRow = { id: string; roomId: string; url: string };

/** What one fetch of an import found, and when the import is due again. */
type ImportRead = { nextFetchAt: Date } & ({ ranges: StayRange[] } | { failure: CalendarFetchError });

/**
 * Fetches and reads one import's calendar for a room in `timeZone`, writing nothing and never failing: what went wrong
 * is the answer's `failure`.
 */
async function readImport(deps: CalendarDeps, row: ImportRow, timeZone: string): Promise<ImportRead> {
  const nextFetchAt = new Date(Date.now() + deps.intervalMs);
  try {
    return { nextFetchAt, ranges: await deps.reader.read(await fetchCalendarText(row.url, deps.limits), { timeZone }) };
  } catch (err) {
    if (!(err instanceof CalendarFetchError)) deps.log.error({ err, importId: row.id }, 'calendar import failed');
    return { nextFetchAt, failure: err instanceof CalendarFetchError ? err : new CalendarFetchError({ code: 'notRead' }) };
  }
}

/** Records what a fetch of the import found, as `syncImport` says. */
async function recordImport(deps: CalendarDeps, row: ImportRow, read: ImportRead): Promise<'synced' | 'failed'> {
  const { db } = deps;
  const { nextFetchAt } = read;
  if ('failure' in read) {
    const { failure } = read;
    await db
      .update(calendarImports)
      .set({ lastFetchedAt: new Date(), lastError: failure.message, lastErrorReason: failure.reason, nextFetchAt })
      .where(eq(calendarImports.id, row.id));
    return 'failed';
  }
  const { ranges } = read;
  const changed = await withTransaction(db, async (tx) => {
    // Serializes with the share lock `bookingTransaction` (bookings/confirm-booking.ts) takes on the same row.
    const [locked] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, row.roomId)).for('update');
    if (!locked) return false;
    const still = await tx.delete(calendarBlocks).where(eq(calendarBlocks.importId, row.id)).returning({ id: calendarBlocks.id });
    const [current] = await tx.select({ id: calendarImports.id }).from(calendarImports).where(eq(calendarImports.id, row.id));
    if (!current) return still.length > 0; // removed meanwhile: nothing to record
    for (let i = 0; i < ranges.length; i += 500) {
      await tx.insert(calendarBlocks).values(ranges.slice(i, i + 500).map((r) => ({ importId: row.id, roomId: row.roomId, checkIn: r.from, checkOut: r.to })));
    }
    const now = new Date();
    await tx
      .update(calendarImports)
      .set({ lastFetchedAt: now, lastSyncedAt: now, lastError: null, lastErrorReason: null, blockCount: ranges.length, nextFetchAt })
      .where(eq(calendarImports.id, row.id));
    // Dated searches and the room's answers change with its blocked nights.
    await deps.listing.announce(tx, row.roomId);
    return true;
  });
  if (changed) deps.listing.forget(row.roomId);
  return 'synced';
}

/**
 * How many of a pass's imports are fetched at once: a pass waits on the other sites, not on this machine (reading a
 * calendar has its own workers), so a few sites that never answer hold back only their own share of the pass.
 */
export const SCHEDULED_FETCHES_AT_ONCE = 5;

/**
 * Takes up to `limit` imports whose time has come and pushes their next time on, in one statement
 * (`for update skip locked`: two servers never take the same import), then fetches them, a few at once.
 */
export async function syncDueImports(deps: CalendarDeps, { limit = 20 }: { limit?: number } = {}): Promise<number> {
  const claimed = (
    (await deps.db.execute(sql`
      update calendar_imports set next_fetch_at = now() + ${`${deps.intervalMs} milliseconds`}::interval
      where id in (
        select id from calendar_imports where next_fetch_at <= now()
        order by next_fetch_at limit ${limit}
        for update skip locked)
      returning id, room_id as "roomId", url`)) as unknown as { rows: { id: string; roomId: string; url: string }[] }
  ).rows;
  await mapLimited(claimed, SCHEDULED_FETCHES_AT_ONCE, async (row) => {
    try {
      await syncImport(deps, row);
    } catch (err) {
      deps.log.error({ err, importId: row.id }, 'calendar import could not be recorded');
    }
  });
  return claimed.length;
}
