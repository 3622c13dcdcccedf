import ICAL from 'ical.js';
// By module, not the index: the worker thread that runs this loads only what it reads (no zod).
import type { StayRange } from '@staybook/domain/bookings';
import { addDays, todayIn, type IsoDate } from '@staybook/domain/dates';
import { stayHasEnded } from '@staybook/domain/stays';
import { CALENDAR_HORIZON_DAYS } from '@staybook/domain/room-limits';
import type { CalendarSyncReason } from '@staybook/domain/calendar-sync-reasons';
import { CalendarFetchError } from './safe-fetch.js';

/**
 * Reads another site's calendar as the nights it says are taken (docs/decisions/030-calendar-sync.md). Each event
 * covers the nights from its first day to its last: an all-day event its DTSTART to its DTEND (exclusive), a timed
 * one the day it starts (where the room is) to the day it ends, and at least that first night. Only the nights from
 * today to a horizon are kept: no guest can book the others, and an event stretching to the year 1 or 9999 would
 * otherwise carry those dates into the date arithmetic of every availability answer. Cancelled events, free
 * (TRANSPARENT) ones and those with no night in that span are skipped; repeating events are expanded up to the
 * horizon. Too many events, or text that is not iCalendar, is an error for the host and blocks nothing.
 *
 * This runs synchronously and its cost is the calendar's to choose: the server runs it in a worker thread with a
 * time limit (`read-calendar.ts`), never on its own event loop (docs/decisions/040-hostile-calendars.md).
 */

export const MAX_EVENTS = 5_000;
/**
 * How many repetitions the whole calendar may make the library step through, past ones included: a daily event
 * that began in 1970 takes about 21,000; one repeating every minute since 2000, fourteen million. A step costs about
 * 20 µs, so refusing takes about a second of a reading thread: well inside the read's 5 s even on a busy machine.
 */
export const MAX_STEPS = 50_000;
/**
 * What a time in the year 1 or before, or in 9999 or after, is read as: an event may name the year 0, or last past
 * 9999 by its duration, where dates end. Either day lies far outside the nights kept, and its neighbours are dates.
 */
const FAR_PAST: IsoDate = '0001-01-01';
const FAR_FUTURE: IsoDate = '9999-01-01';

const MALFORMED: CalendarSyncReason = { code: 'notACalendar' };
const TOO_MANY_REPEATS: CalendarSyncReason = { code: 'repeatsTooOften' };

/** The calendar day a time falls on where the room is (a date value is its own day; a floating time its own). */
function dayOf(time: ICAL.Time, timeZone: string): IsoDate {
  // Any other time is a day of the years 1 to 9999 wherever the room is.
  if (time.year < 2) return FAR_PAST;
  if (time.year > 9998) return FAR_FUTURE;
  const own = (): IsoDate => `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  if (time.isDate || time.zone === ICAL.Timezone.localTimezone || !time.zone) return own();
  return todayIn(timeZone, time.toJSDate());
}

/** The nights one occurrence covers (at least one). */
function nightsOf(start: ICAL.Time, end: ICAL.Time | null, timeZone: string): StayRange {
  const from = dayOf(start, timeZone);
  let to = end ? dayOf(end, timeZone) : from;
  // A timed event ending after midnight takes that night too only if it starts before; one within a day takes its night.
  if (to <= from) to = addDays(from, 1);
  return { from, to };
}

export function parseBlockedNights(text: string, { timeZone, today = todayIn(timeZone) }: { timeZone: string; today?: IsoDate }): StayRange[] {
  let root: ICAL.Component;
  try {
    const parsed: unknown = ICAL.parse(text);
    root = new ICAL.Component(parsed as unknown[]);
  } catch {
    throw new CalendarFetchError(MALFORMED);
  }
  const calendar = root.name === 'vcalendar' ? root : root.getFirstSubcomponent('vcalendar');
  if (!calendar) throw new CalendarFetchError(MALFORMED);
  // Time zones the calendar defines, so its TZID times become the right instants. The library keeps them in one
  // registry per thread: emptied first, so no other calendar's definition of a TZID is used for this one.
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    try {
      ICAL.TimezoneService.register(zone);
    } catch {
      // A zone the library cannot read: its times are read as floating (the day as written).
    }
  }
  const horizon = addDays(today, CALENDAR_HORIZON_DAYS);
  // Two days before today began at UTC midnight: an occurrence over by then is over wherever the room is.
  const longPast = Date.parse(`${today}T00:00:00Z`) / 1000 - 2 * 86_400;
  const ranges: StayRange[] = [];
  let steps = 0;
  // An occurrence's nights from today to the horizon; one with none of them blocks nothing.
  const take = (range: StayRange) => {
    if (stayHasEnded(range.to, today) || range.from >= horizon) return;
    if (ranges.length >= MAX_EVENTS) throw new CalendarFetchError({ code: 'tooManyEvents', fact: String(MAX_EVENTS) });
    ranges.push({ from: range.from < today ? today : range.from, to: range.to > horizon ? horizon : range.to });
  };
  try {
    for (const component of calendar.getAllSubcomponents('vevent')) {
      const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
      const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
      if (status === 'CANCELLED' || transparency === 'TRANSPARENT') continue;
      const event = new ICAL.Event(component);
      if (!event.startDate) continue;
      if (!event.isRecurring()) {
        take(nightsOf(event.startDate, event.endDate ?? null, timeZone));
        continue;
      }
      const length = event.duration.toSeconds();
      const occurrences = event.iterator();
      // Bounded for the whole calendar: a daily event that began decades ago still reaches today, and an event
      // repeating every minute for years, or many such events, is refused rather than read for minutes.
      for (let next = occurrences.next(); next; next = occurrences.next()) {
        steps += 1;
        if (steps > MAX_STEPS) throw new CalendarFetchError(TOO_MANY_REPEATS);
        // Most steps of an old event are long past: skipped before the costly part.
        if (next.toUnixTime() + length < longPast) continue;
        const details = event.getOccurrenceDetails(next);
        const range = nightsOf(details.startDate, details.endDate, timeZone);
        if (range.from >= horizon) break;
        take(range);
      }
    }
  } catch (err) {
    if (err instanceof CalendarFetchError) throw err;
    throw new CalendarFetchError(MALFORMED);
  }
  return ranges;
}
