/*
 * The listing's stay rules and fees as Add Room, 'Update Room Info' and 'Pricing and availability' send them: money
 * in dollars and rates in percent as a person types them, each checked with a message naming its field. Left out,
 * a rule keeps its default on a new room and its value on an update (as the cancellation policy does).
 */
import { z } from 'zod';
import {
  BOOKING_WINDOW_MONTHS,
  LISTING_RULE_LIMITS,
  maskOfWeekdays,
  weekdaysOfMask,
  PREPARATION_NIGHTS,
  type ListingRules,
  type PreparationNights,
} from './listing-rules.js';
import { TIME_OF_DAY } from './amenities.js';
import { currencyWords, formatMoney, parseDollars, tooManyDecimalsMessage, type Cents, type MoneyField } from './money.js';
import { countText, i18n } from './locale.js';
import { ROOM_LIMITS } from './room-limits.js';

/** A form field left empty arrives as undefined, null, '' or (from a number input) NaN. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || Number.isNaN(value);
}

/** A number as sent or as typed ('3', ' 12.5 '); NaN for anything else. */
function numberOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
}

/** A field of money's sentences, given the currency's word ('dollars', 'EUR') or an amount in it, one per check. */
interface AmountTexts {
  notAnAmount: (currency: string) => string;
  atLeast: (min: string) => string;
  atMost: (max: string) => string;
}

/**
 * The currency's major unit from 0 (or the smallest price) to `max`, no more decimals than it has; blank is `blank`.
 * Answers minor units. Its sentences are written when the value is checked (a page shows them in its language, the
 * server in English).
 */
function dollarsSchema<B extends Cents | null>(field: MoneyField, texts: AmountTexts, { min, max, blank }: { min: Cents; max: Cents; blank: B }) {
  // The currency's word as the page's language writes it ('dollars' is 'dólares'; a code stays a code).
  const notAnAmount = () => texts.notAnAmount(i18n.known(currencyWords()));
  return z
    .union([z.number(), z.string(), z.null()], { error: notAnAmount })
    .transform((value, ctx): Cents | B => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (isBlank(value)) return blank;
      const amount = parseDollars(value as number | string);
      if (!amount) return fail(notAnAmount());
      if (amount.cents === null) return fail(tooManyDecimalsMessage(field));
      if (amount.cents < min) return fail(texts.atLeast(formatMoney(min)));
      if (amount.cents > max) return fail(texts.atMost(formatMoney(max)));
      return amount.cents;
    });
}

/**
 * A whole number from `min` to `max`. `message` is the field's one sentence for a number it refuses, given the two
 * limits as the page's language writes them, written when the value is checked.
 */
