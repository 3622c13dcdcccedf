import { nightsBetween, type IsoDate } from './dates.js';

/**
 * Money is integer cents everywhere it is stored, computed or charged.
 * Only presentation turns it into dollars.
 */
export type Cents = number;

export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/** Parses a user-typed dollar amount ("120", "19.99") into cents without floating-point drift. */
export function dollarsToCents(dollars: number | string): Cents {
  const text = typeof dollars === 'number' ? dollars.toFixed(2) : dollars.trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`Not an amount of money: ${text}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
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
