/*
 * A room's nights as a booking reads them: the stays holding them, the imported calendars' blocks and what the host
 * set in the calendar (the availability, the stay check and the payment's start).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { IsoDate, NightSetting, StayRange } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { bookings, calendarBlocks, nightSettingColumns, roomNightSettings } from '../../db/schema.js';
import { dateValue, holdsNightsSql, stayNotEndedSql, staysOverlapSql } from '../../db/stay-sql.js';

/**
 * The room's nights imported calendars block that have not ended by `today`, in date order (they may overlap each
 * other). Calendar sync writes them (modules/calendar); what they take from the availability is the bookings' to say.
 */
export async function listBlockedNights(db: Db, roomId: string, today: IsoDate): Promise<StayRange[]> {
  return db
    .select({ from: calendarBlocks.checkIn, to: calendarBlocks.checkOut })
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.roomId, roomId), stayNotEndedSql(calendarBlocks.checkOut, dateValue(today))))
    .orderBy(asc(calendarBlocks.checkIn));
}

/** Stays of a room that hold its nights (confirmed or requested) and have not ended by `today`, in date order. */
export async function listTakenStays(db: Db, roomId: string, today: IsoDate): Promise<StayRange[]> {
  return db
    .select({ from: bookings.checkIn, to: bookings.checkOut })
    .from(bookings)
    .where(and(eq(bookings.roomId, roomId), holdsNightsSql(bookings.status), stayNotEndedSql(bookings.checkOut, dateValue(today))))
    .orderBy(asc(bookings.checkIn));
}

/** What the host set on the nights of `range` in the calendar (prices, minimum stays, blocks, notes), in date order. */
export async function listNightSettings(db: Db, roomId: string, range: StayRange): Promise<NightSetting[]> {
  const overlap = staysOverlapSql({ from: roomNightSettings.checkIn, to: roomNightSettings.checkOut }, { from: dateValue(range.from), to: dateValue(range.to) });
  return db
    .select(nightSettingColumns)
    .from(roomNightSettings)
    .where(and(eq(roomNightSettings.roomId, roomId), overlap))
    .orderBy(asc(roomNightSettings.checkIn));
}

/** The stays holding nights (confirmed or requested) and imported blocks of a room that meet `range`: what preparation time keeps nights free around. */
export async function occupiedRangesIn(db: Db, roomId: string, range: StayRange): Promise<StayRange[]> {
  const window = { from: dateValue(range.from), to: dateValue(range.to) };
  const stays = db
    .select({ from: bookings.checkIn, to: bookings.checkOut })
    .from(bookings)
    .where(and(eq(bookings.roomId, roomId), holdsNightsSql(bookings.status), staysOverlapSql({ from: bookings.checkIn, to: bookings.checkOut }, window)));
  const blocks = db
    .select({ from: calendarBlocks.checkIn, to: calendarBlocks.checkOut })
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.roomId, roomId), staysOverlapSql({ from: calendarBlocks.checkIn, to: calendarBlocks.checkOut }, window)));
  return stays.unionAll(blocks);
}
