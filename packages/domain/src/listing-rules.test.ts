import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonthsToDate, nightsBetween, type IsoDate } from './dates.js';
import {
  ALL_WEEKDAYS,
  applyNightChange,
  blockedRunsIn,
  DEFAULT_LISTING_RULES,
  firstNoticeCheckIn,
  isWeekendNight,
  lastBookableCheckIn,
  maskHasWeekday,
  maskOfWeekdays,
  minNightsFrom,
  nightPriceCents,
  nightsOf,
  settingOn,
  weekdayOf,
  weekdaysOfMask,
  withPreparation,
  type NightChange,
  type NightSetting,
} from './listing-rules.js';
import type { Stay } from './stays.js';

/** A setting with only the fields a test gives; the others say "as the listing says". */
const setting = (from: IsoDate, to: IsoDate, values: NightChange = {}): NightSetting => ({
  from,
  to,
  priceCents: null,
  minNights: null,
  blocked: false,
  note: null,
  ...values,
});

const range = (from: IsoDate, to: IsoDate): Stay => ({ from, to });

describe('applyNightChange', () => {
  it('splits a setting a change falls in the middle of into three', () => {
    const before = [setting('2030-01-01', '2030-01-11', { priceCents: 10_000 })];
    expect(applyNightChange(before, range('2030-01-04', '2030-01-06'), { priceCents: 15_000 })).toEqual([
      setting('2030-01-01', '2030-01-04', { priceCents: 10_000 }),
      setting('2030-01-04', '2030-01-06', { priceCents: 15_000 }),
      setting('2030-01-06', '2030-01-11', { priceCents: 10_000 }),
    ]);
  });

  it('trims the settings a change overlaps at both ends, and covers the nights between them', () => {
    const before = [setting('2030-01-01', '2030-01-05', { priceCents: 10_000 }), setting('2030-01-08', '2030-01-12', { minNights: 3 })];
    expect(applyNightChange(before, range('2030-01-03', '2030-01-10'), { blocked: true })).toEqual([
      setting('2030-01-01', '2030-01-03', { priceCents: 10_000 }),
      setting('2030-01-03', '2030-01-05', { priceCents: 10_000, blocked: true }),
      setting('2030-01-05', '2030-01-08', { blocked: true }),
      setting('2030-01-08', '2030-01-10', { minNights: 3, blocked: true }),
      setting('2030-01-10', '2030-01-12', { minNights: 3 }),
    ]);
  });

  it('leaves nothing where clearing a price leaves a setting saying nothing', () => {
    const before = [setting('2030-01-01', '2030-01-05', { priceCents: 10_000 })];
    expect(applyNightChange(before, range('2030-01-01', '2030-01-05'), { priceCents: null })).toEqual([]);
    expect(applyNightChange(before, range('2029-12-25', '2030-02-01'), { priceCents: null })).toEqual([]);
    expect(applyNightChange(before, range('2030-01-02', '2030-01-04'), { priceCents: null })).toEqual([
      setting('2030-01-01', '2030-01-02', { priceCents: 10_000 }),
      setting('2030-01-04', '2030-01-05', { priceCents: 10_000 }),
    ]);
  });

  it('keeps the other fields of a setting when one is cleared', () => {
    const before = [setting('2030-01-01', '2030-01-05', { priceCents: 10_000, note: 'Festival' })];
    expect(applyNightChange(before, range('2030-01-01', '2030-01-05'), { priceCents: null })).toEqual([setting('2030-01-01', '2030-01-05', { note: 'Festival' })]);
  });

  it('joins neighbours that come to say the same', () => {
    const before = [setting('2030-01-01', '2030-01-03', { priceCents: 12_000 }), setting('2030-01-03', '2030-01-06', { priceCents: 10_000 })];
    expect(applyNightChange(before, range('2030-01-03', '2030-01-06'), { priceCents: 12_000 })).toEqual([setting('2030-01-01', '2030-01-06', { priceCents: 12_000 })]);
    // A change on the nights just after a setting with the same values extends it.
    expect(applyNightChange(before, range('2030-01-06', '2030-01-09'), { priceCents: 10_000 })).toEqual([
      setting('2030-01-01', '2030-01-03', { priceCents: 12_000 }),
      setting('2030-01-03', '2030-01-09', { priceCents: 10_000 }),
    ]);
  });

  it('does not join settings that say the same but do not touch', () => {
    const before = [setting('2030-01-01', '2030-01-03', { blocked: true })];
    expect(applyNightChange(before, range('2030-01-04', '2030-01-05'), { blocked: true })).toEqual([
      setting('2030-01-01', '2030-01-03', { blocked: true }),
      setting('2030-01-04', '2030-01-05', { blocked: true }),
    ]);
  });

  it('creates a setting on nights that had none', () => {
    expect(applyNightChange([], range('2030-01-10', '2030-01-12'), { minNights: 4, note: 'Long weekend' })).toEqual([
      setting('2030-01-10', '2030-01-12', { minNights: 4, note: 'Long weekend' }),
    ]);
    expect(applyNightChange([], range('2030-01-10', '2030-01-12'), { priceCents: null, blocked: false })).toEqual([]);
  });

  it('answers settings in date order, whatever the order of the change', () => {
    let settings = applyNightChange([], range('2030-03-01', '2030-03-05'), { blocked: true });
    settings = applyNightChange(settings, range('2030-01-01', '2030-01-05'), { priceCents: 9_000 });
    settings = applyNightChange(settings, range('2030-02-01', '2030-02-05'), { minNights: 2 });
    expect(settings.map(({ from }) => from)).toEqual(['2030-01-01', '2030-02-01', '2030-03-01']);
  });

  it('takes a field given as undefined as not given', () => {
    const before = [setting('2030-01-01', '2030-01-05', { priceCents: 10_000 })];
    expect(applyNightChange(before, range('2030-01-01', '2030-01-05'), { priceCents: undefined, blocked: true })).toEqual([
      setting('2030-01-01', '2030-01-05', { priceCents: 10_000, blocked: true }),
    ]);
    expect(applyNightChange([], range('2030-01-01', '2030-01-05'), { priceCents: undefined, note: undefined })).toEqual([]);
  });

  it('changes nothing for a range without nights', () => {
    const before = [setting('2030-01-01', '2030-01-11', { priceCents: 10_000 })];
    expect(applyNightChange(before, range('2030-01-05', '2030-01-05'), { priceCents: 1 })).toEqual(before);
    expect(applyNightChange(before, range('2030-01-08', '2030-01-04'), { priceCents: 1 })).toEqual(before);
  });
});

