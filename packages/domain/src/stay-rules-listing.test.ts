import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { addDays, nightsBetween, type IsoDate } from './dates.js';
import { applyNightChange, DEFAULT_LISTING_RULES, maskOfWeekdays, type ListingRules, type NightSetting } from './listing-rules.js';
import { MAX_STAY_NIGHTS, MAX_STAY_TOTAL_CENTS, MIN_PAYMENT_CENTS } from './stay-limits.js';
import { describeStayProblem, findStayProblem, type StayCheck, type StayProblem, type StayRoom } from './stay-rules.js';
import type { Stay } from './stays.js';

/*
 * Jan 1, 2030 is a Tuesday: Jan 4 is a Friday, Jan 5 a Saturday, Jan 6 a Sunday, Jan 7 a Monday.
 * The room is bookable through 2031 at $100 a night for 6 guests, with the default rules; today is Jan 1 where it is.
 */
const TODAY: IsoDate = '2030-01-01';
const ROOM: StayRoom = {
  from: TODAY,
  to: '2031-12-31',
  priceCents: 10_000,
  guests: 6,
  hostId: 'host-1',
  today: TODAY,
  timeOfDay: '10:00',
  rules: DEFAULT_LISTING_RULES,
};

type Rules = Omit<ListingRules, 'priceCents'>;
const roomWith = (rules: Partial<Rules>, more: Partial<StayRoom> = {}): StayRoom => ({ ...ROOM, rules: { ...DEFAULT_LISTING_RULES, ...rules }, ...more });

const stayOf = (from: IsoDate, nights: number): Stay => ({ from, to: addDays(from, nights) });

/** The problem of a stay of `nights` from `from` in `room`, asked by a guest for 2 guests. */
const problemOf = (room: StayRoom, from: IsoDate, nights: number, more: Partial<StayCheck> = {}) =>
  findStayProblem({ stay: stayOf(from, nights), room, viewerId: 'guest-1', guests: 2, ...more });

/** The words a guest reads for the problem of that stay (which must have one). */
const messageOf = (room: StayRoom, from: IsoDate, nights: number, more: Partial<StayCheck> = {}) => {
  const problem = problemOf(room, from, nights, more);
  expect(problem).not.toBeNull();
  return describeStayProblem(problem!, { stay: stayOf(from, nights), room, guests: more.guests ?? 2 });
};

describe('minimum and maximum nights', () => {
  it("refuses a stay one night shorter than the listing's minimum and takes one of the minimum", () => {
    const room = roomWith({ minNights: 3 });
    expect(problemOf(room, '2030-01-10', 2)).toBe('min-nights');
    expect(problemOf(room, '2030-01-10', 3)).toBeNull();
    expect(messageOf(room, '2030-01-10', 2)).toBe('This home takes stays of at least 3 nights.');
    expect(messageOf(roomWith({ minNights: 2 }), '2030-01-10', 1)).toBe('This home takes stays of at least 2 nights.');
  });

  it('asks the minimum the calendar sets on the check-in night, of stays starting on it only', () => {
    const nightSettings = applyNightChange([], { from: '2030-01-10', to: '2030-01-12' }, { minNights: 5 });
    const room = roomWith({ minNights: 3 }, { nightSettings });
    expect(problemOf(room, '2030-01-10', 4)).toBe('min-nights');
    expect(problemOf(room, '2030-01-10', 5)).toBeNull();
    expect(problemOf(room, '2030-01-11', 4)).toBe('min-nights');
    expect(problemOf(room, '2030-01-11', 5)).toBeNull();
    // Stays starting the night before or the night after the setting take the listing's minimum, even across it.
    expect(problemOf(room, '2030-01-09', 3)).toBeNull();
    expect(problemOf(room, '2030-01-09', 2)).toBe('min-nights');
    expect(problemOf(room, '2030-01-12', 3)).toBeNull();
    expect(messageOf(room, '2030-01-10', 4)).toBe('This home takes stays of at least 5 nights starting on Jan 10, 2030.');
    expect(messageOf(room, '2030-01-09', 2)).toBe('This home takes stays of at least 3 nights.');
  });

  it("lets the calendar ask less than the listing's minimum on chosen nights", () => {
    const nightSettings = applyNightChange([], { from: '2030-01-10', to: '2030-01-11' }, { minNights: 1 });
    const room = roomWith({ minNights: 3 }, { nightSettings });
    expect(problemOf(room, '2030-01-10', 1)).toBeNull();
    expect(problemOf(room, '2030-01-11', 1)).toBe('min-nights');
  });

  it('refuses a stay one night longer than the maximum and takes one of the maximum', () => {
    const room = roomWith({ maxNights: 7 });
    expect(problemOf(room, '2030-01-10', 8)).toBe('max-nights');
    expect(problemOf(room, '2030-01-10', 7)).toBeNull();
    expect(messageOf(room, '2030-01-10', 8)).toBe('This home takes stays of at most 7 nights.');
    expect(messageOf(roomWith({ minNights: 1, maxNights: 1 }), '2030-01-10', 2)).toBe('This home takes stays of at most 1 night.');
  });

  it('takes a stay of exactly the minimum when it is also the maximum', () => {
    const room = roomWith({ minNights: 4, maxNights: 4 });
    expect(problemOf(room, '2030-01-10', 3)).toBe('min-nights');
    expect(problemOf(room, '2030-01-10', 4)).toBeNull();
    expect(problemOf(room, '2030-01-10', 5)).toBe('max-nights');
  });
});

