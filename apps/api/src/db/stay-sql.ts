/*
 * The stay rules of packages/domain/src/stays.ts as SQL, for the queries that must judge many stays at once (a
 * search, a listing's order, a sweep). Each fragment answers what the domain function of the same name without
 * `Sql` answers, on the same dates: stay-sql.test.ts runs both on the same random inputs on every database kind.
 *
 * Dates are SQL `date` expressions: a column, an expression such as `roomTodaySql(...)`, or a bound value through
 * `dateValue`. A stay's check-out day is not a night of it, as in the domain.
 */
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS, type IsoDate } from '@staybook/domain';

/** A `date` in SQL: a column, an expression, or `dateValue(...)`. */
export type DateSql = SQLWrapper;

/** A stay's two dates in SQL: check-in (`from`) and check-out (`to`). */
export type StaySql = { from: DateSql; to: DateSql };

/** A calendar date (or a prepared statement's placeholder for one) bound as an SQL `date`. */
export function dateValue(date: IsoDate | Placeholder): SQL<string> {
  return sql`${date}::date`;
}

/**
 * Today where the room is (`todayIn`): the calendar date in the room's zone at `at`, by default the transaction's
 * start (`now()`). An instant given as a Date is bound as a timestamptz.
 */
export function roomTodaySql(timeZone: SQLWrapper, at: Date | SQLWrapper = sql`now()`): SQL<string> {
  const instant = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
  return sql`(${instant} at time zone ${timeZone})::date`;
}

/**
 * Whether a stay and a range share a night (`staysOverlap`), as plain comparisons: an empty or reversed range
 * shares none and raises no error, and a b-tree on the check-out day answers it.
 */
export function staysOverlapSql(stay: StaySql, range: StaySql): SQL<boolean> {
  return sql`(${stay.to} > ${range.from} and ${stay.from} < ${range.to})`;
}

/**
 * The same test as the booking constraint writes it (bookings_no_overlap, calendar_blocks_nights_idx), so their
 * GiST indexes answer it. Both must hold at least a night: a reversed range is an error in SQL.
 */
export function nightsOverlapSql(stay: StaySql, range: StaySql): SQL<boolean> {
  return sql`(daterange(${stay.from}, ${stay.to}, '[)') && daterange(${range.from}, ${range.to}, '[)'))`;
}

/** The first day a stay may start in a room's window (`bookableFrom`): its first day, or the room's today when later. */
export function bookableFromSql(windowFrom: DateSql, today: DateSql): SQL<string> {
  return sql`greatest(${windowFrom}, ${today})`;
}

/** Whether the stay lies in the room's window (`isInsideWindow`): from its first day, out by its last. */
export function isInsideWindowSql(stay: StaySql, window: StaySql): SQL<boolean> {
  return sql`(${stay.from} >= ${window.from} and ${stay.to} <= ${window.to})`;
}

/** Whether a stay may still begin on `checkIn` on the room's today (`isCheckInOpen`). */
export function isCheckInOpenSql(checkIn: DateSql, today: DateSql): SQL<boolean> {
  return sql`(${checkIn} >= ${today})`;
}

/** Whether the stay still holds a night (`!stayHasEnded`), written so an index on the check-out day answers it. */
export function stayNotEndedSql(checkOut: DateSql, today: DateSql): SQL<boolean> {
  return sql`(${checkOut} > ${today})`;
}

/**
 * Whether a booking holds its nights (`holdsNights`): confirmed, or requested and waiting for the host. Written as the
 * exclusion constraints and bookings_room_holding_idx write it, so the index answers it.
 */
export function holdsNightsSql(status: SQLWrapper): SQL<boolean> {
  return sql`(${status} <> 'cancelled')`;
}

/** Whether a booked stay holds its nights and has not ended (`isStayActive`). */
export function isStayActiveSql(stay: { status: SQLWrapper; to: DateSql }, today: DateSql): SQL<boolean> {
  return sql`(${holdsNightsSql(stay.status)} and ${stayNotEndedSql(stay.to, today)})`;
}

/** The window's length, written into the SQL (it never changes between statements). */
const WINDOW_DAYS = sql.raw(String(REVIEW_WINDOW_DAYS));

/** Whether the stay's review window is open on the room's today (`isReviewWindowOpen`). */
export function isReviewWindowOpenSql(checkOut: DateSql, today: DateSql): SQL<boolean> {
  return sql`(${today} between ${checkOut} + 1 and ${checkOut} + ${WINDOW_DAYS})`;
}

/** Whether the stay's review window has closed on the room's today (`isReviewWindowClosed`). */
export function isReviewWindowClosedSql(checkOut: DateSql, today: DateSql): SQL<boolean> {
  return sql`(${checkOut} + ${WINDOW_DAYS} < ${today})`;
}
