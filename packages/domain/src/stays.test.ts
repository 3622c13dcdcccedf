import { describe, expect, it } from 'vitest';
import { addDays, nextDayStartIn, todayIn } from './dates.js';
import { MAX_STAY_NIGHTS } from './stay-limits.js';
import {
  bookableFrom,
  checkInMayHavePassedSomewhere,
  checkOutsReviewableAnywhere,
  earliestCheckIn,
  firstFreeNight,
  isCheckInOpen,
  isInsideWindow,
  isReviewWindowAhead,
  isReviewWindowClosed,
  isReviewWindowOpen,
  isStayActive,
  lastCheckOut,
  latestTodayAnywhere,
  longestStayEnd,
  mergeStays,
  REVIEW_WINDOW_DAYS,
  sharedNights,
  stayHasEnded,
  stayHasStarted,
  stayPhase,
} from './stays.js';

/** Zones at both ends of the day and in between, at quarter and half hours. */
const ZONES = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Etc/GMT+12', 'Etc/GMT-14', 'Pacific/Chatham', 'Asia/Kathmandu', 'America/St_Johns', 'UTC'];

/**
 * The instants at which some zone's today changes, the only ones where these rules can change their answer: each
 * zone's first midnight after 2027-03-14T00:00Z (St John's moves its clocks that day), and the millisecond before it.
 */
const INSTANTS = ZONES.flatMap((zone) => {
  const midnight = nextDayStartIn(zone, new Date('2027-03-14T00:00:00Z')).getTime();
  return [new Date(midnight - 1), new Date(midnight)];
});

describe('today anywhere', () => {
  it("holds every zone's today between the earliest check-in and the latest today", () => {
    for (const now of INSTANTS) {
      for (const zone of ZONES) {
        const today = todayIn(zone, now);
        expect(today >= earliestCheckIn(now) && today <= latestTodayAnywhere(now), `${zone} at ${now.toISOString()}`).toBe(true);
      }
    }
  });

  it('is one or two days wide: UTC−12 and UTC+14 are 26 hours apart', () => {
    expect(earliestCheckIn(new Date('2027-03-14T11:00:00Z'))).toBe('2027-03-13');
    expect(latestTodayAnywhere(new Date('2027-03-14T11:00:00Z'))).toBe('2027-03-15');
    expect(earliestCheckIn(new Date('2027-03-14T12:00:00Z'))).toBe('2027-03-14');
    expect(latestTodayAnywhere(new Date('2027-03-14T09:59:59Z'))).toBe('2027-03-14');
  });

  it('asks each room about a check-in up to the latest today anywhere, and not after', () => {
    const now = new Date('2027-03-14T11:00:00Z');
    expect(checkInMayHavePassedSomewhere('2027-03-15', now)).toBe(true);
    expect(checkInMayHavePassedSomewhere('2027-03-16', now)).toBe(false);
    for (const at of INSTANTS) {
      const checkIn = addDays(latestTodayAnywhere(at), 1);
      for (const zone of ZONES) expect(isCheckInOpen(checkIn, todayIn(zone, at))).toBe(true);
    }
  });
});

describe('ranges', () => {
  it('finds the first night no stay covers', () => {
    const taken = [
      { from: '2030-01-01', to: '2030-01-03' },
      { from: '2030-01-03', to: '2030-01-05' },
      { from: '2030-01-07', to: '2030-01-09' },
    ];
    expect(firstFreeNight('2030-01-01', '2030-01-10', taken)).toBe('2030-01-05');
    expect(firstFreeNight('2030-01-06', '2030-01-10', taken)).toBe('2030-01-06');
    expect(firstFreeNight('2030-01-07', '2030-01-10', taken)).toBe('2030-01-09');
    expect(firstFreeNight('2030-01-02', '2030-01-05', taken)).toBeNull();
    expect(firstFreeNight('2030-01-10', '2030-01-10', [])).toBeNull();
  });

  it('ends a stay at the next taken night, the window or the longest stay', () => {
    const window = { from: '2027-01-01', to: '2027-01-20', taken: [{ from: '2027-01-10', to: '2027-01-12' }] };
    expect(lastCheckOut('2027-01-05', window)).toBe('2027-01-10');
    expect(lastCheckOut('2027-01-12', window)).toBe('2027-01-20');
    expect(lastCheckOut('2027-01-01', { from: '2027-01-01', to: '2029-01-01', taken: [] })).toBe(addDays('2027-01-01', MAX_STAY_NIGHTS));
  });

  it("fits a stay in a window from its first day to its last check-out day, and not a day beyond", () => {
    const window = { from: '2027-01-05', to: '2027-01-20' };
    expect(isInsideWindow({ from: '2027-01-05', to: '2027-01-20' }, window)).toBe(true);
    expect(isInsideWindow({ from: '2027-01-04', to: '2027-01-10' }, window)).toBe(false);
    expect(isInsideWindow({ from: '2027-01-10', to: '2027-01-21' }, window)).toBe(false);
  });

  it(`ends the longest stay ${MAX_STAY_NIGHTS} nights after its check-in`, () => {
    expect(longestStayEnd('2027-01-01')).toBe('2028-01-01');
    expect(longestStayEnd('2027-03-01')).toBe(addDays('2027-03-01', MAX_STAY_NIGHTS));
  });

  it("starts a window's bookable days at its first day or the room's today, whichever is later", () => {
    expect(bookableFrom('2027-01-10', '2027-01-05')).toBe('2027-01-10');
    expect(bookableFrom('2027-01-10', '2027-01-12')).toBe('2027-01-12');
  });

  it('answers the nights two stays share, and none when they only touch', () => {
    expect(sharedNights({ from: '2027-01-01', to: '2027-01-05' }, { from: '2027-01-03', to: '2027-01-09' })).toEqual({ from: '2027-01-03', to: '2027-01-05' });
    expect(sharedNights({ from: '2027-01-01', to: '2027-01-09' }, { from: '2027-01-03', to: '2027-01-05' })).toEqual({ from: '2027-01-03', to: '2027-01-05' });
    expect(sharedNights({ from: '2027-01-01', to: '2027-01-03' }, { from: '2027-01-03', to: '2027-01-05' })).toBeNull();
  });
});