describe('check-in and check-out days', () => {
  it('takes check-in on the days of the mask only', () => {
    const room = roomWith({ checkInDays: maskOfWeekdays([6]) });
    expect(problemOf(room, '2030-01-04', 2)).toBe('check-in-day');
    expect(problemOf(room, '2030-01-05', 2)).toBeNull();
    expect(problemOf(room, '2030-01-06', 2)).toBe('check-in-day');
    expect(problemOf(room, '2030-01-12', 7)).toBeNull();
    expect(messageOf(room, '2030-01-04', 2)).toBe('Check-in is on Saturdays only.');
  });

  it('names the days in the order of the week, joined as a sentence', () => {
    expect(messageOf(roomWith({ checkInDays: maskOfWeekdays([5, 6]) }), '2030-01-07', 2)).toBe('Check-in is on Fridays and Saturdays only.');
    expect(messageOf(roomWith({ checkInDays: maskOfWeekdays([5, 1, 3]) }), '2030-01-08', 2)).toBe(
      'Check-in is on Mondays, Wednesdays and Fridays only.',
    );
  });

  it('takes check-out on the days of the mask only', () => {
    const room = roomWith({ checkOutDays: maskOfWeekdays([0]) });
    expect(problemOf(room, '2030-01-04', 1)).toBe('check-out-day');
    expect(problemOf(room, '2030-01-04', 2)).toBeNull();
    expect(problemOf(room, '2030-01-04', 3)).toBe('check-out-day');
    expect(messageOf(room, '2030-01-04', 3)).toBe('Check-out is on Sundays only.');
    expect(messageOf(roomWith({ checkOutDays: maskOfWeekdays([0, 1]) }), '2030-01-04', 1)).toBe('Check-out is on Sundays and Mondays only.');
  });

  it('asks both days of a weekly stay from Saturday to Saturday', () => {
    const saturdays = maskOfWeekdays([6]);
    const room = roomWith({ checkInDays: saturdays, checkOutDays: saturdays });
    expect(problemOf(room, '2030-01-05', 7)).toBeNull();
    expect(problemOf(room, '2030-01-05', 6)).toBe('check-out-day');
    expect(problemOf(room, '2030-01-04', 8)).toBe('check-in-day');
  });
});

