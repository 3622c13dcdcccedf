import {
  addDays,
  addMonthsToDate,
  dayOfWeek,
  formatIsoDate,
  formatLongDate,
  formatMonthDay,
  formatMonthYear,
  nightsBetween,
  weekdayName,
  type IsoDate,
} from '@staybook/domain/dates';
import type { HostCalendarNight } from '@staybook/domain/host-calendar';
import { formatMoney } from '@staybook/domain/money';
import { stayProblemText } from '@staybook/domain/stay-rules';
import { i18n } from '../../../lib/i18n';

/*
 * The host calendar's pure parts: its months as week rows, the selection, where the keyboard moves, and what each
 * night is called (the day cell's accessible name holds everything the cell shows, and its state), in the page's
 * language.
 */

/** A Sunday: the first of the week's seven days. */
const A_SUNDAY = '2023-01-01';

/** The column headers, weeks starting on Sunday: what a header shows ('Sun') and what it is called ('Sunday'). */
export function weekdayHeaders(): { short: string; name: string }[] {
  return Array.from({ length: 7 }, (_, day) => {
    const date = addDays(A_SUNDAY, day);
    return { short: weekdayName(date, 'short'), name: weekdayName(date) };
  });
}

/** 0 for Sunday. */
export function weekdayOf(date: IsoDate): number {
  return dayOfWeek(date);
}

/** 'Friday, March 5, 2027' ('viernes, 5 de marzo de 2027'). */
export function longDate(date: IsoDate): string {
  return formatLongDate(date);
}

/** 'Fri, Mar 5' ('vie, 5 mar'). */
export function shortDate(date: IsoDate): string {
  return `${weekdayName(date, 'short')}, ${formatMonthDay(date)}`;
}

/** One month of the calendar: its nights in week rows (Sunday first), null where a week reaches into another month. */
export interface CalendarMonth {
  /** '2027-03' */
  key: string;
  /** 'March 2027' */
  label: string;
  weeks: (HostCalendarNight | null)[][];
}

/** The answer's nights (in date order, whole months) as months of week rows. */
export function monthsOf(nights: readonly HostCalendarNight[]): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  let week: (HostCalendarNight | null)[] = [];
  for (const night of nights) {
    const key = night.date.slice(0, 7);
    let month = months.at(-1);
    if (month?.key !== key) {
      if (month && week.length > 0) month.weeks.push(padWeek(week));
      month = { key, label: formatMonthYear(night.date), weeks: [] };
      months.push(month);
      week = Array.from({ length: weekdayOf(night.date) }, () => null);
    }
    week.push(night);
    if (week.length === 7) {
      month.weeks.push(week);
      week = [];
    }
  }
  const last = months.at(-1);
  if (last && week.length > 0) last.weeks.push(padWeek(week));
  return months;
}

function padWeek(week: (HostCalendarNight | null)[]): (HostCalendarNight | null)[] {
  return [...week, ...Array.from({ length: 7 - week.length }, () => null)];
}

/* ---------------------------------------------------------------- the selection */

/** A selection of nights: where it started (`anchor`) and the night the keyboard or pointer is on (`focus`). */
export interface Selection {
  anchor: IsoDate;
  focus: IsoDate;
}

/** The nights a selection covers as a range: its first night and the day after its last (as the API takes it). */
export interface NightRange {
  from: IsoDate;
  to: IsoDate;
}

export function rangeOf({ anchor, focus }: Selection): NightRange {
  const [first, last] = anchor <= focus ? [anchor, focus] : [focus, anchor];
  return { from: first, to: addDays(last, 1) };
}

export function inRange(range: NightRange, date: IsoDate): boolean {
  return range.from <= date && date < range.to;
}

/** The part of `range` that falls in `month` ('2027-03'), or null: what one month's grid needs to draw it. */
export function rangeInMonth(range: NightRange, month: string): NightRange | null {
  const first = `${month}-01`;
  const next = addMonthsToDate(first, 1);
  const from = range.from > first ? range.from : first;
  const to = range.to < next ? range.to : next;
  return from < to ? { from, to } : null;
}

/**
 * 'Mar 5 – Mar 8, 2027 (3 nights)' ('5 mar – 8 mar 2027 (3 noches)'): the first night and the day after the last, as
 * a stay is written.
 */