/* ---------------------------------------------------------------- properties of applyNightChange */

const BASE: IsoDate = '2030-01-01';
/** Ranges within 60 nights of BASE, so random changes meet, split and join each other often. */
const SPAN = 60;

const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: SPAN }), fc.integer({ min: 1, max: 20 }))
  .map(([start, length]): Stay => ({ from: addDays(BASE, start), to: addDays(BASE, start + length) }));

/** Sometimes a field is there but undefined, which is not giving it. */
const orUndefined = <T,>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 6, arbitrary: arb });

/** A change gives any of the fields; few values, so neighbours often come to say the same. */
const changeArb: fc.Arbitrary<NightChange> = fc.record(
  {
    priceCents: orUndefined(fc.option(fc.constantFrom(8_000, 10_000, 12_000), { nil: null })),
    minNights: orUndefined(fc.option(fc.constantFrom(2, 3, 7), { nil: null })),
    blocked: orUndefined(fc.boolean()),
    note: orUndefined(fc.option(fc.constantFrom('Festival', 'Repairs'), { nil: null })),
  },
  { requiredKeys: [] },
);

/** The fields a change gives. */
const givenOf = (change: NightChange): NightChange => Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));

const stepArb = fc.record({ range: rangeArb, change: changeArb });

const foldChanges = (steps: readonly { range: Stay; change: NightChange }[]): NightSetting[] =>
  steps.reduce<NightSetting[]>((settings, { range, change }) => applyNightChange(settings, range, change), []);

/** Settings as a host builds them: a fold of random changes. */
const nightSettingsArb = fc.array(stepArb, { maxLength: 12 }).map(foldChanges);

type Values = Pick<NightSetting, 'priceCents' | 'minNights' | 'blocked' | 'note'>;
const NOTHING: Values = { priceCents: null, minNights: null, blocked: false, note: null };

/** What the calendar says of one night: its setting's values, or nothing set. */
function valuesOn(settings: readonly NightSetting[], night: IsoDate): Values {
  const found = settingOn(settings, night);
  return found ? { priceCents: found.priceCents, minNights: found.minNights, blocked: found.blocked, note: found.note } : NOTHING;
}

/** Every night any setting or range of these tests may reach, and a few beyond. */
const ALL_NIGHTS = nightsOf({ from: addDays(BASE, -3), to: addDays(BASE, SPAN + 25) });

