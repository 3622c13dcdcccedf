import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatDollars, stayTotalCents } from './money.js';

describe('money', () => {
  it('turns dollar amounts into exact cents', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents('120')).toBe(12000);
    expect(dollarsToCents('0.5')).toBe(50);
    expect(() => dollarsToCents('1.999')).toThrow(RangeError);
    expect(() => dollarsToCents('-3')).toThrow(RangeError);
  });

  it('formats whole and fractional dollars', () => {
    expect(formatDollars(12000)).toBe('120');
    expect(formatDollars(1999)).toBe('19.99');
    expect(formatDollars(1905)).toBe('19.05');
  });

  it('prices a stay as nights between from and to times the nightly price', () => {
    expect(stayTotalCents(1999, '2027-01-01', '2027-01-06')).toBe(9995);
    expect(() => stayTotalCents(1999, '2027-01-06', '2027-01-06')).toThrow(RangeError);
  });
});
