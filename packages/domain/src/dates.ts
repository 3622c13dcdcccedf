/**
 * Stay dates are calendar dates ("YYYY-MM-DD"), never instants: a night is [day, day + 1),
 * so the check-out day is not part of the stay and may be the next guest's check-in day.
 * All arithmetic happens in UTC so that no time zone or daylight-saving change shifts a day.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export type IsoDate = string;

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function toUtcMs(date: IsoDate): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${String(date)}`);
  return Date.parse(`${date}T00:00:00Z`);
}

function fromUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Number of nights between check-in and check-out (check-out exclusive). */
export function nightsBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Today's calendar date in UTC. */
export function todayIso(now: Date = new Date()): IsoDate {
  return now.toISOString().slice(0, 10);
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

/** "Jan 5, 2027": a calendar date for people, independent of the viewer's time zone. */
export function formatIsoDate(date: IsoDate, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(toUtcMs(date)),
  );
}
