/*
 * Flexible dates (docs/decisions/054-flexible-dates.md): 'a weekend', 'a week' or 'a month' in one or more chosen
 * months, instead of exact dates. What each means, which stays a search then tries, and how the search bar says it.
 * Free of zod and of the listing rules, so the home page's first paint can read it (decision 017).
 */
import { addDays, addMonths, dateFormat, dayOfWeek, isIsoDate, type IsoDate } from './dates.js';
import { i18n } from './locale.js';
import { earliestCheckIn, latestTodayAnywhere, type Stay } from './stays.js';

export const FLEXIBLE_STAYS = ['weekend', 'week', 'month'] as const;
export type FlexibleStay = (typeof FLEXIBLE_STAYS)[number];

/** Marked for the catalog: a page shows them through `i18n.known`. */
export const FLEXIBLE_STAY_LABELS: Record<FlexibleStay, string> = { weekend: /*i18n*/ 'A weekend', week: /*i18n*/ 'A week', month: /*i18n*/ 'A month' };

/**
 * Each kind's length, in nights. A weekend is Friday to Sunday; a week starts any day; a month is four weeks,
 * so it starts any day too and always reaches the monthly discount (MONTHLY_DISCOUNT_NIGHTS).
 */
export const FLEXIBLE_STAY_NIGHTS: Record<FlexibleStay, number> = { weekend: 2, week: 7, month: 28 };

const FRIDAY = 5;

/** At most this many months in one search: each adds up to 31 stays that every room is asked about. */
export const MAX_FLEXIBLE_MONTHS = 3;
/** The months offered: this one and the next 11. */
export const FLEXIBLE_MONTHS_AHEAD = 12;

/** A month as the address writes it: 'YYYY-MM'. */
export type YearMonth = string;
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isYearMonth(value: unknown): value is YearMonth {
  return typeof value === 'string' && YEAR_MONTH.test(value) && value.slice(0, 4) !== '0000';
}

/**
 * The months a flexible search may name at `now`: from the month of the earliest today anywhere (a check-in still
 * today somewhere is open) to FLEXIBLE_MONTHS_AHEAD months on from the latest today anywhere's month.
 */
export function flexibleMonthRange(now: Date = new Date()): { first: YearMonth; last: YearMonth } {
  return {
    first: earliestCheckIn(now).slice(0, 7),
    last: addMonths(latestTodayAnywhere(now).slice(0, 7), FLEXIBLE_MONTHS_AHEAD - 1),
  };
}

/** What is wrong with one month of a flexible search at `now`, or null. */
export function flexibleMonthProblem(month: YearMonth, now: Date = new Date()): string | null {
  const { first, last } = flexibleMonthRange(now);
  if (month < first) return i18n.t('{month} is in the past', { month });
  if (month > last) return i18n.t('{month} is more than {max} months ahead', { month, max: FLEXIBLE_MONTHS_AHEAD });
  return null;
}

/** The months of a search, each once, in order. */
export function sortMonths(months: readonly YearMonth[]): YearMonth[] {
  return [...new Set(months)].sort();
}

/** The days of a month, in order. */
function daysOf(month: YearMonth): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = 1; day <= 31; day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    if (isIsoDate(date)) days.push(date);
  }
  return days;
}

/**
 * The stays a flexible search tries, earliest first: each stay of the kind that starts in one of the months (a
 * weekend on each Friday, a week or a month on each day), leaving out those whose check-in is over everywhere on
 * Earth at `now`. Whether one that is still today somewhere is open is each room's own rule (its zone and notice).
 */
export function flexibleCandidates(stay: FlexibleStay, months: readonly YearMonth[], now: Date = new Date()): Stay[] {
  const earliest = earliestCheckIn(now);
  const nights = FLEXIBLE_STAY_NIGHTS[stay];
  return sortMonths(months)
    .flatMap(daysOf)
    .filter((from) => from >= earliest && (stay !== 'weekend' || dayOfWeek(from) === FRIDAY))
    .map((from) => ({ from, to: addDays(from, nights) }));
}

/** 'March': a month's name (the months offered are within a year, so the name says which). */
export function monthName(month: YearMonth): string {
  return dateFormat({ month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** 'A weekend in March', 'A week in March or April', 'A month in March, April or May'. */
export function flexibleSummary(stay: FlexibleStay, months: readonly YearMonth[]): string {
  const names = sortMonths(months).map(monthName);
  const last = names.pop() ?? '';
  const list = names.length > 0 ? i18n.t('{months} or {last}', { months: names.join(', '), last }) : last;
  switch (stay) {
    case 'weekend':
      return i18n.t('A weekend in {months}', { months: list });
    case 'week':
      return i18n.t('A week in {months}', { months: list });
    case 'month':
      return i18n.t('A month in {months}', { months: list });
  }
}

/** 'Mar 6 – 8', or 'Mar 30 – Apr 1' across a month's end: a card's stay in a few characters. */
export function shortStayText({ from, to }: Stay): string {
  const monthDayFormat = dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
  const start = monthDayFormat.format(new Date(`${from}T00:00:00Z`));
  const end = from.slice(0, 7) === to.slice(0, 7) ? String(Number(to.slice(8))) : monthDayFormat.format(new Date(`${to}T00:00:00Z`));
  return `${start} – ${end}`;
}
