/*
 * A room's nights as a booking reads them: the stays holding them, the imported calendars' blocks and what the host
 * set in the calendar (the availability, the stay check and the payment's start).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { IsoDate, NightSetting, StayRange } from '@staybook/domain';
import { preparedSelect, type Db } from '../../db/client.js';
import { bookings, calendarBlocks, nightSettingColumns, roomNightSettings } from '../../db/schema.js';
import { dateValue, holdsNightsSql, stayNotEndedSql, staysOverlapSql } from '../../db/stay-sql.js';

// The room page's availability, the stay check and the host calendar read these on every visit: prepared once, they
// cost no query building, and on PostgreSQL each connection plans them once.
const roomIdGiven = sql.placeholder('roomId');
const todayGiven = dateValue(sql.placeholder('today'));

const blockedNightsFrom = preparedSelect('blocked_nights_from', (db) =>
  db
    .select({ from: calendarBlocks.checkIn, to: calendarBlocks.checkOut })
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.roomId, roomIdGiven), stayNotEndedSql(calendarBlocks.checkOut, todayGiven)))
    .orderBy(asc(calendarBlocks.checkIn)),
);

/**
 * The room's nights imported calendars block that have not ended by `today`, in date order (they may overlap each
 * other). Calendar sync writes them (modules/calendar); what they take from the availability is the bookings' to say.
 */
export async function listBlockedNights(db: Db, roomId: string, today: IsoDate): Promise<StayRange[]> {
  return blockedNightsFrom(db).execute({ roomId, today });
}

const takenStaysFrom = preparedSelect('taken_stays_from', (db) =>
  db
    .select({ from: bookings.checkIn, to: bookings.checkOut })
    .from(bookings)
    .where(and(eq(bookings.roomId, roomIdGiven), holdsNightsSql(bookings.status), stayNotEndedSql(bookings.checkOut, todayGiven)))
    .orderBy(asc(bookings.checkIn)),
);

/** Stays of a room that hold its nights (confirmed or requested) and have not ended by `today`, in date order. */
export async function listTakenStays(db: Db, roomId: string, today: IsoDate): Promise<StayRange[]> {
  return takenStaysFrom(db).execute({ roomId, today });
}

const nightSettingsMeeting = preparedSelect('night_settings_meeting', (db) =>
  db
    .select(nightSettingColumns)
    .from(roomNightSettings)
    .where(
      and(
        eq(roomNightSettings.roomId, roomIdGiven),
        staysOverlapSql({ from: roomNightSettings.checkIn, to: roomNightSettings.checkOut }, { from: dateValue(sql.placeholder('from')), to: dateValue(sql.placeholder('to')) }),
      ),
    )
    .orderBy(asc(roomNightSettings.checkIn)),
);

/** What the host set on the nights of `range` in the calendar (prices, minimum stays, blocks, notes), in date order. */
export async function listNightSettings(db: Db, roomId: string, range: StayRange): Promise<NightSetting[]> {
  return nightSettingsMeeting(db).execute({ roomId, from: range.from, to: range.to });
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
