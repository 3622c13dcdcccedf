/*
 * Stay ranges and phases: the one statement of what a stay's dates mean, read by the API (its services, its
 * sweepers, the iCal parser), the web app and, as SQL, the API's queries (apps/api/src/db/stay-sql.ts, whose test
 * runs each fragment against the function here on the same inputs).
 *
 * A stay is two calendar dates where its room is: a night is [day, day + 1), so the check-out day is not a night
 * of the stay and may be the next guest's check-in day (docs/decisions/026-room-time-zone.md). "Today" is always
 * the room's today, `todayIn(room.timeZone)`: every phase below compares it with the stay's dates.
 *
 * Free of zod, so the room page's bundle can take it module by module (docs/decisions/017-bundle-budget.md).
 */
import { addDays, formatIsoDate, todayIso, type IsoDate } from './dates.js';
import { MAX_STAY_NIGHTS } from './stay-limits.js';

/** Calendar dates; the check-out day is not a night of the stay. */
export type Stay = { from: IsoDate; to: IsoDate };

/**
 * A booked stay is confirmed, requested (a request to book waiting for the host's answer: its nights are held) or
 * cancelled (a declined, withdrawn or expired request too).
 */
export type StayStatus = 'confirmed' | 'requested' | 'cancelled';

/** Where a booked stay stands on the room's today (the API answers it as a booking's `state`). */
export type StayPhase = 'requested' | 'upcoming' | 'in-progress' | 'past' | 'cancelled';

/** Whether a booking holds its nights: every status but cancelled (`holdsNightsSql` in the API is the same test). */
export function holdsNights(status: StayStatus): boolean {
  return status !== 'cancelled';
}

/** A stay as booked: its dates and its status. */
export type BookedStay = Stay & { status: StayStatus };

/** A room's window (its first check-in day, its last check-out day) and the nights taken in it, as its availability says. */
export type StayWindow = Stay & { taken: readonly Stay[] };

/* ---------------------------------------------------------------- today, anywhere */

/**
 * The zones' extremes: every room's today lies between today at UTC−12 (where a day ends last) and today at
 * UTC+14 (Kiritimati, where it begins first). Neither ever changes its clock, so no `Intl` is needed to read them.
 */
const LAST_ZONE_OFFSET_MS = -12 * 3_600_000;
const FIRST_ZONE_OFFSET_MS = 14 * 3_600_000;

/** The first check-in date any room anywhere may still take: a date before it is over everywhere on Earth. */
export function earliestCheckIn(now: Date = new Date()): IsoDate {
  return todayIso(new Date(now.getTime() + LAST_ZONE_OFFSET_MS));
}

/** The latest today of any room: a date after it has not come anywhere on Earth. */
export function latestTodayAnywhere(now: Date = new Date()): IsoDate {
  return todayIso(new Date(now.getTime() + FIRST_ZONE_OFFSET_MS));
}

/**
 * Whether `checkIn` may have passed where some room is, so each room's own today must be asked: not when it is
 * later than the latest today anywhere. Asked on the day itself too, a day's margin for a database clock (or a
 * statement) a little later than ours.
 */
export function checkInMayHavePassedSomewhere(checkIn: IsoDate, now: Date = new Date()): boolean {
  return checkIn <= latestTodayAnywhere(now);
}

/* ---------------------------------------------------------------- ranges */

/** A night [day, day + 1) is taken when a stay in `taken` covers it. */
export function isTakenNight(day: IsoDate, taken: readonly Stay[]): boolean {
  // ISO dates compare correctly as strings.
  return taken.some((stay) => stay.from <= day && day < stay.to);
}

/** 'from Mar 1, 2027 to Mar 4, 2027': a stay's (or a window's) dates in a sentence. */
export function stayDatesText(stay: Stay): string {
  return `from ${formatIsoDate(stay.from)} to ${formatIsoDate(stay.to)}`;
}

/** Whether two stays share a night (one may leave the morning the other arrives). */
export function staysOverlap(a: Stay, b: Stay): boolean {
  return a.from < b.to && b.from < a.to;
}

/** The nights two stays share, or null when they share none. */
export function sharedNights(a: Stay, b: Stay): Stay | null {
  if (!staysOverlap(a, b)) return null;
  return { from: a.from > b.from ? a.from : b.from, to: a.to < b.to ? a.to : b.to };
}

/**
 * Stays in date order with overlapping ones joined: the nights a room's confirmed stays and imported calendars
 * take, as the date picker and the first free night read them. Stays that only touch (one leaves the morning the
 * next arrives) stay apart.
 */
export function mergeStays(stays: readonly Stay[]): Stay[] {
  const sorted = [...stays].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const merged: Stay[] = [];
  for (const stay of sorted) {
    const last = merged[merged.length - 1];
    if (last && stay.from < last.to) {
      if (stay.to > last.to) last.to = stay.to;
    } else {
      merged.push({ from: stay.from, to: stay.to });
    }
  }
  return merged;
}

