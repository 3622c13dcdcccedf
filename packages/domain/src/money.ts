import { nightsBetween, type IsoDate } from './dates.js';

/**
 * Money is integer cents everywhere it is stored, computed or charged.
 * Only presentation turns it into dollars.
 */
export type Cents = number;

export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/** A dollar amount as typed: digits, maybe a sign and decimals, maybe spaces around ('120', ' 19.99', '-3'). */
const DOLLARS_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * The one reading of a dollar amount, sent as a number or typed as text: its value in dollars, and its cents when
 * it has at most two decimals (null otherwise). Null when it is not a number at all. Limits are the caller's.
 */
export function parseDollars(input: number | string): { dollars: number; cents: Cents | null } | null {
  const dollars = typeof input === 'number' ? input : DOLLARS_TEXT.test(input) ? Number(input) : Number.NaN;
  if (!Number.isFinite(dollars)) return null;
  // 19.99 * 100 is 1998.9999999999998: whole cents within a rounding error are whole cents.
  const cents = Math.round(dollars * 100);
  return { dollars, cents: Math.abs(dollars * 100 - cents) > 1e-6 ? null : cents };
}

/** A dollar amount ("120", "19.99", 19.99) in cents, without floating-point drift; throws for anything else. */
export function dollarsToCents(dollars: number | string): Cents {
  const cents = parseDollars(dollars)?.cents;
  if (cents == null || cents < 0) throw new RangeError(`Not an amount of money: ${String(dollars).trim()}`);
  return cents;
}

/** Prices are US dollars, written the way the product's (English, US) pages write numbers. */
const MONEY_LOCALE = 'en-US';
const wholeDollars = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** The one way an amount is shown: '$10,640' for whole dollars, '$89.50' otherwise. */
export function formatMoney(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollarsAndCents.format(cents / 100);
}

/** The price rule: number of nights between from and to, times the nightly price. */
export function stayTotalCents(nightlyPriceCents: Cents, from: IsoDate, to: IsoDate): Cents {
  const nights = nightsBetween(from, to);
  if (nights <= 0) throw new RangeError('A stay ends after it starts');
  return nights * nightlyPriceCents;
}