export function rangeTitle({ from, to }: NightRange): string {
  const count = nightsBetween(from, to);
  return from.slice(0, 4) === to.slice(0, 4)
    ? i18n.t('{from} – {to}, {year} ({count, plural, one {# night} other {# nights}})', { from: formatMonthDay(from), to: formatMonthDay(to), year: to.slice(0, 4), count })
    : i18n.t('{from} – {to} ({count, plural, one {# night} other {# nights}})', { from: formatIsoDate(from), to: formatIsoDate(to), count });
}

/* ---------------------------------------------------------------- the keyboard */

/**
 * Where a key moves the focus from `date`: arrows by a day or a week, Home and End to the week's ends, Page Up and
 * Page Down by a month. Null for any other key.
 */
export function movedDate(date: IsoDate, key: string): IsoDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekdayOf(date));
    case 'End':
      return addDays(date, 6 - weekdayOf(date));
    case 'PageUp':
      return addMonthsToDate(date, -1);
    case 'PageDown':
      return addMonthsToDate(date, 1);
    default:
      return null;
  }
}

/** `date` kept within the nights on screen, [first, end). */
export function clampDate(date: IsoDate, first: IsoDate, end: IsoDate): IsoDate {
  if (date < first) return first;
  if (date >= end) return addDays(end, -1);
  return date;
}

/* ---------------------------------------------------------------- what a night shows and is called */

/** The short text a day cell shows under its price for its state ('Blocked', the guest's name, the other site). */
export function nightMarker(night: HostCalendarNight): string | null {
  switch (night.state) {
    case 'booked':
      return night.guestName ?? i18n.t('Booked');
    case 'blocked':
      return i18n.t('Blocked');
    case 'imported':
      return night.importedFrom ?? i18n.t('Imported');
    case 'preparation':
      return i18n.t('Preparation');
    case 'outside':
      return i18n.t('Outside');
    case 'past':
      return night.guestName;
    case 'free':
      return night.startProblemFacts ? i18n.t('No check-in') : null;
  }
}

/** What holds the night, as its accessible name says it (with the cell's marker text in it). */
export function nightStateText(night: HostCalendarNight): string {
  switch (night.state) {
    case 'booked':
      return night.guestName ? i18n.t('booked by {guest}', { guest: night.guestName }) : i18n.t('booked by a guest');
    case 'blocked':
      return i18n.t('blocked');
    case 'imported':
      return night.importedFrom ? i18n.t('blocked by {site}', { site: night.importedFrom }) : i18n.t('blocked by an imported calendar');
    case 'preparation':
      return i18n.t('held for preparation time');
    case 'outside':
      return i18n.t('outside the availability window');
    case 'past':
      return night.guestName ? i18n.t('past, booked by {guest}', { guest: night.guestName }) : i18n.t('past');
    case 'free':
      // Why, written here in the page's language from the problem's figures (the API's sentence is English).
      return night.startProblemFacts
        ? i18n.t('free, no check-in, no stay can start: {problem}', { problem: stayProblemText(night.startProblemFacts) })
        : i18n.t('free');
  }
}

/** 'Friday, March 2027' ('viernes, marzo de 2027'): the rest of a night's date once its day is said. */
export function weekdayAndMonth(date: IsoDate): string {
  return `${weekdayName(date)}, ${formatMonthYear(date)}`;
}

/**
 * The day cell's accessible name. It begins with what the cell shows, in its order ('5', '$150', 'Ana Lima'): a
 * person using speech input says what they see (WCAG 2.5.3, axe's label-content-name-mismatch), as the calendars'
 * day buttons are named. Then the rest of the date, its state and what else was set on the night:
 * '5, $150, Ana Lima, Friday, March 2027, booked by Ana Lima'.
 */
export function nightName(night: HostCalendarNight, today: IsoDate): string {
  const marker = nightMarker(night);
  const parts = [String(Number(night.date.slice(8))), formatMoney(night.priceCents)];
  if (marker !== null) parts.push(marker);
  parts.push(weekdayAndMonth(night.date));
  if (night.date === today) parts.push(i18n.t('today'));
  if (night.customPrice) parts.push(i18n.t('price set for this night'));
  parts.push(nightStateText(night));
  if (night.minNights !== null) parts.push(i18n.t('minimum stay {count, plural, one {# night} other {# nights}}', { count: night.minNights }));
  if (night.note) parts.push(i18n.t('note: {note}', { note: night.note }));
  return parts.join(', ');
}
