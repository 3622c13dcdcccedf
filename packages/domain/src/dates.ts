import { activeLocale, intlLocale, type Locale } from './locale.js';

/**
 * Stay dates are calendar dates ("YYYY-MM-DD"), never instants: a night is [day, day + 1),
 * so the check-out day is not part of the stay and may be the next guest's check-in day.
 * All arithmetic happens in UTC so that no time zone or daylight-saving change shifts a day.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export type IsoDate = string;

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  // Read from the characters: every answer with dates in it is checked night by night (a calendar's year is 366),
  // and a Date per check cost more than the rest of the answer.
  const at = (i: number) => value.charCodeAt(i) - 48;
  const year = at(0) * 1000 + at(1) * 100 + at(2) * 10 + at(3);
  const month = at(5) * 10 + at(6);
  const day = at(8) * 10 + at(9);
  // Year 0 is not a year of the calendar PostgreSQL's dates count in (1 BC comes before 1 AD).
  return year > 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The days of a month (1-12) of the proleptic Gregorian calendar, as PostgreSQL's dates and JavaScript's count. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The dates met lately, both ways: a search judges the same few stay dates in thousands of rooms, and checking and
 * formatting a date costs far more than looking it up. Emptied when full: the dates in use come back at once.
 */
const KEPT_DATES = 10_000;
const msOfDate = new Map<IsoDate, number>();
const dateOfMs = new Map<number, IsoDate>();