const isEmpty = (s: NightSetting) => s.priceCents === null && s.minNights === null && !s.blocked && s.note === null;
const sameValues = (a: NightSetting, b: NightSetting) =>
  a.priceCents === b.priceCents && a.minNights === b.minNights && a.blocked === b.blocked && a.note === b.note;

const PROPERTY_RUNS = { seed: 42, numRuns: 300 };

describe('applyNightChange, on random calendars and changes', () => {
  it('answers settings in date order, none overlapping, none empty, and neighbours that say the same joined', () => {
    fc.assert(
      fc.property(nightSettingsArb, stepArb, (before, { range, change }) => {
        const after = applyNightChange(before, range, change);
        for (const s of after) {
          expect(s.from < s.to).toBe(true);
          expect(isEmpty(s)).toBe(false);
        }
        for (let i = 1; i < after.length; i++) {
          const previous = after[i - 1]!;
          const current = after[i]!;
          expect(previous.to <= current.from).toBe(true);
          if (previous.to === current.from) expect(sameValues(previous, current)).toBe(false);
        }
      }),
      PROPERTY_RUNS,
    );
  });

  it('sets the changed fields on every night of the range and keeps the others as they were', () => {
    fc.assert(
      fc.property(nightSettingsArb, stepArb, (before, { range, change }) => {
        const after = applyNightChange(before, range, change);
        for (const night of nightsOf(range)) {
          expect(valuesOn(after, night)).toEqual({ ...valuesOn(before, night), ...givenOf(change) });
        }
      }),
      PROPERTY_RUNS,
    );
  });

  it('leaves every night outside the range as it was', () => {
    fc.assert(
      fc.property(nightSettingsArb, stepArb, (before, { range, change }) => {
        const after = applyNightChange(before, range, change);
        for (const night of ALL_NIGHTS) {
          if (night >= range.from && night < range.to) continue;
          expect(valuesOn(after, night)).toEqual(valuesOn(before, night));
        }
      }),
      PROPERTY_RUNS,
    );
  });

  it('answers the same calendar as a night-by-night model of the changes', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), (steps) => {
        const model = new Map<IsoDate, Values>();
        for (const { range, change } of steps) {
          for (const night of nightsOf(range)) model.set(night, { ...(model.get(night) ?? NOTHING), ...givenOf(change) });
        }
        const settings = foldChanges(steps);
        for (const night of ALL_NIGHTS) expect(valuesOn(settings, night), night).toEqual(model.get(night) ?? NOTHING);
      }),
      PROPERTY_RUNS,
    );
  });
});

/* ---------------------------------------------------------------- reading the calendar */

describe('reading the calendar', () => {
  const rules = { ...DEFAULT_LISTING_RULES, priceCents: 12_000, weekendPriceCents: 15_000 };
  const settings = [
    setting('2030-01-03', '2030-01-05', { priceCents: 9_000 }),
    setting('2030-01-10', '2030-01-12', { minNights: 5 }),
    setting('2030-01-20', '2030-01-22', { blocked: true }),
  ];

  it("prices a night by the calendar, else the weekend price on Fridays and Saturdays, else the listing's price", () => {
    // Jan 3, 2030 is a Thursday, Jan 4 a Friday, Jan 5 a Saturday, Jan 6 a Sunday.
    expect(nightPriceCents(rules, settingOn(settings, '2030-01-03'), '2030-01-03')).toBe(9_000);
    expect(nightPriceCents(rules, settingOn(settings, '2030-01-04'), '2030-01-04')).toBe(9_000);
    expect(nightPriceCents(rules, settingOn(settings, '2030-01-05'), '2030-01-05')).toBe(15_000);
    expect(nightPriceCents(rules, settingOn(settings, '2030-01-06'), '2030-01-06')).toBe(12_000);
    expect(nightPriceCents({ ...rules, weekendPriceCents: null }, undefined, '2030-01-05')).toBe(12_000);
    // A night whose setting says nothing of the price takes the listing's.
    expect(nightPriceCents(rules, settingOn(settings, '2030-01-11'), '2030-01-11')).toBe(15_000);
  });

  it("asks the minimum stay of the check-in night's setting, else the listing's", () => {
    expect(minNightsFrom({ minNights: 2 }, settings, '2030-01-10')).toBe(5);
    expect(minNightsFrom({ minNights: 2 }, settings, '2030-01-11')).toBe(5);
    expect(minNightsFrom({ minNights: 2 }, settings, '2030-01-12')).toBe(2);
    expect(minNightsFrom({ minNights: 2 }, settings, '2030-01-09')).toBe(2);
    expect(minNightsFrom({ minNights: 2 }, settings, '2030-01-03')).toBe(2);
  });

  it('finds the blocked runs a stay meets, and none for a stay leaving the morning a block starts', () => {
    expect(blockedRunsIn(settings, range('2030-01-18', '2030-01-21'))).toEqual([range('2030-01-20', '2030-01-22')]);
    expect(blockedRunsIn(settings, range('2030-01-18', '2030-01-20'))).toEqual([]);
    expect(blockedRunsIn(settings, range('2030-01-22', '2030-01-25'))).toEqual([]);
    expect(blockedRunsIn(settings, range('2030-01-01', '2030-01-15'))).toEqual([]);
  });

  it('widens stays by the preparation nights on both sides', () => {
    expect(withPreparation([range('2030-01-10', '2030-01-12')], 2)).toEqual([range('2030-01-08', '2030-01-14')]);
    expect(withPreparation([range('2030-01-10', '2030-01-12')], 0)).toEqual([range('2030-01-10', '2030-01-12')]);
  });

  it('lists the nights of a stay without the check-out day', () => {
    expect(nightsOf(range('2030-01-30', '2030-02-02'))).toEqual(['2030-01-30', '2030-01-31', '2030-02-01']);
    expect(nightsOf(range('2030-01-30', '2030-01-30'))).toEqual([]);
    expect(nightsOf(range('2030-01-30', '2030-01-20'))).toEqual([]);
  });
});