describe('mergeStays', () => {
  it('joins overlapping stays in date order and keeps stays that only touch apart', () => {
    expect(
      mergeStays([
        { from: '2027-01-10', to: '2027-01-12' },
        { from: '2027-01-01', to: '2027-01-05' },
        { from: '2027-01-04', to: '2027-01-08' },
        { from: '2027-01-08', to: '2027-01-09' },
        { from: '2027-01-11', to: '2027-01-11' },
        { from: '2027-01-10', to: '2027-01-15' },
      ]),
    ).toEqual([
      { from: '2027-01-01', to: '2027-01-08' },
      { from: '2027-01-08', to: '2027-01-09' },
      { from: '2027-01-10', to: '2027-01-15' },
    ]);
    expect(mergeStays([])).toEqual([]);
  });

  it('leaves the stays it was given as they were', () => {
    const given = [
      { from: '2027-01-01', to: '2027-01-05' },
      { from: '2027-01-03', to: '2027-01-09' },
    ];
    mergeStays(given);
    expect(given[0]).toEqual({ from: '2027-01-01', to: '2027-01-05' });
  });
});

describe('phases', () => {
  const stay = { status: 'confirmed' as const, from: '2027-01-10', to: '2027-01-12' };

  it('is upcoming before the check-in day, in progress until the check-out day, then past', () => {
    expect(stayPhase(stay, '2027-01-09')).toBe('upcoming');
    expect(stayPhase(stay, '2027-01-10')).toBe('in-progress');
    expect(stayPhase(stay, '2027-01-11')).toBe('in-progress');
    expect(stayPhase(stay, '2027-01-12')).toBe('past');
    expect(stayPhase({ ...stay, status: 'cancelled' }, '2027-01-09')).toBe('cancelled');
  });

  it('starts on the check-in day, which is still open for a check-in, and ends on the check-out day', () => {
    expect([stayHasStarted(stay.from, '2027-01-09'), stayHasStarted(stay.from, '2027-01-10')]).toEqual([false, true]);
    expect([isCheckInOpen(stay.from, '2027-01-10'), isCheckInOpen(stay.from, '2027-01-11')]).toEqual([true, false]);
    expect([stayHasEnded(stay.to, '2027-01-11'), stayHasEnded(stay.to, '2027-01-12')]).toEqual([false, true]);
    expect([isStayActive(stay, '2027-01-11'), isStayActive(stay, '2027-01-12')]).toEqual([true, false]);
    expect(isStayActive({ ...stay, status: 'cancelled' }, '2027-01-01')).toBe(false);
  });
});

describe('the review window', () => {
  it(`opens the day after check-out and closes after ${REVIEW_WINDOW_DAYS} days`, () => {
    const checkOut = '2027-01-12';
    expect(isReviewWindowAhead(checkOut, checkOut)).toBe(true);
    expect(isReviewWindowOpen(checkOut, '2027-01-13')).toBe(true);
    expect(isReviewWindowOpen(checkOut, addDays(checkOut, REVIEW_WINDOW_DAYS))).toBe(true);
    expect(isReviewWindowClosed(checkOut, addDays(checkOut, REVIEW_WINDOW_DAYS))).toBe(false);
    expect(isReviewWindowClosed(checkOut, addDays(checkOut, REVIEW_WINDOW_DAYS + 1))).toBe(true);
  });

  it('holds every check-out whose window is open somewhere among the days the sweep reads', () => {
    let open = 0;
    const missed: string[] = [];
    for (const now of INSTANTS) {
      const { first, last } = checkOutsReviewableAnywhere(now);
      for (const zone of ZONES) {
        const today = todayIn(zone, now);
        for (let back = 0; back <= REVIEW_WINDOW_DAYS + 2; back += 1) {
          const checkOut = addDays(today, -back);
          if (!isReviewWindowOpen(checkOut, today)) continue;
          open += 1;
          if (checkOut < first || checkOut > last) missed.push(`${checkOut} in ${zone} at ${now.toISOString()}`);
        }
      }
    }
    expect(missed).toEqual([]);
    // Each zone, at each instant, has a window open for the check-outs 1 to REVIEW_WINDOW_DAYS days back.
    expect(open).toBe(INSTANTS.length * ZONES.length * REVIEW_WINDOW_DAYS);
  });
});
