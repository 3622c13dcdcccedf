import { describe, expect, it } from 'vitest';
import {
  canCheckIn,
  describeSelection,
  initialSelection,
  isBookableStay,
  isSelectable,
  lastCheckOut,
  selectDay,
} from './stay';

// A window from Jan 5 (check-in) to Jan 20 (last check-out), Jan 10-12 taken (nights of the 10th and 11th).
const window = { from: '2027-01-05', to: '2027-01-20', taken: [{ from: '2027-01-10', to: '2027-01-12' }] };

describe('check-in days', () => {
  it('are the free nights inside the window', () => {
    expect(canCheckIn('2027-01-05', window)).toBe(true);
    expect(canCheckIn('2027-01-09', window)).toBe(true);
    expect(canCheckIn('2027-01-12', window)).toBe(true);
    expect(canCheckIn('2027-01-19', window)).toBe(true);
  });

  it('exclude days before the window, taken nights and the last check-out day', () => {
    expect(canCheckIn('2027-01-04', window)).toBe(false);
    expect(canCheckIn('2027-01-10', window)).toBe(false);
    expect(canCheckIn('2027-01-11', window)).toBe(false);
    expect(canCheckIn('2027-01-20', window)).toBe(false);
  });
});

describe('check-out days', () => {
  it('stop at the first taken night, which may be the check-out day', () => {
    expect(lastCheckOut('2027-01-05', window)).toBe('2027-01-10');
    const begun = { from: '2027-01-07', to: null };
    expect(isSelectable('2027-01-10', begun, window)).toBe(true);
    expect(isSelectable('2027-01-11', begun, window)).toBe(false);
    expect(isSelectable('2027-01-15', begun, window)).toBe(false);
  });

  it('reach the window end after the last taken stay', () => {
    expect(lastCheckOut('2027-01-12', window)).toBe('2027-01-20');
  });

  it('never make a stay longer than a year', () => {
    expect(lastCheckOut('2027-01-01', { from: '2027-01-01', to: '2029-01-01', taken: [] })).toBe('2028-01-01');
  });
});

describe('picking days', () => {
  it('takes check-in first, then check-out', () => {
    const checkIn = selectDay(null, '2027-01-06', window);
    expect(checkIn).toEqual({ from: '2027-01-06', to: null });
    expect(selectDay(checkIn, '2027-01-09', window)).toEqual({ from: '2027-01-06', to: '2027-01-09' });
  });

  it('moves check-in when an earlier day is picked, and starts again after a whole stay', () => {
    expect(selectDay({ from: '2027-01-08', to: null }, '2027-01-06', window)).toEqual({ from: '2027-01-06', to: null });
    expect(selectDay({ from: '2027-01-06', to: '2027-01-08' }, '2027-01-14', window)).toEqual({
      from: '2027-01-14',
      to: null,
    });
  });

  it('ignores a day that cannot be picked', () => {
    const begun = { from: '2027-01-06', to: null };
    expect(selectDay(begun, '2027-01-13', window)).toBe(begun);
    expect(selectDay(null, '2027-01-10', window)).toBeNull();
  });
});

describe('the stay offered first', () => {
  it('is the whole window when every night is free', () => {
    expect(initialSelection({ ...window, taken: [] })).toEqual({ from: '2027-01-05', to: '2027-01-20' });
  });

  it('is nothing when a night is taken', () => {
    expect(initialSelection(window)).toBeNull();
    // A stay in progress that began before the window's first day still takes its nights.
    expect(initialSelection({ ...window, taken: [{ from: '2027-01-03', to: '2027-01-06' }] })).toBeNull();
  });

  it('ignores stays that ended before the window', () => {
    expect(initialSelection({ ...window, taken: [{ from: '2027-01-01', to: '2027-01-05' }] })).toEqual({
      from: '2027-01-05',
      to: '2027-01-20',
    });
  });

  it('is nothing when no night is left', () => {
    expect(initialSelection({ from: '2027-01-20', to: '2027-01-20', taken: [] })).toBeNull();
  });
});

describe('a chosen stay', () => {
  it('is bookable only while its nights are free', () => {
    expect(isBookableStay({ from: '2027-01-05', to: '2027-01-10' }, window)).toBe(true);
    expect(isBookableStay({ from: '2027-01-05', to: null }, window)).toBe(false);
    expect(isBookableStay({ from: '2027-01-08', to: '2027-01-13' }, window)).toBe(false);
  });

  it('is described for screen readers', () => {
    expect(describeSelection(null)).toBe('Choose your check-in day.');
    expect(describeSelection({ from: '2027-01-05', to: null })).toBe('Check-in Jan 5, 2027. Choose your check-out day.');
    expect(describeSelection({ from: '2027-01-05', to: '2027-01-08' })).toBe(
      'Check-in Jan 5, 2027, check-out Jan 8, 2027, 3 nights',
    );
    expect(describeSelection({ from: '2027-01-05', to: '2027-01-06' })).toBe(
      'Check-in Jan 5, 2027, check-out Jan 6, 2027, 1 night',
    );
  });
});
