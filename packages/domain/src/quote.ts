/*
 * The one price of a stay: its line items and its total, in integer cents, computed here wherever a price is
 * shown, charged or refunded (docs/decisions/047-host-calendar-and-price-quote.md). A booking stores the lines it was
 * charged, so a later change of the listing's rules never alters it.
 *
 * Rounding: each percentage line (a discount, the tax, the service fee) is rounded once, on its own base, to the nearest cent with
 * halves up (`Math.round` of a non-negative amount). The total is the sum of the lines, so it is always what the
 * lines show. Every line is a non-negative amount; a discount is subtracted (`credit`), never more than the nights.
 *
 * Free of zod, so the room page's bundle can take it module by module (docs/decisions/017-bundle-budget.md).
 */
import { activeLocale, i18n } from './locale.js';
import { formatMoney, type Cents } from './money.js';
import {
  MONTHLY_DISCOUNT_NIGHTS,
  nightPriceCents,
  nightsOf,
  isWeekendNight,
  settingOn,
  WEEKLY_DISCOUNT_NIGHTS,
  type ListingRules,
  type NightSetting,
} from './listing-rules.js';
import type { Stay } from './stays.js';

export const QUOTE_LINE_KINDS = ['nights', 'weekly-discount', 'monthly-discount', 'cleaning-fee', 'extra-guest-fee', 'tax', 'service-fee'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

/**
 * One line of a price, as data: what it is and its amount (a credit is subtracted), with what its words need.
 * A booking stores its lines so; `lineLabel` words one ('2 nights × $150 (weekend)', 'Weekly discount (10%)').
 */
export type QuoteLine = {
  kind: QuoteLineKind;
  amountCents: Cents;
  credit: boolean;
  /** Nights' lines: how many nights at which price, and whether it is the weekend price. */
  nights?: number;
  unitCents?: Cents;
  weekend?: boolean;
  /** Discounts: whole percent; tax: basis points. */
  percent?: number;
  rateBp?: number;
  /** The extra-guest fee: how many guests above those included, for how many nights. */
  guests?: number;
};

/** What a person reads for a line. */
export function lineLabel(line: QuoteLine): string {
  switch (line.kind) {
    case 'nights': {
      const values = { count: line.nights ?? 0, price: formatMoney(line.unitCents ?? 0) };
      return line.weekend
        ? i18n.t('{count, plural, one {# night} other {# nights}} × {price} (weekend)', values)
        : i18n.t('{count, plural, one {# night} other {# nights}} × {price}', values);
    }
    case 'weekly-discount':
      return i18n.t('Weekly discount ({percent}%)', { percent: line.percent ?? 0 });
    case 'monthly-discount':
      return i18n.t('Monthly discount ({percent}%)', { percent: line.percent ?? 0 });
    case 'cleaning-fee':
      return i18n.t('Cleaning fee');
    case 'extra-guest-fee':
      return i18n.t('Extra guest fee ({guests, plural, one {# guest} other {# guests}} × {nights, plural, one {# night} other {# nights}})', {
        guests: line.guests ?? 0,
        nights: line.nights ?? 0,
      });
    case 'tax':
      return i18n.t('Occupancy tax ({rate})', { rate: formatRate(line.rateBp ?? 0) });
    case 'service-fee':
      return i18n.t('Service fee');
  }
}

/** The marketplace's share of a stay that the guest pays on top (decision 049), in basis points; 0: none. */
export type MarketplaceFees = { guestFeeBp: number };
export const NO_MARKETPLACE_FEES: MarketplaceFees = { guestFeeBp: 0 };

export type Quote = {
  lines: QuoteLine[];
  /** The nights before any discount. */
  nightsCents: Cents;
  totalCents: Cents;
};

/** Basis points of an amount, rounded to the nearest cent, halves up. */
function share(amountCents: Cents, basisPoints: number): Cents {
  return Math.round((amountCents * basisPoints) / 10_000);
}

/** The total the lines add up to: charges less credits. */
export function totalOfLines(lines: readonly Pick<QuoteLine, 'amountCents' | 'credit'>[]): Cents {
  return lines.reduce((sum, line) => sum + (line.credit ? -line.amountCents : line.amountCents), 0);
}

/**
 * The price of `stay` for `guests` under the listing's rules and the calendar's settings (in date order, none
 * overlapping). It prices any stay of at least one night; whether the stay may be booked is `findStayProblem`'s.
 */
export function quoteStay(
  rules: ListingRules,
  settings: readonly NightSetting[],
  stay: Stay,
  guests: number,
  fees: MarketplaceFees = NO_MARKETPLACE_FEES,
): Quote {
  const nights = nightsOf(stay);
  // The nights grouped by price, in the order a price first appears; a weekend price says so.
  const groups = new Map<string, { unitCents: Cents; nights: number; weekend: boolean }>();
  for (const night of nights) {
    const setting = settingOn(settings, night);
    const unitCents = nightPriceCents(rules, setting, night);
    const weekend = setting?.priceCents == null && rules.weekendPriceCents !== null && isWeekendNight(night);
    const key = `${unitCents}:${weekend}`;
    const group = groups.get(key);
    if (group) group.nights += 1;
    else groups.set(key, { unitCents, nights: 1, weekend });
  }
  const lines: QuoteLine[] = [...groups.values()].map(({ unitCents, nights: count, weekend }) => ({
    kind: 'nights',
    amountCents: unitCents * count,
    credit: false,
    nights: count,
    unitCents,
    weekend,
  }));
  const nightsCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  lines.push(...chargesOnNights(rules, nightsCents, nights.length, guests, fees));
  return { lines, nightsCents, totalCents: totalOfLines(lines) };
}

/**
 * The lines a stay's price adds to its nights (their sum `nightsCents`, `nightCount` of them), in order: the weekly
 * or monthly discount, the cleaning fee, the extra-guest fee, the tax and the service fee.
 */
function chargesOnNights(
  rules: ListingRules,
  nightsCents: Cents,
  nightCount: number,
  guests: number,
  fees: MarketplaceFees,
): QuoteLine[] {
  const lines: QuoteLine[] = [];
  const discount =
    nightCount >= MONTHLY_DISCOUNT_NIGHTS && rules.monthlyDiscountPct >= rules.weeklyDiscountPct && rules.monthlyDiscountPct > 0
      ? { kind: 'monthly-discount' as const, percent: rules.monthlyDiscountPct }
      : nightCount >= WEEKLY_DISCOUNT_NIGHTS && rules.weeklyDiscountPct > 0
        ? { kind: 'weekly-discount' as const, percent: rules.weeklyDiscountPct }
        : null;
  let taxable = nightsCents;
  if (discount) {
    const amountCents = Math.min(nightsCents, share(nightsCents, discount.percent * 100));
    lines.push({ ...discount, amountCents, credit: true });
    taxable -= amountCents;
  }
  if (rules.cleaningFeeCents > 0) {
    lines.push({ kind: 'cleaning-fee', amountCents: rules.cleaningFeeCents, credit: false });
    taxable += rules.cleaningFeeCents;
  }
  const extraGuests = Math.max(0, guests - rules.guestsIncluded);
  if (rules.extraGuestFeeCents > 0 && extraGuests > 0) {
    const amountCents = rules.extraGuestFeeCents * extraGuests * nightCount;
    lines.push({ kind: 'extra-guest-fee', amountCents, credit: false, guests: extraGuests, nights: nightCount });
    taxable += amountCents;
  }
  if (rules.taxRateBp > 0) {
    lines.push({ kind: 'tax', amountCents: share(taxable, rules.taxRateBp), credit: false, rateBp: rules.taxRateBp });
  }
  // The marketplace's fee, on what the host charges (the taxable amount before tax); not itself taxed.
  if (fees.guestFeeBp > 0) {
    lines.push({ kind: 'service-fee', amountCents: share(taxable, fees.guestFeeBp), credit: false, rateBp: fees.guestFeeBp });
  }
  return lines;
}

/**
 * `quoteStay(…).totalCents` for a stay whose nights are known to sum to `nightsCents` (no calendar price among
 * them, say: each night at the nightly or weekend price), without walking its nights: the search prices thousands
 * of rooms so (docs/decisions/057-search-index.md).
 */
export function stayTotalOnNights(rules: ListingRules, nightsCents: Cents, nightCount: number, guests: number, fees: MarketplaceFees = NO_MARKETPLACE_FEES): Cents {
  return nightsCents + totalOfLines(chargesOnNights(rules, nightsCents, nightCount, guests, fees));
}

/**
 * A rate in basis points as a percentage, as the page's language writes it: 1,234 is '12.34%' ('12,34 %' in Spanish),
 * 1,000 is '10%' ('10 %'). Written without an `Intl.NumberFormat`, whose first costs a phone's first paint (decision 066).
 */
export function formatRate(basisPoints: number): string {
  const figure = (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '');
  return activeLocale() === 'es' ? `${figure.replace('.', ',')}\u00a0%` : `${figure}%`;
}
