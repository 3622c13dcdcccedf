import { financeQuerySchema } from '@staybook/domain/finance';
import { describe, expect, it } from 'vitest';
import { checkPeriod, currentMonth, defaultPeriod, formatShortMonth } from './month-period';

describe("the money pages' period", () => {
  it('opens on the last 12 months up to the current UTC month, across a new year', () => {
    expect(defaultPeriod(new Date('2026-11-15T12:00:00Z'))).toEqual({ from: '2025-12', to: '2026-11' });
    expect(defaultPeriod(new Date('2027-01-01T00:30:00Z'))).toEqual({ from: '2026-02', to: '2027-01' });
    expect(checkPeriod(defaultPeriod())).toEqual({ period: defaultPeriod() });
  });

  it('reads the month in UTC, whatever the time zone of the browser', () => {
    // Still 31 December in New York, already January in UTC.
    expect(currentMonth(new Date('2027-01-01T02:00:00Z'))).toBe('2027-01');
    expect(currentMonth(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12');
  });

  it("says what is wrong under the field the domain's schema names", () => {
    // A malformed month is said under its field alone, in the schema's words.
    const malformed = financeQuerySchema.shape.from.safeParse('').error?.issues[0]?.message;
    expect(malformed).toBeTruthy();
    expect(checkPeriod({ from: '', to: '2026-11' })).toEqual({ errors: { from: malformed } });
    expect(checkPeriod({ from: '2026-01', to: '2026-13' })).toEqual({ errors: { to: malformed } });
    expect(checkPeriod({ from: '', to: '' })).toEqual({ errors: { from: malformed, to: malformed } });
    expect(checkPeriod({ from: '2026-12', to: '2026-11' })).toEqual({ errors: { to: 'The first month must not come after the last' } });
    expect(checkPeriod({ from: '2023-11', to: '2026-11' })).toEqual({ errors: { to: 'At most 36 months at a time' } });
    expect(checkPeriod({ from: '2023-12', to: '2026-11' })).toEqual({ period: { from: '2023-12', to: '2026-11' } });
  });

  it('names a month short, as its row does', () => {
    expect(formatShortMonth('2026-11')).toBe('Nov 2026');
    expect(formatShortMonth('2027-01')).toBe('Jan 2027');
  });
});