/** The first night of [from, to) that no stay in `taken` (date order, not overlapping: `mergeStays`) covers. */
export function firstFreeNight(from: IsoDate, to: IsoDate, taken: readonly Stay[]): IsoDate | null {
  let night = from;
  for (const stay of taken) {
    if (stay.to <= night) continue;
    if (stay.from > night) break;
    night = stay.to;
  }
  return night < to ? night : null;
}

/** Whether the stay lies in the room's window: check-in on or after its first day, check-out on or before its last. */
export function isInsideWindow(stay: Stay, window: Pick<StayWindow, 'from' | 'to'>): boolean {
  return stay.from >= window.from && stay.to <= window.to;
}

/** The check-out day of the longest stay allowed (MAX_STAY_NIGHTS) starting on `from`, in any room. */
export function longestStayEnd(from: IsoDate): IsoDate {
  return addDays(from, MAX_STAY_NIGHTS);
}

/**
 * The latest check-out day for a stay starting on `from`: the first taken night after it (a guest may leave the
 * morning the next one arrives), the window's last day, or the longest stay allowed.
 */
export function lastCheckOut(from: IsoDate, window: StayWindow): IsoDate {
  let limit = window.to;
  for (const stay of window.taken) {
    if (stay.from > from && stay.from < limit) limit = stay.from;
  }
  const longest = longestStayEnd(from);
  return longest < limit ? longest : limit;
}

/** The first day a stay may start in a room's window: the window's first day, or the room's today when later. */
export function bookableFrom(windowFrom: IsoDate, today: IsoDate): IsoDate {
  return windowFrom > today ? windowFrom : today;
}

/* ---------------------------------------------------------------- phases */

/** Whether a stay may still begin on `checkIn`: that day has not passed where the room is (today itself may). */
export function isCheckInOpen(checkIn: IsoDate, today: IsoDate): boolean {
  return checkIn >= today;
}

/** Whether the stay has started: its check-in day has come where the room is. It can no longer be cancelled. */
export function stayHasStarted(checkIn: IsoDate, today: IsoDate): boolean {
  return today >= checkIn;
}

/** Whether the stay has ended: its check-out day has come where the room is, and its nights are all spent. */
export function stayHasEnded(checkOut: IsoDate, today: IsoDate): boolean {
  return today >= checkOut;
}

/** Whether a booked stay still holds nights of the room: confirmed or requested, and not ended. */
export function isStayActive(stay: Pick<BookedStay, 'status' | 'to'>, today: IsoDate): boolean {
  return holdsNights(stay.status) && !stayHasEnded(stay.to, today);
}

/** Where a booked stay stands on the room's today: a request waits for its answer whatever the day. */
export function stayPhase(stay: BookedStay, today: IsoDate): StayPhase {
  if (stay.status === 'cancelled') return 'cancelled';
  if (stay.status === 'requested') return 'requested';
  if (!stayHasStarted(stay.from, today)) return 'upcoming';
  if (!stayHasEnded(stay.to, today)) return 'in-progress';
  return 'past';
}

/* ---------------------------------------------------------------- the review window */

/** The review window: it opens the day after check-out and lasts this many days (its last day included). */
export const REVIEW_WINDOW_DAYS = 14;

/**
 * The days a stay may be reviewed, as calendar dates where the room is: from the day after check-out to the
 * REVIEW_WINDOW_DAYS-th day after it, both included.
 */
export function reviewWindow(checkOut: IsoDate): { opensOn: IsoDate; closesOn: IsoDate } {
  return { opensOn: addDays(checkOut, 1), closesOn: addDays(checkOut, REVIEW_WINDOW_DAYS) };
}

/** Whether the stay's review window has not opened yet on the room's today. */
export function isReviewWindowAhead(checkOut: IsoDate, today: IsoDate): boolean {
  return today < reviewWindow(checkOut).opensOn;
}

/** Whether the stay's review window has closed on the room's today. */
export function isReviewWindowClosed(checkOut: IsoDate, today: IsoDate): boolean {
  return today > reviewWindow(checkOut).closesOn;
}

/**
 * The check-out days of the stays whose review window is open somewhere on Earth at `now`, first and last
 * included: every room's today lies between `earliestCheckIn` and `latestTodayAnywhere`.
 */
export function checkOutsReviewableAnywhere(now: Date = new Date()): { first: IsoDate; last: IsoDate } {
  return { first: addDays(earliestCheckIn(now), -REVIEW_WINDOW_DAYS), last: addDays(latestTodayAnywhere(now), -1) };
}

/** Whether the stay may be reviewed on the room's today: its window is open. */
export function isReviewWindowOpen(checkOut: IsoDate, today: IsoDate): boolean {
  return !isReviewWindowAhead(checkOut, today) && !isReviewWindowClosed(checkOut, today);
}
