import { describe, expect, it } from 'vitest';
import {
  canCheckIn,
  clampGuests,
  isBookableStay,
  isSelectable,
  selectDay,
  stayFromLink,
} from './stay';
import { describeSelection } from '../../../lib/stay-selection';

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
    const begun = { from: '2027-01-07', to: null };
    expect(isSelectable('2027-01-10', begun, window)).toBe(true);
    expect(isSelectable('2027-01-11', begun, window)).toBe(false);
    expect(isSelectable('2027-01-15', begun, window)).toBe(false);
  });

  it('reach the window end after the last taken stay, and never make a stay longer than a year', () => {
    const begun = { from: '2027-01-12', to: null };
    expect(isSelectable('2027-01-20', begun, window)).toBe(true);
    expect(isSelectable('2027-01-21', begun, window)).toBe(false);
    const long = { from: '2027-01-01', to: '2029-01-01', taken: [] };
    expect(isSelectable('2028-01-01', { from: '2027-01-01', to: null }, long)).toBe(true);
    expect(isSelectable('2028-01-02', { from: '2027-01-01', to: null }, long)).toBe(false);
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

describe('the stay a link asks for', () => {
  it('is chosen when the room can take it as it stands', () => {
    expect(stayFromLink({ checkin: '2027-01-05', checkout: '2027-01-10' }, window)).toEqual({ from: '2027-01-05', to: '2027-01-10' });
    // Leaving the morning the next stay arrives, and arriving the morning the last one leaves.
    expect(stayFromLink({ checkin: '2027-01-12', checkout: '2027-01-20' }, window)).toEqual({ from: '2027-01-12', to: '2027-01-20' });
  });

  it('is nothing when a night is taken, or the stay leaves the window (which starts today where the room is)', () => {
    expect(stayFromLink({ checkin: '2027-01-09', checkout: '2027-01-11' }, window)).toBeNull();
    expect(stayFromLink({ checkin: '2027-01-08', checkout: '2027-01-15' }, window)).toBeNull();
    // Before the window's first day: in the past where the room is, or before the host opens it.
    expect(stayFromLink({ checkin: '2027-01-04', checkout: '2027-01-07' }, window)).toBeNull();
    expect(stayFromLink({ checkin: '2027-01-15', checkout: '2027-01-21' }, window)).toBeNull();
  });

  it('is nothing without both dates, or with check-out not after check-in', () => {
    expect(stayFromLink({}, window)).toBeNull();
    expect(stayFromLink({ checkin: '2027-01-05' }, window)).toBeNull();
    expect(stayFromLink({ checkout: '2027-01-07' }, window)).toBeNull();
    expect(stayFromLink({ checkin: '2027-01-07', checkout: '2027-01-07' }, window)).toBeNull();
    expect(stayFromLink({ checkin: '2027-01-07', checkout: '2027-01-06' }, window)).toBeNull();
  });

  it('is never longer than the longest stay', () => {
    const long = { from: '2027-01-01', to: '2029-01-01', taken: [] };
    expect(stayFromLink({ checkin: '2027-01-01', checkout: '2028-01-01' }, long)).toEqual({ from: '2027-01-01', to: '2028-01-01' });
    expect(stayFromLink({ checkin: '2027-01-01', checkout: '2028-01-02' }, long)).toBeNull();
  });
});

describe('the guest count', () => {
  it('is 1 unless asked for, and stays between 1 and what the room takes', () => {
    expect(clampGuests(undefined, 4)).toBe(1);
    expect(clampGuests(3, 4)).toBe(3);
    expect(clampGuests(9, 4)).toBe(4);
    expect(clampGuests(0, 4)).toBe(1);
    expect(clampGuests(2, 1)).toBe(1);
    expect(clampGuests(Number.NaN, 4)).toBe(1);
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
