/*
 * A listing's stay rules and prices beyond its one nightly price: what a host sets for the whole listing (weekend
 * price, minimum and maximum nights, check-in and check-out days, advance notice, booking window, preparation time,
 * fees, discounts, tax) and what they set on chosen nights in the calendar (a price, a minimum stay, a block, a
 * note). Read by the one quote (`quote.ts`), the one refusal (`stay-rules.ts`), the calendar and, as SQL, search
 * (docs/decisions/047-host-calendar-and-price-quote.md).
 *
 * Free of zod, so the room page's bundle can take it module by module (docs/decisions/017-bundle-budget.md).
 */
import { addDays, addMonthsToDate, dayOfWeek, nightsBetween, type IsoDate } from './dates.js';
import type { Cents } from './money.js';
import { MAX_STAY_NIGHTS } from './stay-limits.js';
import type { Stay } from './stays.js';

/* ---------------------------------------------------------------- weekdays */

/** Weekdays as `Date#getUTCDay` counts them: 0 is Sunday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A set of weekdays as 7 bits, bit `d` for weekday `d`: how check-in and check-out days are stored. */
export type WeekdayMask = number;
export const ALL_WEEKDAYS: WeekdayMask = 0b111_1111;

/** The weekday of a calendar date (0 is Sunday), the same wherever it is read. */
export function weekdayOf(date: IsoDate): number {
  return dayOfWeek(date);
}

export function maskHasWeekday(mask: WeekdayMask, weekday: number): boolean {
  return (mask & (1 << weekday)) !== 0;
}

export function weekdaysOfMask(mask: WeekdayMask): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((weekday) => maskHasWeekday(mask, weekday));
}

export function maskOfWeekdays(weekdays: readonly number[]): WeekdayMask {
  return weekdays.reduce((mask, weekday) => mask | (1 << weekday), 0);
}

/** Friday and Saturday nights take the weekend price. */
export function isWeekendNight(night: IsoDate): boolean {
  const weekday = weekdayOf(night);
  return weekday === 5 || weekday === 6;
}

/* ---------------------------------------------------------------- the listing's rules */

/** How far ahead a stay may start, in months; null: up to the end of the availability window. */
export const BOOKING_WINDOW_MONTHS = [3, 6, 9, 12, 24] as const;
export type BookingWindowMonths = (typeof BOOKING_WINDOW_MONTHS)[number];

export const PREPARATION_NIGHTS = [0, 1, 2] as const;
export type PreparationNights = (typeof PREPARATION_NIGHTS)[number];

export const LISTING_RULE_LIMITS = {
  maxNoticeDays: 7,
  /** The longest minimum or maximum stay a host may set: one booking's longest stay. */
  maxNights: MAX_STAY_NIGHTS,
  maxDiscountPct: 90,
  /** 30% in basis points (hundredths of a percent). */
  maxTaxRateBp: 3_000,
  /** A fee is at most the highest nightly price. */
  maxFeeCents: 10_000_000,
} as const;

export type ListingRules = {
  /** The price of a night the calendar does not price, in cents. */
  priceCents: Cents;
  /** The price of a Friday or Saturday night the calendar does not price; null: the nightly price. */
  weekendPriceCents: Cents | null;
  /** The shortest stay (the calendar may ask more of stays starting on chosen nights) and the longest. */
  minNights: number;
  maxNights: number;
  checkInDays: WeekdayMask;
  checkOutDays: WeekdayMask;
  /**
   * Advance notice: a stay starts at least this many days after the room's today (0 to 7). With 0, a same-day
   * stay may be booked until `sameDayUntil` ('HH:MM' where the room is), or all day when it is null.
   */
  noticeDays: number;
  sameDayUntil: string | null;
  bookingWindowMonths: BookingWindowMonths | null;
  /** Nights kept free before and after each confirmed stay and imported block. */
  preparationNights: PreparationNights;
  cleaningFeeCents: Cents;
  /** Charged per night for each guest above `guestsIncluded`. */
  extraGuestFeeCents: Cents;
  guestsIncluded: number;
  /** Whole percent off the nights, from 7 nights (weekly) and from 28 (monthly); the larger applies. */
  weeklyDiscountPct: number;
  monthlyDiscountPct: number;
  /** Occupancy tax on the nights and the fees, in basis points (1,234 is 12.34%). */
  taxRateBp: number;
  /** True: a guest books at once. False: a guest requests the stay and the host accepts or declines it (decision 049). */
  instantBook: boolean;
};