/* ---------------------------------------------------------------- weekdays */

describe('weekdays', () => {
  it('reads the weekday of known dates, Sunday as 0, in any time zone', () => {
    expect(weekdayOf('2030-01-01')).toBe(2); // a Tuesday
    expect(weekdayOf('2030-01-06')).toBe(0); // a Sunday
    expect(weekdayOf('2026-11-28')).toBe(6); // a Saturday
    expect(weekdayOf('2024-02-29')).toBe(4); // a Thursday
    expect(weekdayOf('2000-01-01')).toBe(6); // a Saturday
    expect(weekdayOf('1970-01-01')).toBe(4); // a Thursday
    expect(weekdayOf('0001-01-01')).toBe(1); // a Monday, as the proleptic Gregorian calendar counts
  });

  it('moves one weekday a day, over every day of a leap year', () => {
    let day: IsoDate = '2028-01-01';
    for (let i = 0; i < 366; i++, day = addDays(day, 1)) expect(weekdayOf(addDays(day, 1))).toBe((weekdayOf(day) + 1) % 7);
  });

  it('takes the weekend price on Friday and Saturday nights only', () => {
    // Jan 4, 2030 is a Friday.
    const week = nightsOf(range('2030-01-01', '2030-01-08'));
    expect(week.map((night) => [weekdayOf(night), isWeekendNight(night)])).toEqual([
      [2, false],
      [3, false],
      [4, false],
      [5, true],
      [6, true],
      [0, false],
      [1, false],
    ]);
  });

  it('stores weekdays as a 7-bit mask and reads them back in order', () => {
    expect(maskOfWeekdays([5, 6])).toBe(0b110_0000);
    expect(weekdaysOfMask(0b110_0000)).toEqual([5, 6]);
    expect(weekdaysOfMask(ALL_WEEKDAYS)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdaysOfMask(0)).toEqual([]);
    expect(maskHasWeekday(maskOfWeekdays([0]), 0)).toBe(true);
    expect(maskHasWeekday(maskOfWeekdays([0]), 1)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ALL_WEEKDAYS }), (mask) => {
        expect(maskOfWeekdays(weekdaysOfMask(mask))).toBe(mask);
      }),
      { seed: 42, numRuns: 128 },
    );
  });
});

/* ---------------------------------------------------------------- notice and booking window */

