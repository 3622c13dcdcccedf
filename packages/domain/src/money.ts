import { nightsBetween, type IsoDate } from './dates.js';
import { countText, i18n, intlLocale } from './locale.js';

/**
 * Money is an integer count of the marketplace currency's minor units everywhere it is stored, computed or charged:
 * cents for USD, EUR or GBP, whole yen for JPY (a currency with no minor unit). The type and the stored columns
 * keep the name "cents" from when the marketplace charged dollars only; they hold minor units. Only presentation
 * (and reading what a person types) turns it into the currency's major unit.
 */
export type Cents = number;

/** An ISO 4217 code in capitals ('USD', 'EUR', 'JPY'); the ones the marketplace takes are `SUPPORTED_CURRENCIES`. */
export type CurrencyCode = string;

/** The marketplace's currency before an admin or the configuration (MARKETPLACE_CURRENCY) names another. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/**
 * The currencies Stripe charges in whole units (its "zero-decimal" currencies): an amount of ¥500 is 500. Every
 * other currency the marketplace takes has two decimals (currencies.ts says which it takes and why not the rest).
 */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);

/**
 * The marketplace's currency in this program: the server sets it from its settings (and again when an admin changes
 * it), the web app from the page the server sent, before anything is drawn. Every amount below is in it unless a
 * caller names another.
 */
let current: CurrencyCode = DEFAULT_CURRENCY;

/** The page's `<meta name>` that tells the web app the marketplace's currency before it draws anything. */
export const CURRENCY_META_NAME = 'marketplace-currency';

/** Sets the currency every amount is read and written in from now on. */
export function setMarketplaceCurrency(currency: CurrencyCode): void {
  current = currency.toUpperCase();
}

export function marketplaceCurrency(): CurrencyCode {
  return current;
}

