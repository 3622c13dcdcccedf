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
  type BookingWindowMonths,
  type ListingRules,
  type PreparationNights,
} from './listing-rules.js';
import { TIME_OF_DAY } from './amenities.js';
import { formatMoney, parseDollars, type Cents } from './money.js';
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

/** Dollars from 0 (or the smallest price) to `max`, at most two decimals; blank is `blank`. Answers cents. */
function dollarsSchema<B extends Cents | null>(label: string, { min, max, blank }: { min: Cents; max: Cents; blank: B }) {
  return z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be an amount in dollars` })
    .transform((value, ctx): Cents | B => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (isBlank(value)) return blank;
      const amount = parseDollars(value as number | string);
      if (!amount) return fail(`${label} must be an amount in dollars`);
      if (amount.cents === null) return fail(`${label} can have at most two decimals`);
      if (amount.cents < min) return fail(`${label} must be at least ${formatMoney(min)}`);
      if (amount.cents > max) return fail(`${label} must be at most ${formatMoney(max)}`);
      return amount.cents;
    });
}

/** A whole number from `min` to `max`. */
function wholeSchema(label: string, min: number, max: number, unit = '') {
  const message = `${label} must be a whole number from ${min} to ${max}${unit}`;
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx): number => {
    const n = numberOf(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

/** One of a few numbers; blank is `blank`. */
function choiceSchema<T extends number, B extends T | null>(label: string, choices: readonly T[], blank: B, noneText: string) {
  const message = `${label} must be ${choices.join(', ').replace(/, (\d+)$/, ' or $1')}${noneText}`;
  return z.union([z.number(), z.string(), z.null()], { error: message }).transform((value, ctx): T | B => {
    if (isBlank(value)) return blank;
    const n = numberOf(value as number | string);
    if (!(choices as readonly number[]).includes(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n as T;
  });
}

/** Weekdays as their numbers (0 is Sunday), at least one: stored as a mask. */
function weekdaysSchema(label: string) {
  return z
    .array(z.union([z.number(), z.string()]), { error: `${label} must be a list of weekdays` })
    .transform((days, ctx): number => {
      const numbers = days.map((day) => numberOf(day));
      if (numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 6)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be weekdays from 0 (Sunday) to 6 (Saturday)` });
        return z.NEVER;
      }
      if (numbers.length === 0) {
        ctx.addIssue({ code: 'custom', message: `Please choose at least one ${label.toLowerCase().replace(/ days$/, ' day')}` });
        return z.NEVER;
      }
      return maskOfWeekdays(numbers);
    });
}

/** A percentage typed with at most two decimals (7.25) from 0 to `maxBp`, as basis points; blank is 0. */
export function rateSchema(label: string, maxBp: number) {
  const message = `${label} must be a percentage from 0 to ${maxBp / 100} with at most two decimals`;
  return z.union([z.number(), z.string(), z.null()], { error: message }).transform((value, ctx): number => {
    if (isBlank(value)) return 0;
    const percent = numberOf(value as number | string);
    const bp = Math.round(percent * 100);
    if (!Number.isFinite(percent) || Math.abs(percent * 100 - bp) > 1e-6 || bp < 0 || bp > maxBp) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return bp;
  });
}

const sameDayUntilSchema = z.union([z.string(), z.null()], { error: 'Same-day cut-off must be a time such as 18:00' }).transform((value, ctx): string | null => {
  const time = value?.trim() ?? '';
  if (time === '') return null;
  if (!TIME_OF_DAY.test(time)) {
    ctx.addIssue({ code: 'custom', message: 'Same-day cut-off must be a time such as 18:00' });
    return z.NEVER;
  }
  return time;
});

/** The rule fields of a room's input, each optional; what `listingRulesFrom` turns into columns. */
export const LISTING_RULE_FIELDS = {
  weekendPrice: dollarsSchema('Weekend price', { min: ROOM_LIMITS.minPriceCents, max: ROOM_LIMITS.maxPriceCents, blank: null }).optional(),
  minNights: wholeSchema('Minimum nights', 1, LISTING_RULE_LIMITS.maxNights).optional(),
  maxNights: wholeSchema('Maximum nights', 1, LISTING_RULE_LIMITS.maxNights).optional(),
  checkInDays: weekdaysSchema('Check-in days').optional(),
  checkOutDays: weekdaysSchema('Check-out days').optional(),
  noticeDays: wholeSchema('Advance notice', 0, LISTING_RULE_LIMITS.maxNoticeDays, ' days').optional(),
  sameDayUntil: sameDayUntilSchema.optional(),
  bookingWindowMonths: choiceSchema('Booking window', BOOKING_WINDOW_MONTHS, null, ' months, or empty for the whole availability').optional(),
  preparationNights: choiceSchema('Preparation time', PREPARATION_NIGHTS, 0 as PreparationNights, ' nights').optional(),
  cleaningFee: dollarsSchema('Cleaning fee', { min: 0, max: LISTING_RULE_LIMITS.maxFeeCents, blank: 0 }).optional(),
  extraGuestFee: dollarsSchema('Extra guest fee', { min: 0, max: LISTING_RULE_LIMITS.maxFeeCents, blank: 0 }).optional(),
  guestsIncluded: wholeSchema('Guests included in the price', 1, ROOM_LIMITS.maxGuests).optional(),
  weeklyDiscount: wholeSchema('Weekly discount', 0, LISTING_RULE_LIMITS.maxDiscountPct, ' percent').optional(),
  monthlyDiscount: wholeSchema('Monthly discount', 0, LISTING_RULE_LIMITS.maxDiscountPct, ' percent').optional(),
  taxRate: rateSchema('Occupancy tax', LISTING_RULE_LIMITS.maxTaxRateBp).optional(),
  instantBook: z.boolean({ error: 'Instant book must be true or false' }).optional(),
};