function wholeSchema(min: number, max: number, message: (limits: { min: string; max: string }) => string) {
  const refused = () => message({ min: countText(min), max: countText(max) });
  return z.union([z.number(), z.string()], { error: refused }).transform((value, ctx): number => {
    const n = numberOf(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: refused() });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * One of a few numbers; blank is `blank`. `message` is the field's one sentence for a number it refuses, given the
 * choices but the last ('3, 6, 9, 12') and the last ('24'), written when the value is checked.
 */
function choiceSchema<T extends number, B extends T | null>(choices: readonly T[], blank: B, message: (choices: { choices: string; last: string }) => string) {
  const refused = () => message({ choices: choices.slice(0, -1).map((n) => countText(n)).join(', '), last: countText(choices.at(-1) ?? 0) });
  return z.union([z.number(), z.string(), z.null()], { error: refused }).transform((value, ctx): T | B => {
    if (isBlank(value)) return blank;
    const n = numberOf(value as number | string);
    if (!(choices as readonly number[]).includes(n)) {
      ctx.addIssue({ code: 'custom', message: refused() });
      return z.NEVER;
    }
    return n as T;
  });
}

/**
 * Weekdays as their numbers (0 is Sunday), at least one: stored as a mask. The field's sentences are written when the
 * value is checked (a page shows them in its language, the server in English).
 */
function weekdaysSchema(texts: { notAList: () => string; notWeekdays: () => string; none: () => string }) {
  return z
    .array(z.union([z.number(), z.string()]), { error: texts.notAList })
    .transform((days, ctx): number => {
      const numbers = days.map((day) => numberOf(day));
      if (numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 6)) {
        ctx.addIssue({ code: 'custom', message: texts.notWeekdays() });
        return z.NEVER;
      }
      if (numbers.length === 0) {
        ctx.addIssue({ code: 'custom', message: texts.none() });
        return z.NEVER;
      }
      return maskOfWeekdays(numbers);
    });
}

/**
 * A percentage typed with at most two decimals (7.25) from 0 to `maxBp`, as basis points; blank is 0. `message` is
 * the field's one sentence for a rate it refuses, given the highest percentage, written when the value is checked
 * (so a page shows it in its language and the server in English).
 */
export function rateSchema(message: (max: number) => string, maxBp: number) {
  const refused = () => message(maxBp / 100);
  return z.union([z.number(), z.string(), z.null()], { error: refused }).transform((value, ctx): number => {
    if (isBlank(value)) return 0;
    const percent = numberOf(value as number | string);
    const bp = Math.round(percent * 100);
    if (!Number.isFinite(percent) || Math.abs(percent * 100 - bp) > 1e-6 || bp < 0 || bp > maxBp) {
      ctx.addIssue({ code: 'custom', message: refused() });
      return z.NEVER;
    }
    return bp;
  });
}

/** A fee a host adds to a stay (cleaning, an extra guest): none, when left blank, up to the fees' limit. */
function feeSchema(field: MoneyField, texts: AmountTexts) {
  return dollarsSchema(field, texts, { min: 0, max: LISTING_RULE_LIMITS.maxFeeCents, blank: 0 });
}

/** A time of day as 'HH:MM' (24-hour, what a time input gives), or none: empty or null. `message` is written when checked. */
export function timeOfDaySchema(message: () => string) {
  return z
    .union([z.string(), z.null()], { error: message })
    .transform((value, ctx): string | null => {
      const time = value?.trim() ?? '';
      if (time === '') return null;
      if (!TIME_OF_DAY.test(time)) {
        ctx.addIssue({ code: 'custom', message: message() });
        return z.NEVER;
      }
      return time;
    });
}

/** The rule fields of a room's input, each optional; what `listingRulesFrom` turns into columns. */
export const LISTING_RULE_FIELDS = {
  weekendPrice: dollarsSchema(
    'Weekend price',
    {
      notAnAmount: (currency) => i18n.t('Weekend price must be an amount in {currency}', { currency }),
      atLeast: (min) => i18n.t('Weekend price must be at least {min}', { min }),
      atMost: (max) => i18n.t('Weekend price must be at most {max}', { max }),
    },
    { min: ROOM_LIMITS.minPriceCents, max: ROOM_LIMITS.maxPriceCents, blank: null },
  ).optional(),
  minNights: wholeSchema(1, LISTING_RULE_LIMITS.maxNights, (limits) => i18n.t('Minimum nights must be a whole number from {min} to {max}', limits)).optional(),
  maxNights: wholeSchema(1, LISTING_RULE_LIMITS.maxNights, (limits) => i18n.t('Maximum nights must be a whole number from {min} to {max}', limits)).optional(),
  checkInDays: weekdaysSchema({
    notAList: () => i18n.t('Check-in days must be a list of weekdays'),
    notWeekdays: () => i18n.t('Check-in days must be weekdays from 0 (Sunday) to 6 (Saturday)'),
    none: () => i18n.t('Please choose at least one check-in day'),
  }).optional(),
  checkOutDays: weekdaysSchema({
    notAList: () => i18n.t('Check-out days must be a list of weekdays'),
    notWeekdays: () => i18n.t('Check-out days must be weekdays from 0 (Sunday) to 6 (Saturday)'),
    none: () => i18n.t('Please choose at least one check-out day'),
  }).optional(),
  noticeDays: wholeSchema(0, LISTING_RULE_LIMITS.maxNoticeDays, (limits) => i18n.t('Advance notice must be a whole number from {min} to {max} days', limits)).optional(),
  sameDayUntil: timeOfDaySchema(() => i18n.t('Same-day cut-off must be a time such as 18:00')).optional(),
  bookingWindowMonths: choiceSchema(BOOKING_WINDOW_MONTHS, null, (choices) =>
    i18n.t('Booking window must be {choices} or {last} months, or empty for the whole availability', choices),
  ).optional(),
  preparationNights: choiceSchema(PREPARATION_NIGHTS, 0 as PreparationNights, (choices) => i18n.t('Preparation time must be {choices} or {last} nights', choices)).optional(),
  cleaningFee: feeSchema('Cleaning fee', {
    notAnAmount: (currency) => i18n.t('Cleaning fee must be an amount in {currency}', { currency }),
    atLeast: (min) => i18n.t('Cleaning fee must be at least {min}', { min }),
    atMost: (max) => i18n.t('Cleaning fee must be at most {max}', { max }),
  }).optional(),
  extraGuestFee: feeSchema('Extra guest fee', {
    notAnAmount: (currency) => i18n.t('Extra guest fee must be an amount in {currency}', { currency }),
    atLeast: (min) => i18n.t('Extra guest fee must be at least {min}', { min }),
    atMost: (max) => i18n.t('Extra guest fee must be at most {max}', { max }),
  }).optional(),
  guestsIncluded: wholeSchema(1, ROOM_LIMITS.maxGuests, (limits) => i18n.t('Guests included in the price must be a whole number from {min} to {max}', limits)).optional(),
  weeklyDiscount: wholeSchema(0, LISTING_RULE_LIMITS.maxDiscountPct, (limits) => i18n.t('Weekly discount must be a whole number from {min} to {max} percent', limits)).optional(),
  monthlyDiscount: wholeSchema(0, LISTING_RULE_LIMITS.maxDiscountPct, (limits) => i18n.t('Monthly discount must be a whole number from {min} to {max} percent', limits)).optional(),
  taxRate: rateSchema((max) => i18n.t('Occupancy tax must be a percentage from 0 to {max} with at most two decimals', { max }), LISTING_RULE_LIMITS.maxTaxRateBp).optional(),
  instantBook: z.boolean({ error: () => i18n.t('Instant book must be true or false') }).optional(),
};

type RuleFields = { [K in keyof typeof LISTING_RULE_FIELDS]?: z.output<(typeof LISTING_RULE_FIELDS)[K]> };

type RuleColumns = Omit<ListingRules, 'priceCents'>;

const asIs = (value: unknown) => value;
const dollars = (cents: unknown) => (cents as Cents) / 100;

/**
 * Each rule field of a room's input, the `ListingRules` column it sets (the field's parsed value as it is), and how
 * the column's value reads back as the field's: dollars, percents and weekday lists, as a person types them.
 */
const RULE_COLUMNS: { [K in keyof RuleFields]-?: { column: keyof RuleColumns; asField: (value: unknown) => unknown } } = {
  weekendPrice: { column: 'weekendPriceCents', asField: (cents) => (cents === null ? null : dollars(cents)) },
  minNights: { column: 'minNights', asField: asIs },
  maxNights: { column: 'maxNights', asField: asIs },
  checkInDays: { column: 'checkInDays', asField: (mask) => weekdaysOfMask(mask as RuleColumns['checkInDays']) },
  checkOutDays: { column: 'checkOutDays', asField: (mask) => weekdaysOfMask(mask as RuleColumns['checkOutDays']) },
  noticeDays: { column: 'noticeDays', asField: asIs },
  sameDayUntil: { column: 'sameDayUntil', asField: asIs },
  bookingWindowMonths: { column: 'bookingWindowMonths', asField: asIs },
  preparationNights: { column: 'preparationNights', asField: asIs },
  cleaningFee: { column: 'cleaningFeeCents', asField: dollars },
  extraGuestFee: { column: 'extraGuestFeeCents', asField: dollars },
  guestsIncluded: { column: 'guestsIncluded', asField: asIs },
  weeklyDiscount: { column: 'weeklyDiscountPct', asField: asIs },
  monthlyDiscount: { column: 'monthlyDiscountPct', asField: asIs },
  taxRate: { column: 'taxRateBp', asField: (bp) => (bp as number) / 100 },
  instantBook: { column: 'instantBook', asField: asIs },
};

const RULE_KEYS = Object.keys(LISTING_RULE_FIELDS) as (keyof typeof LISTING_RULE_FIELDS)[];

/** The rules a room input sets, as `ListingRules` fields (columns of the same names); what it leaves out, it does not set. */
export function listingRulesFrom(input: RuleFields): Partial<RuleColumns> {
  const rules: Record<string, unknown> = {};
  for (const key of RULE_KEYS) if (input[key] !== undefined) rules[RULE_COLUMNS[key].column] = input[key];
  return rules as Partial<RuleColumns>;
}

/** The input fields that set `rules` (the inverse of `listingRulesFrom`): dollars, percents and weekday lists. */
export function ruleFieldsOf(rules: Partial<RuleColumns>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of RULE_KEYS) {
    const { column, asField } = RULE_COLUMNS[key];
    if (rules[column] !== undefined) fields[key] = asField(rules[column]);
  }
  return fields;
}

/**
 * The rules that must hold between fields, on the rules a room will have (what it had, with the input's changes):
 * each problem as the field it names and its message. A same-day cut-off only means something without notice days.
 */
export function listingRulesProblems(rules: Omit<ListingRules, 'priceCents'>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (rules.minNights > rules.maxNights) problems.maxNights = i18n.t('Maximum nights must be at least the minimum nights');
  if (rules.sameDayUntil !== null && rules.noticeDays > 0) problems.sameDayUntil = i18n.t('A same-day cut-off needs an advance notice of 0 days');
  return problems;
}

/** A room input's values parted into the rules it sets and everything else. */
export function splitRuleFields<T extends RuleFields>(values: T): { rules: Partial<Omit<ListingRules, 'priceCents'>>; rest: Omit<T, keyof RuleFields> } {
  const rest: Record<string, unknown> = { ...values };
  for (const key of RULE_KEYS) delete rest[key];
  return { rules: listingRulesFrom(values), rest: rest as Omit<T, keyof RuleFields> };
}