/** How many decimals an amount in the currency has: 0 for JPY, 2 for USD. */
export function currencyDecimals(currency: CurrencyCode = current): 0 | 2 {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/** Minor units in one major unit: 100 cents in a dollar, 1 yen in a yen. */
export function minorUnitsPerUnit(currency: CurrencyCode = current): number {
  return 10 ** currencyDecimals(currency);
}

/** An amount in the currency's major unit, for a field a person edits or a chart's axis: 12050 cents is 120.5. */
export function centsToDollars(cents: Cents, currency: CurrencyCode = current): number {
  return cents / minorUnitsPerUnit(currency);
}

/** An amount as typed: digits, maybe a sign and decimals, maybe spaces around ('120', ' 19.99', '-3'). */
const DOLLARS_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * The one reading of an amount in the currency's major unit (dollars, euros, yen), sent as a number or typed as
 * text: its value in that unit (`dollars`), and its minor units (`cents`) when it has no more decimals than the
 * currency has (null otherwise: '19.5' yen). Null when it is not a number at all. Limits are the caller's.
 */
export function parseDollars(input: number | string, currency: CurrencyCode = current): { dollars: number; cents: Cents | null } | null {
  const dollars = typeof input === 'number' ? input : DOLLARS_TEXT.test(input) ? Number(input) : Number.NaN;
  if (!Number.isFinite(dollars)) return null;
  // 19.99 * 100 is 1998.9999999999998: whole cents within a rounding error are whole cents.
  const minor = dollars * minorUnitsPerUnit(currency);
  const cents = Math.round(minor);
  return { dollars, cents: Math.abs(minor - cents) > 1e-6 ? null : cents };
}

/** An amount in the major unit ("120", "19.99", 19.99) in minor units, without floating-point drift; throws for anything else. */
export function dollarsToCents(dollars: number | string, currency: CurrencyCode = current): Cents {
  const cents = parseDollars(dollars, currency)?.cents;
  if (cents == null || cents < 0) throw new RangeError(`Not an amount of money: ${String(dollars).trim()}`);
  return cents;
}

/** The fields of money whose amount can have more decimals than the currency: each has its own sentences. */
export type MoneyField = 'Price' | 'Price per night' | 'Weekend price' | 'Cleaning fee' | 'Extra guest fee';

/**
 * What a field of money says when the amount typed has more decimals than the currency: '… can have at most two
 * decimals', or, for a currency with no minor unit, '… must be a whole number of JPY'. Written when asked, one
 * sentence per field (a page shows it in its language, the server in English).
 */
export function tooManyDecimalsMessage(field: MoneyField, currency: CurrencyCode = current): string {
  const whole = currencyDecimals(currency) === 0;
  switch (field) {
    case 'Price':
      return whole ? i18n.t('Price must be a whole number of {currency}, without decimals', { currency }) : i18n.t('Price can have at most two decimals');
    case 'Price per night':
      return whole ? i18n.t('Price per night must be a whole number of {currency}, without decimals', { currency }) : i18n.t('Price per night can have at most two decimals');
    case 'Weekend price':
      return whole ? i18n.t('Weekend price must be a whole number of {currency}, without decimals', { currency }) : i18n.t('Weekend price can have at most two decimals');
    case 'Cleaning fee':
      return whole ? i18n.t('Cleaning fee must be a whole number of {currency}, without decimals', { currency }) : i18n.t('Cleaning fee can have at most two decimals');
    case 'Extra guest fee':
      return whole ? i18n.t('Extra guest fee must be a whole number of {currency}, without decimals', { currency }) : i18n.t('Extra guest fee can have at most two decimals');
  }
}

/**
 * The currencies whose sign in US English is not their code ('$', '€', 'CA$'; 'CHF' and 'AED' are their codes): the
 * signs Intl writes, kept here so that showing an amount never builds an `Intl.NumberFormat`, whose first one costs
 * a phone some 70 ms of blocked page (decision 066). money.test.ts holds every supported currency to Intl's.
 */
const CURRENCY_SIGNS: Record<CurrencyCode, string> = {
  USD: '$', AUD: 'A$', BRL: 'R$', CAD: 'CA$', CNY: 'CN¥', EUR: '€', GBP: '£', HKD: 'HK$', ILS: '₪', INR: '₹', JPY: '¥',
  KRW: '₩', MXN: 'MX$', NZD: 'NZ$', PHP: '₱', VND: '₫', XAF: 'FCFA', XCD: 'EC$', XOF: 'F\u202fCFA', XPF: 'CFPF',
};

/** The currency's sign as a field's label writes it: '$', '€', '£', '¥', 'CHF'. */
export function currencySymbol(currency: CurrencyCode = current): string {
  return CURRENCY_SIGNS[currency] ?? currency;
}

/** The currency in a sentence ('In dollars.', 'In EUR.'): the spec's US wording for dollars, the code for the rest. */
export function currencyWords(currency: CurrencyCode = current): string {
  return currency === 'USD' ? 'dollars' : currency;
}

/**
 * The currency's name for 'All amounts in …', in the page's language: 'US dollars (USD)', 'euros (EUR)', 'Japanese
 * yen (JPY)'; in Spanish 'dólares estadounidenses (USD)'.
 */
export function currencyNamed(currency: CurrencyCode = current): string {
  const name = new Intl.NumberFormat(intlLocale(), { style: 'currency', currency, currencyDisplay: 'name' })
    .formatToParts(2)
    .find((part) => part.type === 'currency')?.value;
  return name ? `${name} (${currency})` : currency;
}

/** The step of a field of money: 0.01 (a cent), or 1 in a currency without decimals. */
export function amountStep(currency: CurrencyCode = current): number {
  return 1 / minorUnitsPerUnit(currency);
}

/**
 * The one way an amount is shown, as US English writes it ('-' and the sign before the digits, a no-break space after
 * a sign that ends in a letter): '$10,640' for whole dollars, '$89.50' otherwise; '¥12,000' (never decimals) in yen.
 */
export function formatMoney(cents: Cents, currency: CurrencyCode = current): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of minor units: ${cents}`);
  const perUnit = minorUnitsPerUnit(currency);
  const minor = Math.abs(cents);
  const units = countText(Math.floor(minor / perUnit), 'en');
  const fraction = minor % perUnit === 0 ? '' : `.${String(minor % perUnit).padStart(2, '0')}`;
  const sign = currencySymbol(currency);
  return `${cents < 0 ? '-' : ''}${sign}${/\p{L}$/u.test(sign) ? '\u00a0' : ''}${units}${fraction}`;
}

/** The price rule: number of nights between from and to, times the nightly price. */
export function stayTotalCents(nightlyPriceCents: Cents, from: IsoDate, to: IsoDate): Cents {
  const nights = nightsBetween(from, to);
  if (nights <= 0) throw new RangeError('A stay ends after it starts');
  return nights * nightlyPriceCents;
}