function toUtcMs(date: IsoDate): number {
  const known = msOfDate.get(date);
  if (known !== undefined) return known;
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${String(date)}`);
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (msOfDate.size >= KEPT_DATES) msOfDate.clear();
  msOfDate.set(date, ms);
  return ms;
}

function fromUtcMs(ms: number): IsoDate {
  const known = dateOfMs.get(ms);
  if (known !== undefined) return known;
  const iso = new Date(ms).toISOString();
  // Past year 9999 the year gains a sign and digits ('+010000-01-01'); no stay date reaches it.
  if (iso.length !== 24) throw new RangeError('A calendar date after the year 9999');
  const date = iso.slice(0, 10);
  if (dateOfMs.size >= KEPT_DATES) dateOfMs.clear();
  dateOfMs.set(ms, date);
  return date;
}

/** The day of the week of a calendar date, 0 for Sunday (1970-01-01 was a Thursday). */
export function dayOfWeek(date: IsoDate): number {
  return (((Math.round(toUtcMs(date) / DAY_MS) + 4) % 7) + 7) % 7;
}

/** Number of nights between check-in and check-out (check-out exclusive). */
export function nightsBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** The month before or after ("2026-12" + 1 → "2027-01"). */
export function addMonths(month: string, count: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The same day of the month `count` months later, or that month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonthsToDate(date: IsoDate, count: number): IsoDate {
  const month = addMonths(date.slice(0, 7), count);
  for (let day = Number(date.slice(8)); day >= 28; day--) {
    const candidate = `${month}-${String(day).padStart(2, '0')}`;
    if (isIsoDate(candidate)) return candidate;
  }
  return `${month}-${date.slice(8)}`;
}

/** Today's calendar date in UTC. */
export function todayIso(now: Date = new Date()): IsoDate {
  return now.toISOString().slice(0, 10);
}

const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** One formatter per zone: making one costs far more than formatting with it. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, format);
  }
  return format;
}

/** An IANA time zone name ('Europe/Lisbon', 'UTC'); offsets and POSIX strings are refused. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !TIME_ZONE_NAME.test(value)) return false;
  try {
    dayFormatter(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A valid zone name as it is best written: 'europe/lisbon' becomes 'Europe/Lisbon'. A name the time zone
 * database knows under another one ('Asia/Kolkata', kept by ICU as 'Asia/Calcutta') is kept as given.
 */
export function tidyTimeZone(name: string): string {
  const resolved = dayFormatter(name).resolvedOptions().timeZone;
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

/**
 * Today's calendar date in an IANA time zone: where a room is, its check-in day begins and ends at its own
 * midnight (docs/decisions/026-room-time-zone.md). A guest in Sydney and a room in Lisbon agree on it.
 */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  return dayFormatter(timeZone).format(now);
}

/**
 * A zone's clock for a while (`zoneClockOf`): its offset from UTC in minutes, and the instants from and until which
 * that offset holds (ISO timestamps: the zone's last and next clock change, or a day back and a week on). Whoever
 * holds it knows the zone's day and time of day by arithmetic (`todayOnClock`, `timeOfDayOnClock`): a room page gets
 * its room's from the server with the availability, so the first `Intl` date formatter, and the date data it
 * loads (a tenth of a second on a phone, decision 066), never stands between the page and a guest's first touch.
 */
export type ZoneClock = { utcOffsetMinutes: number; since: string; until: string };

const CLOCK_LOOKS_BACK_MS = 86_400_000;
const CLOCK_LOOKS_AHEAD_MS = 7 * 86_400_000;
/** One formatter per zone writing the wall clock in full, to read the zone's offset at an instant. */
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `at` (ms), in whole minutes, as its wall clock shows it. */
function utcOffsetMinutesAt(timeZone: string, at: number): number {
  let format = wallClockFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    wallClockFormatters.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(at)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return Math.round((wall - (at - (((at % 1000) + 1000) % 1000))) / 60_000);
}

/**
 * The first instant in (`before`, `after`] at which `changed` holds, found to the millisecond by halving: `changed`
 * must be false at `before`, true at `after`, and change once between. Clock changes and midnights are found so.
 */
function firstInstantWhen(before: number, after: number, changed: (at: number) => boolean): number {
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (changed(middle)) after = middle;
    else before = middle;
  }
  return after;
}

/** The zone's clock around `now` (see `ZoneClock`); read through `Intl`, so made where that costs nothing: the server. */
export function zoneClockOf(timeZone: string, now: Date = new Date()): ZoneClock {
  const at = now.getTime();
  const offset = utcOffsetMinutesAt(timeZone, at);
  const earliest = at - CLOCK_LOOKS_BACK_MS;
  const latest = at + CLOCK_LOOKS_AHEAD_MS;
  // No zone changes its clock twice within a week: one look at each end says whether it does in between.
  const holds = (instant: number) => utcOffsetMinutesAt(timeZone, instant) === offset;
  const since = holds(earliest) ? earliest : firstInstantWhen(earliest, at, holds);
  const until = holds(latest) ? latest : firstInstantWhen(at, latest, (instant) => !holds(instant));
  return { utcOffsetMinutes: offset, since: new Date(since).toISOString(), until: new Date(until).toISOString() };
}

/** The zone's wall clock at `now` as a UTC date, when `clock` holds then; null when it does not. */
function wallClockOn(clock: ZoneClock, now: Date): Date | null {
  const at = now.getTime();
  if (at < Date.parse(clock.since) || at >= Date.parse(clock.until)) return null;
  return new Date(at + clock.utcOffsetMinutes * 60_000);
}

/** Today's calendar date on a zone's clock (as `todayIn`), or null when the clock does not hold at `now`. */
export function todayOnClock(clock: ZoneClock, now: Date = new Date()): IsoDate | null {
  return wallClockOn(clock, now)?.toISOString().slice(0, 10) ?? null;
}

/** The time of day on a zone's clock, 'HH:MM' (as `timeOfDayIn`), or null when the clock does not hold at `now`. */
export function timeOfDayOnClock(clock: ZoneClock, now: Date = new Date()): string | null {
  return wallClockOn(clock, now)?.toISOString().slice(11, 16) ?? null;
}

/** One 24-hour clock formatter per zone, as for the days above. */
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The time of day in an IANA time zone, 'HH:MM' on a 24-hour clock: a room's same-day cut-off is read against it. */
export function timeOfDayIn(timeZone: string, now: Date = new Date()): string {
  let format = clockFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * The first instant after `now` at which `todayIn(timeZone)` is another day: the zone's next midnight (or,
 * where a clock change skips midnight, the moment the new day begins). Found to the millisecond by halving.
 */
export function nextDayStartIn(timeZone: string, now: Date = new Date()): Date {
  const day = todayIn(timeZone, now);
  // No zone's day lasts more than 26 hours.
  return new Date(firstInstantWhen(now.getTime(), now.getTime() + 27 * 3_600_000, (at) => todayIn(timeZone, new Date(at)) !== day));
}

/** Parses a stored calendar date into a local Date at midnight, for calendar widgets that think in local days. */
export function isoToLocalDate(date: IsoDate): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** A local calendar day (what calendar widgets hand back) as a calendar date: the inverse of `isoToLocalDate`. */
export function localDateToIso(date: Date): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A date or number format in the page's language (locale.ts: US English, or the language the reader chose),
 * made once per language and options: making an Intl formatter costs far more than formatting with it. Every page
 * formats its dates through here, the statistics too.
 */
function keptFormat<Format>(kept: Map<string, Format>, options: object, make: (locale: string) => Format): Format {
  const locale = intlLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = kept.get(key);
  if (!format) {
    format = make(locale);
    kept.set(key, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Dates as the page's language writes them, with these options. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return keptFormat(dateFormats, options, (locale) => new Intl.DateTimeFormat(locale, options));
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number as the page's language writes it ('1,234' in English, '1234' or '12.345' in Spanish). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return keptFormat(numberFormats, options, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}

/** The months and weekdays as each language's long date writes them (`Intl`'s `month: 'long'`, `weekday: 'long'`). */
const LONG_MONTHS: Record<Locale, readonly string[]> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};
const LONG_WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  es: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
};

/**
 * A local day's weekday and month in the page's language, as `Intl`'s long forms name them ('Sunday', 'November';
 * 'domingo', 'noviembre'): a calendar names each of its day buttons, and by hand no `Intl` formatter, nor the date
 * data it loads, stands between a room page and its first touch. `dates.test.ts` compares both languages with `Intl`.
 */
export function localDayNames(date: Date): { weekday: string; month: string } {
  const locale = activeLocale();
  return { weekday: LONG_WEEKDAYS[locale][date.getDay()]!, month: LONG_MONTHS[locale][date.getMonth()]! };
}

/** The months as each language's medium date writes them ('sept' is CLDR's Spanish September). */
const SHORT_MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/**
 * "Jan 5, 2027" ("5 ene 2027" in Spanish): a calendar date for people, independent of the viewer's time zone. Written
 * by hand, as `Intl`'s medium date style writes it: the first `Intl` date formatter a page builds loads the
 * browser's date data (a tenth of a second on a phone, decision 066), and a room page's reservation card and a dated
 * search's fields show dates before anything can be touched. `dates.test.ts` compares it with `Intl` in both languages.
 */
export function formatIsoDate(date: IsoDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const locale = activeLocale();
  const name = SHORT_MONTHS[locale][month - 1];
  return locale === 'es' ? `${day} ${name} ${year}` : `${name} ${day}, ${year}`;
}

const SHORT_WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  es: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
};

/** A calendar date's weekday in the page's language: 'Friday' ('viernes'), or short: 'Fri' ('vie'). */
export function weekdayName(date: IsoDate, form: 'long' | 'short' = 'long'): string {
  return (form === 'long' ? LONG_WEEKDAYS : SHORT_WEEKDAYS)[activeLocale()][dayOfWeek(date)]!;
}

/** "Mar 5" ("5 mar"): a calendar date without its year, as `Intl` writes a short month and day. */
export function formatMonthDay(date: IsoDate): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const locale = activeLocale();
  const name = SHORT_MONTHS[locale][month - 1];
  return locale === 'es' ? `${day} ${name}` : `${name} ${day}`;
}

/** "Friday, March 5, 2027" ("viernes, 5 de marzo de 2027"): a calendar date in full, as `Intl`'s full date style. */
export function formatLongDate(date: IsoDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const locale = activeLocale();
  const weekday = LONG_WEEKDAYS[locale][dayOfWeek(date)];
  const name = LONG_MONTHS[locale][month - 1];
  return locale === 'es' ? `${weekday}, ${day} de ${name} de ${year}` : `${weekday}, ${name} ${day}, ${year}`;
}

/** "Jan 5, 2027": a moment (ISO timestamp) as the calendar date where the reader is, or in `timeZone`. */
export function formatMoment(iso: string, timeZone?: string): string {
  return dateFormat({ dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/**
 * "November 2026" ("noviembre de 2026"): the month a month ('2026-11'), a calendar date or an ISO timestamp begins
 * with, as written (no time zone moves it). By hand, as `Intl` writes it, like `formatIsoDate`: a room page's reviews
 * say when each stay was.
 */
export function formatMonthYear(value: string): string {
  const [year, month] = value.split('-').map(Number) as [number, number];
  const locale = activeLocale();
  const name = LONG_MONTHS[locale][month - 1];
  return locale === 'es' ? `${name} de ${year}` : `${name} ${year}`;
}
