import { describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, isIsoDate, isoToLocalDate, localDateToIso, nightsBetween } from './dates.js';

describe('calendar dates', () => {
  it('reads a calendar widget\'s local day as a calendar date and back', () => {
    expect(localDateToIso(new Date(2027, 0, 5))).toBe('2027-01-05');
    expect(localDateToIso(isoToLocalDate('2028-02-29'))).toBe('2028-02-29');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2027-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-2-1')).toBe(false);
    expect(isIsoDate('2027-13-01')).toBe(false);
    expect(isIsoDate(20270101)).toBe(false);
  });

  it('counts nights with the check-out day excluded, across DST changes and leap days', () => {
    expect(nightsBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(nightsBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(nightsBetween('2027-01-01', '2027-01-01')).toBe(0);
    expect(nightsBetween('2027-01-05', '2027-01-01')).toBe(-4);
  });

  it('adds days and formats without shifting by time zone', () => {
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(formatIsoDate('2027-01-05')).toBe('Jan 5, 2027');
  });

  it('refuses to compute with a malformed date', () => {
    expect(() => nightsBetween('2027-01-01', 'soon')).toThrow(RangeError);
  });
});