describe('firstNoticeCheckIn', () => {
  it('counts the notice in days after the room\'s today, whatever the time', () => {
    expect(firstNoticeCheckIn({ noticeDays: 2, sameDayUntil: null }, '2030-01-30', '09:00')).toBe('2030-02-01');
    expect(firstNoticeCheckIn({ noticeDays: 1, sameDayUntil: null }, '2030-12-31', '23:59')).toBe('2031-01-01');
    expect(firstNoticeCheckIn({ noticeDays: 7, sameDayUntil: null }, '2030-01-01', '00:00')).toBe('2030-01-08');
    // The same-day cut-off only speaks when there are no days of notice.
    expect(firstNoticeCheckIn({ noticeDays: 1, sameDayUntil: '14:00' }, '2030-01-01', '08:00')).toBe('2030-01-02');
  });

  it('takes a same-day stay all day without a cut-off', () => {
    expect(firstNoticeCheckIn({ noticeDays: 0, sameDayUntil: null }, '2030-01-01', '00:00')).toBe('2030-01-01');
    expect(firstNoticeCheckIn({ noticeDays: 0, sameDayUntil: null }, '2030-01-01', '23:59')).toBe('2030-01-01');
  });

  it('takes a same-day stay before the cut-off, and from the cut-off on only from tomorrow', () => {
    const rules = { noticeDays: 0, sameDayUntil: '14:00' };
    expect(firstNoticeCheckIn(rules, '2030-01-01', '00:00')).toBe('2030-01-01');
    expect(firstNoticeCheckIn(rules, '2030-01-01', '13:59')).toBe('2030-01-01');
    expect(firstNoticeCheckIn(rules, '2030-01-01', '14:00')).toBe('2030-01-02');
    expect(firstNoticeCheckIn(rules, '2030-01-01', '23:59')).toBe('2030-01-02');
    expect(firstNoticeCheckIn({ noticeDays: 0, sameDayUntil: '09:30' }, '2030-01-31', '09:30')).toBe('2030-02-01');
    expect(firstNoticeCheckIn({ noticeDays: 0, sameDayUntil: '09:30' }, '2030-01-31', '09:29')).toBe('2030-01-31');
  });
});

describe('lastBookableCheckIn', () => {
  it('counts the booking window in months from the room\'s today', () => {
    expect(lastBookableCheckIn({ bookingWindowMonths: 3 }, '2030-01-15')).toBe('2030-04-15');
    expect(lastBookableCheckIn({ bookingWindowMonths: 12 }, '2030-06-30')).toBe('2031-06-30');
    expect(lastBookableCheckIn({ bookingWindowMonths: 24 }, '2030-11-01')).toBe('2032-11-01');
    expect(lastBookableCheckIn({ bookingWindowMonths: null }, '2030-01-15')).toBeNull();
  });

  it("ends on the month's last day when the month is shorter (Jan 31 + 1 month)", () => {
    expect(lastBookableCheckIn({ bookingWindowMonths: 3 }, '2029-11-30')).toBe('2030-02-28');
    expect(lastBookableCheckIn({ bookingWindowMonths: 6 }, '2030-08-31')).toBe('2031-02-28');
    expect(lastBookableCheckIn({ bookingWindowMonths: 12 }, '2028-02-29')).toBe('2029-02-28');
    expect(lastBookableCheckIn({ bookingWindowMonths: 24 }, '2028-02-29')).toBe('2030-02-28');
  });
});

describe('addMonthsToDate', () => {
  it('keeps the day of the month', () => {
    expect(addMonthsToDate('2030-01-15', 1)).toBe('2030-02-15');
    expect(addMonthsToDate('2030-01-28', 1)).toBe('2030-02-28');
    expect(addMonthsToDate('2030-12-05', 1)).toBe('2031-01-05');
    expect(addMonthsToDate('2030-03-31', 0)).toBe('2030-03-31');
    expect(addMonthsToDate('2030-03-10', -3)).toBe('2029-12-10');
  });

  it("takes the month's last day when the month is shorter", () => {
    expect(addMonthsToDate('2030-01-31', 1)).toBe('2030-02-28');
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDate('2030-01-30', 1)).toBe('2030-02-28');
    expect(addMonthsToDate('2028-01-29', 1)).toBe('2028-02-29');
    expect(addMonthsToDate('2030-03-31', 1)).toBe('2030-04-30');
    expect(addMonthsToDate('2030-03-31', -1)).toBe('2030-02-28');
    expect(addMonthsToDate('2030-08-31', 1)).toBe('2030-09-30');
    expect(addMonthsToDate('2100-01-31', 1)).toBe('2100-02-28');
    expect(addMonthsToDate('2000-01-31', 1)).toBe('2000-02-29');
  });

  it('answers a real date in the right month, never past the same day of the month', () => {
    const dayArb = fc.integer({ min: 0, max: 365 * 400 }).map((n) => addDays('1900-01-01', n));
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -36, max: 36 }), (date, count) => {
        const later = addMonthsToDate(date, count);
        expect(nightsBetween(later, later)).toBe(0); // a calendar date, or this throws
        const months = (d: IsoDate) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
        expect(months(later) - months(date)).toBe(count);
        const day = Number(date.slice(8));
        const laterDay = Number(later.slice(8));
        expect(laterDay <= day).toBe(true);
        // Shorter only when the month has no such day: the next day is in the month after.
        if (laterDay < day) expect(addDays(later, 1).slice(8)).toBe('01');
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