type RuleFields = { [K in keyof typeof LISTING_RULE_FIELDS]?: z.output<(typeof LISTING_RULE_FIELDS)[K]> };

/** The rules a room input sets, as `ListingRules` fields (columns of the same names); what it leaves out, it does not set. */
export function listingRulesFrom(input: RuleFields): Partial<Omit<ListingRules, 'priceCents'>> {
  const rules: Partial<Omit<ListingRules, 'priceCents'>> = {};
  if (input.weekendPrice !== undefined) rules.weekendPriceCents = input.weekendPrice;
  if (input.minNights !== undefined) rules.minNights = input.minNights;
  if (input.maxNights !== undefined) rules.maxNights = input.maxNights;
  if (input.checkInDays !== undefined) rules.checkInDays = input.checkInDays;
  if (input.checkOutDays !== undefined) rules.checkOutDays = input.checkOutDays;
  if (input.noticeDays !== undefined) rules.noticeDays = input.noticeDays;
  if (input.sameDayUntil !== undefined) rules.sameDayUntil = input.sameDayUntil;
  if (input.bookingWindowMonths !== undefined) rules.bookingWindowMonths = input.bookingWindowMonths as BookingWindowMonths | null;
  if (input.preparationNights !== undefined) rules.preparationNights = input.preparationNights as PreparationNights;
  if (input.cleaningFee !== undefined) rules.cleaningFeeCents = input.cleaningFee;
  if (input.extraGuestFee !== undefined) rules.extraGuestFeeCents = input.extraGuestFee;
  if (input.guestsIncluded !== undefined) rules.guestsIncluded = input.guestsIncluded;
  if (input.weeklyDiscount !== undefined) rules.weeklyDiscountPct = input.weeklyDiscount;
  if (input.monthlyDiscount !== undefined) rules.monthlyDiscountPct = input.monthlyDiscount;
  if (input.taxRate !== undefined) rules.taxRateBp = input.taxRate;
  if (input.instantBook !== undefined) rules.instantBook = input.instantBook;
  return rules;
}

/** The input fields that set `rules` (the inverse of `listingRulesFrom`): dollars, percents and weekday lists. */
export function ruleFieldsOf(rules: Partial<Omit<ListingRules, 'priceCents'>>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const dollars = (cents: Cents) => cents / 100;
  if (rules.weekendPriceCents !== undefined) fields.weekendPrice = rules.weekendPriceCents === null ? null : dollars(rules.weekendPriceCents);
  if (rules.minNights !== undefined) fields.minNights = rules.minNights;
  if (rules.maxNights !== undefined) fields.maxNights = rules.maxNights;
  if (rules.checkInDays !== undefined) fields.checkInDays = weekdaysOfMask(rules.checkInDays);
  if (rules.checkOutDays !== undefined) fields.checkOutDays = weekdaysOfMask(rules.checkOutDays);
  if (rules.noticeDays !== undefined) fields.noticeDays = rules.noticeDays;
  if (rules.sameDayUntil !== undefined) fields.sameDayUntil = rules.sameDayUntil;
  if (rules.bookingWindowMonths !== undefined) fields.bookingWindowMonths = rules.bookingWindowMonths;
  if (rules.preparationNights !== undefined) fields.preparationNights = rules.preparationNights;
  if (rules.cleaningFeeCents !== undefined) fields.cleaningFee = dollars(rules.cleaningFeeCents);
  if (rules.extraGuestFeeCents !== undefined) fields.extraGuestFee = dollars(rules.extraGuestFeeCents);
  if (rules.guestsIncluded !== undefined) fields.guestsIncluded = rules.guestsIncluded;
  if (rules.weeklyDiscountPct !== undefined) fields.weeklyDiscount = rules.weeklyDiscountPct;
  if (rules.monthlyDiscountPct !== undefined) fields.monthlyDiscount = rules.monthlyDiscountPct;
  if (rules.taxRateBp !== undefined) fields.taxRate = rules.taxRateBp / 100;
  if (rules.instantBook !== undefined) fields.instantBook = rules.instantBook;
  return fields;
}

/**
 * The rules that must hold between fields, on the rules a room will have (what it had, with the input's changes):
 * each problem as the field it names and its message. A same-day cut-off only means something without notice days.
 */
export function listingRulesProblems(rules: Omit<ListingRules, 'priceCents'>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (rules.minNights > rules.maxNights) problems.maxNights = 'Maximum nights must be at least the minimum nights';
  if (rules.sameDayUntil !== null && rules.noticeDays > 0) problems.sameDayUntil = 'A same-day cut-off needs an advance notice of 0 days';
  return problems;
}

const RULE_KEYS = Object.keys(LISTING_RULE_FIELDS) as (keyof typeof LISTING_RULE_FIELDS)[];

/** A room input's values parted into the rules it sets and everything else. */
export function splitRuleFields<T extends RuleFields>(values: T): { rules: Partial<Omit<ListingRules, 'priceCents'>>; rest: Omit<T, keyof RuleFields> } {
  const rest: Record<string, unknown> = { ...values };
  for (const key of RULE_KEYS) delete rest[key];
  return { rules: listingRulesFrom(values), rest: rest as Omit<T, keyof RuleFields> };
}