/** What a listing has before its host sets anything: the product as it was, one price and any stay. */
export const DEFAULT_LISTING_RULES: Omit<ListingRules, 'priceCents'> = {
  weekendPriceCents: null,
  minNights: 1,
  maxNights: MAX_STAY_NIGHTS,
  checkInDays: ALL_WEEKDAYS,
  checkOutDays: ALL_WEEKDAYS,
  noticeDays: 0,
  sameDayUntil: null,
  bookingWindowMonths: null,
  preparationNights: 0,
  cleaningFeeCents: 0,
  extraGuestFeeCents: 0,
  guestsIncluded: 1,
  weeklyDiscountPct: 0,
  monthlyDiscountPct: 0,
  taxRateBp: 0,
  instantBook: true,
};

export const WEEKLY_DISCOUNT_NIGHTS = 7;
export const MONTHLY_DISCOUNT_NIGHTS = 28;

/** The rules as a database row holds them: the same names, its numbers not narrowed to the choices. */
export type StoredListingRules = Omit<ListingRules, 'bookingWindowMonths' | 'preparationNights'> & {
  bookingWindowMonths: number | null;
  preparationNights: number;
};

/** A listing's rules from a row that holds them (a room row has every field under the same name). */
export function listingRulesOf(row: StoredListingRules): ListingRules {
  return {
    priceCents: row.priceCents,
    weekendPriceCents: row.weekendPriceCents,
    minNights: row.minNights,
    maxNights: row.maxNights,
    checkInDays: row.checkInDays,
    checkOutDays: row.checkOutDays,
    noticeDays: row.noticeDays,
    sameDayUntil: row.sameDayUntil,
    // The database's checks hold both to their choices.
    bookingWindowMonths: row.bookingWindowMonths as BookingWindowMonths | null,
    preparationNights: row.preparationNights as PreparationNights,
    cleaningFeeCents: row.cleaningFeeCents,
    extraGuestFeeCents: row.extraGuestFeeCents,
    guestsIncluded: row.guestsIncluded,
    weeklyDiscountPct: row.weeklyDiscountPct,
    monthlyDiscountPct: row.monthlyDiscountPct,
    taxRateBp: row.taxRateBp,
    instantBook: row.instantBook,
  };
}

/** The last day a stay may start on by the booking window, counted from the room's today; null: no such rule. */
export function lastBookableCheckIn(rules: Pick<ListingRules, 'bookingWindowMonths'>, today: IsoDate): IsoDate | null {
  return rules.bookingWindowMonths === null ? null : addMonthsToDate(today, rules.bookingWindowMonths);
}

/** The first day a stay may start on by the advance notice, given the room's today and its time of day ('HH:MM'). */
export function firstNoticeCheckIn(rules: Pick<ListingRules, 'noticeDays' | 'sameDayUntil'>, today: IsoDate, timeOfDay: string): IsoDate {
  if (rules.noticeDays > 0) return addDays(today, rules.noticeDays);
  return rules.sameDayUntil !== null && timeOfDay >= rules.sameDayUntil ? addDays(today, 1) : today;
}

/* ---------------------------------------------------------------- what the calendar sets on nights */

/**
 * What a host set on a run of nights [from, to): a price, a minimum stay for stays starting on them, a block, a
 * note. Null (or false) is "as the listing says". A room's settings never overlap: setting a range splits the
 * settings it meets (`applyNightChange`).
 */
export type NightSetting = Stay & {
  priceCents: Cents | null;
  minNights: number | null;
  blocked: boolean;
  note: string | null;
};

/** One change made in the calendar: each field given is set on every night of the range; null clears it. */
export type NightChange = Partial<Pick<NightSetting, 'priceCents' | 'minNights' | 'blocked' | 'note'>>;

function isEmptySetting(setting: NightSetting): boolean {
  return setting.priceCents === null && setting.minNights === null && !setting.blocked && setting.note === null;
}

function sameValues(a: NightSetting, b: NightSetting): boolean {
  return a.priceCents === b.priceCents && a.minNights === b.minNights && a.blocked === b.blocked && a.note === b.note;
}

/**
 * The settings after `change` is made on the nights of `range`: settings it covers take the change, those it
 * meets are split at its ends, nights it covers that had none gain one, settings left saying nothing go, and
 * neighbours that say the same are joined. Answers settings in date order, none overlapping.
 */
