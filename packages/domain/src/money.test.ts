import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatMoney, parseDollars, stayTotalCents } from './money.js';

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
