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

/** "120" for whole dollars, "19.99" otherwise: how the product writes a price after '$ '. */
export function formatDollars(cents: Cents): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** The price rule: number of nights between from and to, times the nightly price. */
export function stayTotalCents(nightlyPriceCents: Cents, from: IsoDate, to: IsoDate): Cents {
  const nights = nightsBetween(from, to);
  if (nights <= 0) throw new RangeError('A stay ends after it starts');
  return nights * nightlyPriceCents;
}