export function applyNightChange(settings: readonly NightSetting[], range: Stay, change: NightChange): NightSetting[] {
  // A range without nights changes none; one ending before it starts would otherwise keep both ends of a setting it
  // meets, overlapping.
  if (range.to <= range.from) return [...settings];
  const pieces: NightSetting[] = [];
  const inside: NightSetting[] = [];
  for (const setting of settings) {
    if (setting.to <= range.from || setting.from >= range.to) {
      pieces.push(setting);
      continue;
    }
    if (setting.from < range.from) pieces.push({ ...setting, to: range.from });
    if (setting.to > range.to) pieces.push({ ...setting, from: range.to });
    inside.push({ ...setting, from: setting.from > range.from ? setting.from : range.from, to: setting.to < range.to ? setting.to : range.to });
  }
  // The nights of the range no setting covered.
  inside.sort((a, b) => (a.from < b.from ? -1 : 1));
  let cursor = range.from;
  const gaps: NightSetting[] = [];
  for (const setting of inside) {
    if (setting.from > cursor) gaps.push({ from: cursor, to: setting.from, priceCents: null, minNights: null, blocked: false, note: null });
    cursor = setting.to;
  }
  if (cursor < range.to) gaps.push({ from: cursor, to: range.to, priceCents: null, minNights: null, blocked: false, note: null });
  // A field given as undefined is not given: spread as it is, it would leave a setting neither null nor set.
  const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as NightChange;
  for (const setting of [...inside, ...gaps]) pieces.push({ ...setting, ...given });
  return joinNeighbours(pieces.filter((setting) => !isEmptySetting(setting) && setting.from < setting.to));
}

/** Nothing set: what a night is without a setting. */
const NOTHING_SET: NightChange = { priceCents: null, minNights: null, blocked: false, note: null };

/**
 * The settings with those of `range` replaced by `replacement` (clipped to the range): undoing a change puts back
 * the settings it answered as `previous`.
 */
export function replaceNightSettings(settings: readonly NightSetting[], range: Stay, replacement: readonly NightSetting[]): NightSetting[] {
  let result = applyNightChange(settings, range, NOTHING_SET);
  for (const setting of replacement) {
    const from = setting.from > range.from ? setting.from : range.from;
    const to = setting.to < range.to ? setting.to : range.to;
    if (from < to) result = applyNightChange(result, { from, to }, { priceCents: setting.priceCents, minNights: setting.minNights, blocked: setting.blocked, note: setting.note });
  }
  return result;
}

/** The settings that meet `range`, clipped to it. */
export function settingsWithin(settings: readonly NightSetting[], range: Stay): NightSetting[] {
  return settings
    .filter((setting) => setting.from < range.to && range.from < setting.to)
    .map((setting) => ({ ...setting, from: setting.from > range.from ? setting.from : range.from, to: setting.to < range.to ? setting.to : range.to }));
}

function joinNeighbours(settings: NightSetting[]): NightSetting[] {
  const sorted = [...settings].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const joined: NightSetting[] = [];
  for (const setting of sorted) {
    const last = joined.at(-1);
    if (last && last.to === setting.from && sameValues(last, setting)) joined[joined.length - 1] = { ...last, to: setting.to };
    else joined.push(setting);
  }
  return joined;
}

/** The setting that covers `night`, if any (`settings` in date order, none overlapping). */
export function settingOn(settings: readonly NightSetting[], night: IsoDate): NightSetting | undefined {
  return settings.find((setting) => setting.from <= night && night < setting.to);
}

/** A night's price: the calendar's, else the weekend price on Friday and Saturday nights, else the nightly price. */
export function nightPriceCents(rules: Pick<ListingRules, 'priceCents' | 'weekendPriceCents'>, setting: NightSetting | undefined, night: IsoDate): Cents {
  if (setting?.priceCents != null) return setting.priceCents;
  if (rules.weekendPriceCents !== null && isWeekendNight(night)) return rules.weekendPriceCents;
  return rules.priceCents;
}

/** The shortest stay that may start on `checkIn`: the calendar's, else the listing's. */
export function minNightsFrom(rules: Pick<ListingRules, 'minNights'>, settings: readonly NightSetting[], checkIn: IsoDate): number {
  return settingOn(settings, checkIn)?.minNights ?? rules.minNights;
}

/** The blocked nights of `stay`, as the calendar's blocked runs it meets; empty when none. */
export function blockedRunsIn(settings: readonly NightSetting[], stay: Stay): Stay[] {
  return settings
    .filter((setting) => setting.blocked && setting.from < stay.to && stay.from < setting.to)
    .map(({ from, to }) => ({ from, to }));
}

/** Stays widened by the preparation time on both sides: the nights they keep from other stays. */
export function withPreparation(stays: readonly Stay[], preparationNights: number): Stay[] {
  if (preparationNights === 0) return [...stays];
  return stays.map((stay) => ({ from: addDays(stay.from, -preparationNights), to: addDays(stay.to, preparationNights) }));
}

/** Each night of a stay, in order. */
export function nightsOf(stay: Stay): IsoDate[] {
  const count = Math.max(0, nightsBetween(stay.from, stay.to));
  return Array.from({ length: count }, (_, i) => addDays(stay.from, i));
}