describe('advance notice', () => {
  it('refuses a check-in before the notice days are over and takes the first day after', () => {
    const room = roomWith({ noticeDays: 2 });
    expect(problemOf(room, '2030-01-01', 1)).toBe('notice');
    expect(problemOf(room, '2030-01-02', 1)).toBe('notice');
    expect(problemOf(room, '2030-01-03', 1)).toBeNull();
    expect(messageOf(room, '2030-01-02', 1)).toBe('Book at least 2 days ahead.');
    expect(messageOf(roomWith({ noticeDays: 1 }), '2030-01-01', 1)).toBe('Book at least 1 day ahead.');
    expect(problemOf(roomWith({ noticeDays: 7 }), '2030-01-07', 1)).toBe('notice');
    expect(problemOf(roomWith({ noticeDays: 7 }), '2030-01-08', 1)).toBeNull();
  });

  it('takes a same-day stay until the cut-off time where the room is, and not from it on', () => {
    const at = (timeOfDay: string) => roomWith({ sameDayUntil: '14:00' }, { timeOfDay });
    expect(problemOf(at('00:00'), TODAY, 1)).toBeNull();
    expect(problemOf(at('13:59'), TODAY, 1)).toBeNull();
    expect(problemOf(at('14:00'), TODAY, 1)).toBe('notice');
    expect(problemOf(at('23:59'), TODAY, 1)).toBe('notice');
    expect(problemOf(at('23:59'), '2030-01-02', 1)).toBeNull();
    expect(messageOf(at('14:00'), TODAY, 1)).toBe("Same-day stays can be booked until 14:00 (the home's time). Please choose a later check-in day.");
  });

  it('takes a same-day stay all day without a cut-off', () => {
    expect(problemOf(roomWith({}, { timeOfDay: '23:59' }), TODAY, 1)).toBeNull();
  });

  it("reads the time of day from the room's zone when it is not given", () => {
    const tokyo = roomWith({ sameDayUntil: '14:00' }, { today: undefined, timeOfDay: undefined, timeZone: 'Asia/Tokyo' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 04:59 UTC is 13:59 in Tokyo (UTC+9), on Jan 1.
      vi.setSystemTime(new Date('2030-01-01T04:59:00Z'));
      expect(problemOf(tokyo, TODAY, 1)).toBeNull();
      vi.setSystemTime(new Date('2030-01-01T05:00:00Z'));
      expect(problemOf(tokyo, TODAY, 1)).toBe('notice');
      expect(problemOf(tokyo, '2030-01-02', 1)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the notice unchecked when the room\'s today is not known', () => {
    expect(problemOf(roomWith({ noticeDays: 7 }, { today: undefined }), TODAY, 1)).toBeNull();
  });
});

describe('booking window', () => {
  it('takes a check-in up to the same day of the month the window ends on, and not a day later', () => {
    const room = roomWith({ bookingWindowMonths: 3 });
    expect(problemOf(room, '2030-04-01', 1)).toBeNull();
    expect(problemOf(room, '2030-04-02', 1)).toBe('booking-window');
    expect(messageOf(room, '2030-04-02', 1)).toBe('This home takes stays starting at most 3 months ahead.');
    // A stay may end after the window: the window limits when it starts.
    expect(problemOf(room, '2030-03-25', 14)).toBeNull();
  });

  it("ends on the month's last day when the month is shorter", () => {
    const room = roomWith({ bookingWindowMonths: 3 }, { today: '2029-11-30' });
    expect(problemOf(room, '2030-02-28', 1)).toBeNull();
    expect(problemOf(room, '2030-03-01', 1)).toBe('booking-window');
    const year = roomWith({ bookingWindowMonths: 12 }, { today: '2030-02-28', from: '2030-02-28' });
    expect(problemOf(year, '2031-02-28', 1)).toBeNull();
    expect(problemOf(year, '2031-03-01', 1)).toBe('booking-window');
  });

  it('reaches the end of the availability without a window', () => {
    expect(problemOf(roomWith({ bookingWindowMonths: null }), '2031-12-30', 1)).toBeNull();
  });
});

describe('blocked nights', () => {
  const nightSettings = applyNightChange([], { from: '2030-01-20', to: '2030-01-22' }, { blocked: true });
  const room = roomWith({}, { nightSettings });

  it('refuses a stay with a blocked night and takes one ending or starting beside the block', () => {
    expect(problemOf(room, '2030-01-18', 2)).toBeNull();
    expect(problemOf(room, '2030-01-18', 3)).toBe('blocked');
    expect(problemOf(room, '2030-01-21', 1)).toBe('blocked');
    expect(problemOf(room, '2030-01-22', 2)).toBeNull();
    expect(problemOf(room, '2030-01-10', 20)).toBe('blocked');
    expect(messageOf(room, '2030-01-21', 3)).toBe('The host has closed some of these nights. Please choose other dates.');
  });

  it('takes nights whose setting only prices them or notes something', () => {
    const priced = applyNightChange(nightSettings, { from: '2030-01-20', to: '2030-01-22' }, { blocked: false, note: 'Was closed' });
    expect(problemOf(roomWith({}, { nightSettings: priced }), '2030-01-18', 5)).toBeNull();
  });
});

describe('preparation time', () => {
  const TAKEN = [{ from: '2030-01-10', to: '2030-01-12' }];

  it('keeps N nights free before and after a confirmed stay: a gap of N is taken, N - 1 refused', () => {
    const room = roomWith({ preparationNights: 2 });
    // Before: leaving on Jan 8 leaves Jan 8 and 9 free.
    expect(problemOf(room, '2030-01-05', 3, { taken: TAKEN })).toBeNull();
    expect(problemOf(room, '2030-01-05', 4, { taken: TAKEN })).toBe('preparation');
    // After: arriving on Jan 14 leaves Jan 12 and 13 free.
    expect(problemOf(room, '2030-01-14', 2, { taken: TAKEN })).toBeNull();
    expect(problemOf(room, '2030-01-13', 2, { taken: TAKEN })).toBe('preparation');
    // Sharing a night is still 'taken'.
    expect(problemOf(room, '2030-01-11', 2, { taken: TAKEN })).toBe('taken');
    expect(messageOf(room, '2030-01-13', 2, { taken: TAKEN })).toBe(
      'The host keeps 2 nights free before and after each stay to prepare the home. Please choose other dates.',
    );
    expect(messageOf(roomWith({ preparationNights: 1 }), '2030-01-12', 2, { taken: TAKEN })).toBe(
      'The host keeps 1 night free before and after each stay to prepare the home. Please choose other dates.',
    );
  });

  it('takes a gap of any size, one touching stay included, without preparation', () => {
    const room = roomWith({ preparationNights: 0 });
    expect(problemOf(room, '2030-01-08', 2, { taken: TAKEN })).toBeNull();
    expect(problemOf(room, '2030-01-12', 2, { taken: TAKEN })).toBeNull();
  });

  it('accepts exactly the gaps of at least the preparation nights, on either side', () => {
    for (const preparationNights of [0, 1, 2] as const) {
      const room = roomWith({ preparationNights });
      for (let gap = 0; gap <= 4; gap++) {
        const expected = gap >= preparationNights ? null : 'preparation';
        const before = stayOf(addDays('2030-01-10', -gap - 3), 3);
        const after = stayOf(addDays('2030-01-12', gap), 3);
        expect(findStayProblem({ stay: before, room, taken: TAKEN }), `${preparationNights} nights, a gap of ${gap} before`).toBe(expected);
        expect(findStayProblem({ stay: after, room, taken: TAKEN }), `${preparationNights} nights, a gap of ${gap} after`).toBe(expected);
      }
    }
  });

  it('leaves the preparation unchecked when the taken stays are not known', () => {
    expect(problemOf(roomWith({ preparationNights: 2 }), '2030-01-12', 2)).toBeNull();
  });
});

describe("the stay's total by the quote", () => {
  it('refuses a total below the smallest card payment once the quote takes the discount off', () => {
    // 7 nights at $0.15 is $1.05, less 10% ($0.105, rounded to $0.11): $0.94.
    const discounted = roomWith({ weeklyDiscountPct: 10 }, { priceCents: 15 });
    expect(problemOf(discounted, '2030-01-10', 7)).toBe('below-minimum');
    expect(problemOf(roomWith({}, { priceCents: 15 }), '2030-01-10', 7)).toBeNull();
    expect(messageOf(discounted, '2030-01-10', 7)).toBe('Card payments start above $1; this stay costs $0.94.');
  });

  it('counts the fees and the tax toward the smallest card payment, at its boundary', () => {
    const room = (cleaningFeeCents: number) => roomWith({ cleaningFeeCents }, { priceCents: 50 });
    expect(problemOf(room(MIN_PAYMENT_CENTS - 51), '2030-01-10', 1)).toBe('below-minimum');
    expect(problemOf(room(MIN_PAYMENT_CENTS - 50), '2030-01-10', 1)).toBeNull();
    // $1 and a 0.49% tax (0.49 cents, no cent) is $1; and a 0.5% tax (half a cent, rounded up) is $1.01.
    expect(problemOf(roomWith({ taxRateBp: 49 }, { priceCents: 100 }), '2030-01-10', 1)).toBe('below-minimum');
    expect(problemOf(roomWith({ taxRateBp: 50 }, { priceCents: 100 }), '2030-01-10', 1)).toBeNull();
  });

  it('prices the nights by the calendar', () => {
    const nightSettings = applyNightChange([], { from: '2030-01-10', to: '2030-01-11' }, { priceCents: 100 });
    expect(problemOf(roomWith({}, { nightSettings }), '2030-01-10', 1)).toBe('below-minimum');
    expect(problemOf(roomWith({}, { nightSettings }), '2030-01-10', 2)).toBeNull();
  });

  it('refuses a total above the largest charge by one cent, the fees and the tax included', () => {
    const nine = (cleaningFeeCents: number) => roomWith({ cleaningFeeCents }, { priceCents: 10_000_000 });
    expect(problemOf(nine(MAX_STAY_TOTAL_CENTS - 90_000_000), '2030-01-10', 9)).toBeNull();
    expect(problemOf(nine(MAX_STAY_TOTAL_CENTS - 90_000_000 + 1), '2030-01-10', 9)).toBe('above-maximum');
    expect(messageOf(nine(10_000_000), '2030-01-10', 9)).toBe(
      'One booking can cost at most $999,999.99; this stay costs $1,000,000. Please choose fewer nights.',
    );
    const taxed = roomWith({ taxRateBp: 1_200 }, { priceCents: 10_000_000 });
    expect(problemOf(taxed, '2030-01-10', 8)).toBeNull();
    expect(problemOf(taxed, '2030-01-10', 9)).toBe('above-maximum');
  });

  it('counts the extra-guest fee for the guests asked about, and says that total', () => {
    const room = roomWith({ extraGuestFeeCents: 1_000_000, guestsIncluded: 1 }, { priceCents: 10_000_000 });
    // 9 nights at $100,000 are $900,000; each guest above the first adds $10,000 a night.
    expect(problemOf(room, '2030-01-10', 9, { guests: 2 })).toBeNull();
    expect(problemOf(room, '2030-01-10', 9, { guests: 3 })).toBe('above-maximum');
    expect(messageOf(room, '2030-01-10', 9, { guests: 3 })).toBe(
      'One booking can cost at most $999,999.99; this stay costs $1,080,000. Please choose fewer nights.',
    );
    // Without a guest count, one guest.
    expect(findStayProblem({ stay: stayOf('2030-01-10', 9), room: { ...room, guests: undefined } })).toBeNull();
  });
});

describe('the order of the rules', () => {
  it('answers the first rule broken, in the order of STAY_PROBLEMS', () => {
    const strict = roomWith({
      noticeDays: 3,
      checkInDays: maskOfWeekdays([6]),
      checkOutDays: maskOfWeekdays([6]),
      minNights: 7,
      maxNights: 7,
      preparationNights: 2,
    });
    // Jan 2 is a Wednesday, 2 nights: every rule of the listing is broken, the notice first.
    expect(problemOf(strict, '2030-01-02', 2)).toBe('notice');
    expect(problemOf(strict, '2030-01-09', 2)).toBe('check-in-day');
    expect(problemOf(strict, '2030-01-12', 2)).toBe('check-out-day');
    expect(problemOf(strict, '2030-01-12', 14)).toBe('max-nights');
    expect(problemOf(strict, '2030-01-12', 7)).toBeNull();
    // The past and the window come before the listing's rules.
    expect(problemOf(strict, '2029-12-29', 7)).toBe('in-the-past');
  });
});

/* ---------------------------------------------------------------- a room without rules, as before */

/** The rules of a stay before listing rules came: a room without `rules` must answer exactly these. */
function problemBeforeListingRules({ stay, room, taken, viewerId, guests }: StayCheck): StayProblem | null {
  if (viewerId != null && room.hostId !== undefined && room.hostId === viewerId) return 'own-room';
  if (guests !== undefined && room.guests !== undefined && guests > room.guests) return 'too-many-guests';
  const nights = nightsBetween(stay.from, stay.to);
  if (nights < 1) return 'no-nights';
  if (room.today !== undefined && stay.from < room.today) return 'in-the-past';
  if (stay.from < room.from || stay.to > room.to) return 'outside-window';
  if (nights > MAX_STAY_NIGHTS) return 'too-long';
  if (room.priceCents !== undefined) {
    const total = nights * room.priceCents;
    if (total < MIN_PAYMENT_CENTS) return 'below-minimum';
    if (total > MAX_STAY_TOTAL_CENTS) return 'above-maximum';
  }
  if (taken?.some((other) => stay.from < other.to && other.from < stay.to)) return 'taken';
  return null;
}

const dayArb = fc.integer({ min: -10, max: 760 }).map((n) => addDays(TODAY, n));
const stayArb = fc
  .tuple(fc.integer({ min: -10, max: 760 }), fc.integer({ min: -2, max: 370 }))
  .map(([start, nights]) => stayOf(addDays(TODAY, start), nights));
const checkArb: fc.Arbitrary<StayCheck> = fc.record({
  stay: stayArb,
  room: fc.record({
    from: fc.constant(TODAY),
    to: fc.constant('2031-12-31'),
    priceCents: fc.option(fc.integer({ min: 1, max: 12_000_000 }), { nil: undefined }),
    guests: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
    hostId: fc.constant('host-1'),
    today: fc.option(dayArb, { nil: undefined }),
    timeOfDay: fc.constantFrom('00:00', '13:59', '23:59'),
  }),
  taken: fc.option(fc.array(stayArb.filter(({ from, to }) => from < to), { maxLength: 4 }), { nil: undefined }),
  viewerId: fc.constantFrom(undefined, null, 'host-1', 'guest-1'),
  guests: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
});

describe('a room without listing rules', () => {
  it('answers exactly the problems it answered before listing rules came', () => {
    fc.assert(
      fc.property(checkArb, (check) => {
        expect(findStayProblem(check)).toBe(problemBeforeListingRules(check));
      }),
      { seed: 42, numRuns: 1_000 },
    );
  });

  it('answers the same with the default rules and an empty calendar', () => {
    fc.assert(
      fc.property(checkArb, (check) => {
        const withDefaults = { ...check, room: { ...check.room, rules: DEFAULT_LISTING_RULES, nightSettings: [] } };
        expect(findStayProblem(withDefaults)).toBe(findStayProblem(check));
      }),
      { seed: 42, numRuns: 1_000 },
    );
  });

  it('takes what the new rules would refuse: any day, any length, no notice, no preparation', () => {
    const plain: StayRoom = { ...ROOM, rules: undefined };
    const taken = [{ from: '2030-01-10', to: '2030-01-12' }];
    expect(problemOf(plain, TODAY, 1, { taken })).toBeNull();
    expect(problemOf({ ...plain, timeOfDay: '23:59' }, TODAY, 1, { taken })).toBeNull();
    expect(problemOf(plain, '2030-01-12', 1, { taken })).toBeNull();
    expect(problemOf(plain, '2030-01-09', 1, { taken })).toBeNull();
    expect(problemOf(plain, '2031-12-30', 1, { taken })).toBeNull();
    expect(problemOf(plain, '2030-01-01', MAX_STAY_NIGHTS, { taken: [] })).toBeNull();
  });

  it("checks the calendar's nights by the default rules: its blocks, its minimum stays and its prices", () => {
    let nightSettings: NightSetting[] = applyNightChange([], { from: '2030-01-20', to: '2030-01-22' }, { blocked: true });
    nightSettings = applyNightChange(nightSettings, { from: '2030-02-01', to: '2030-02-02' }, { minNights: 3 });
    nightSettings = applyNightChange(nightSettings, { from: '2030-03-01', to: '2030-03-02' }, { priceCents: 50 });
    const plain: StayRoom = { ...ROOM, rules: undefined, nightSettings };
    expect(problemOf(plain, '2030-01-21', 1)).toBe('blocked');
    expect(problemOf(plain, '2030-02-01', 2)).toBe('min-nights');
    expect(problemOf(plain, '2030-02-01', 3)).toBeNull();
    expect(messageOf(plain, '2030-02-01', 2)).toBe('This home takes stays of at least 3 nights starting on Feb 1, 2030.');
    expect(problemOf(plain, '2030-03-01', 1)).toBe('below-minimum');
    expect(messageOf(plain, '2030-03-01', 1)).toBe('Card payments start above $1; this stay costs $0.50.');
  });
});
