import { afterEach, describe, expect, it } from 'vitest';
import { withLocale } from './locale.js';
import { currencyCodeSchema, isSupportedCurrency, SUPPORTED_CURRENCIES } from './currencies.js';
import {
  centsToDollars,
  currencyDecimals,
  currencyNamed,
  currencySymbol,
  dollarsToCents,
  formatMoney,
  marketplaceCurrency,
  minorUnitsPerUnit,
  parseDollars,
  setMarketplaceCurrency,
  stayTotalCents,
  tooManyDecimalsMessage,
} from './money.js';

describe('money', () => {
  it('turns dollar amounts into exact cents', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents('120')).toBe(12000);
    expect(dollarsToCents('0.5')).toBe(50);
    expect(() => dollarsToCents('1.999')).toThrow(RangeError);
    expect(() => dollarsToCents('-3')).toThrow(RangeError);
  });

  it('reads a typed or sent amount once: its dollars, and its cents when it has at most two decimals', () => {
    expect(parseDollars(' 19.99 ')).toEqual({ dollars: 19.99, cents: 1999 });
    expect(parseDollars(19.99)).toEqual({ dollars: 19.99, cents: 1999 });
    expect(parseDollars('-3')).toEqual({ dollars: -3, cents: -300 });
    expect(parseDollars('1.999')).toEqual({ dollars: 1.999, cents: null });
    for (const notANumber of ['', 'abc', '1e3', '.5', '5.', '$5', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(parseDollars(notANumber), String(notANumber)).toBeNull();
    }
  });

  it('writes amounts with a dollar sign, thousands separators, and cents only when there are some', () => {
    expect(formatMoney(12000)).toBe('$120');
    expect(formatMoney(1_064_000)).toBe('$10,640');
    expect(formatMoney(8950)).toBe('$89.50');
    expect(formatMoney(1905)).toBe('$19.05');
    expect(formatMoney(419_972)).toBe('$4,199.72');
    expect(formatMoney(123_456_789)).toBe('$1,234,567.89');
    expect(formatMoney(1)).toBe('$0.01');
    expect(formatMoney(0)).toBe('$0');
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });

  it('prices a stay as nights between from and to times the nightly price', () => {
    expect(stayTotalCents(1999, '2027-01-01', '2027-01-06')).toBe(9995);
    expect(() => stayTotalCents(1999, '2027-01-06', '2027-01-06')).toThrow(RangeError);
  });
});

describe('money in the marketplace currency', () => {
  afterEach(() => setMarketplaceCurrency('USD'));

  it('is US dollars until the marketplace names another', () => {
    expect(marketplaceCurrency()).toBe('USD');
    expect(currencySymbol()).toBe('$');
    expect(currencyNamed()).toBe('US dollars (USD)');
  });

  it('writes euros and pounds with their sign, cents only when there are some', () => {
    expect(formatMoney(12_000, 'EUR')).toBe('€120');
    expect(formatMoney(8_950, 'EUR')).toBe('€89.50');
    expect(formatMoney(1_064_000, 'GBP')).toBe('£10,640');
    expect(formatMoney(1, 'GBP')).toBe('£0.01');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencyNamed('EUR')).toBe('euros (EUR)');
  });

  it('names the currency in the page’s language, its amounts written as ever', () => {
    withLocale('es', () => {
      expect(currencyNamed()).toBe('dólares estadounidenses (USD)');
      expect(currencyNamed('EUR')).toBe('euros (EUR)');
      expect(formatMoney(8_950, 'EUR')).toBe('€89.50');
    });
  });

  it('counts yen whole: one minor unit is one yen, and no amount shows decimals', () => {
    expect(currencyDecimals('JPY')).toBe(0);
    expect(formatMoney(12_000, 'JPY')).toBe('¥12,000');
    expect(formatMoney(1, 'JPY')).toBe('¥1');
    expect(formatMoney(0, 'JPY')).toBe('¥0');
    expect(formatMoney(1_234_567, 'KRW')).toBe('₩1,234,567');
    expect(centsToDollars(12_000, 'JPY')).toBe(12_000);
    expect(() => formatMoney(0.5, 'JPY')).toThrow(RangeError);
  });

  it('reads a typed amount by the currency: two decimals in euros, none in yen', () => {
    expect(parseDollars('19.99', 'EUR')).toEqual({ dollars: 19.99, cents: 1_999 });
    expect(parseDollars('1.999', 'EUR')).toEqual({ dollars: 1.999, cents: null });
    expect(parseDollars('12000', 'JPY')).toEqual({ dollars: 12_000, cents: 12_000 });
    expect(parseDollars('120.5', 'JPY')).toEqual({ dollars: 120.5, cents: null });
    expect(dollarsToCents('500', 'JPY')).toBe(500);
    expect(() => dollarsToCents('500.5', 'JPY')).toThrow(RangeError);
    expect(tooManyDecimalsMessage('Price', 'JPY')).toBe('Price must be a whole number of JPY, without decimals');
    expect(tooManyDecimalsMessage('Price', 'EUR')).toBe('Price can have at most two decimals');
  });

  it('reads and writes in the currency the marketplace set, once it is set', () => {
    setMarketplaceCurrency('jpy');
    expect(marketplaceCurrency()).toBe('JPY');
    expect(formatMoney(15_000)).toBe('¥15,000');
    expect(dollarsToCents('15000')).toBe(15_000);
  });

  it("takes Stripe's currencies with two decimals or none, and not those it counts otherwise", () => {
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'VND', 'CHF', 'BRL']) expect(isSupportedCurrency(code), code).toBe(true);
    for (const code of ['BHD', 'JOD', 'KWD', 'OMR', 'TND', 'ISK', 'HUF', 'TWD', 'XYZ', 'usd']) expect(isSupportedCurrency(code), code).toBe(false);
    expect(new Set(SUPPORTED_CURRENCIES).size).toBe(SUPPORTED_CURRENCIES.length);
    expect(currencyCodeSchema.parse(' eur ')).toBe('EUR');
    expect(currencyCodeSchema.safeParse('BHD').success).toBe(false);
    // Every one is written by the pages' formatter.
    for (const code of SUPPORTED_CURRENCIES) expect(formatMoney(12_345, code), code).toMatch(/\d/);
  });

  it('writes every supported currency as Intl writes it in US English, which it does without building one', () => {
    const amounts = [0, 1, 9, 10, 99, 100, 105, 999, 1_000, 12_345, 99_999, 100_000, 123_456_789, 4_000_000_000_000, -1, -5_050, -1_234_567];
    for (const code of SUPPORTED_CURRENCIES) {
      const perUnit = minorUnitsPerUnit(code);
      for (const cents of amounts) {
        const decimals = cents % perUnit === 0 ? 0 : currencyDecimals(code);
        const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
        expect(formatMoney(cents, code), `${code} ${cents}`).toBe(intl.format(cents / perUnit));
      }
      const sign = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0).find((part) => part.type === 'currency')?.value;
      expect(currencySymbol(code), code).toBe(sign);
    }
  });
});
