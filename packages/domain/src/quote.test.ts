import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from './dates.js';
import {
  applyNightChange,
  BOOKING_WINDOW_MONTHS,
  DEFAULT_LISTING_RULES,
  LISTING_RULE_LIMITS,
  nightPriceCents,
  nightsOf,
  PREPARATION_NIGHTS,
  settingOn,
  type ListingRules,
  type NightChange,
  type NightSetting,
} from './listing-rules.js';
import { formatRate, lineLabel, quoteStay, stayTotalOnNights, totalOfLines, type QuoteLine } from './quote.js';
import { withLocale } from './locale.js';
import { ROOM_LIMITS } from './room-limits.js';
import type { Stay } from './stays.js';

/** $120 a night, $150 on Friday and Saturday nights, nothing else. */
const RULES: ListingRules = { ...DEFAULT_LISTING_RULES, priceCents: 12_000, weekendPriceCents: 15_000 };

/** Jan 3, 2030 is a Thursday: a stay from it to the Monday has two weekend nights. */
const THURSDAY = '2030-01-03';
const stayOf = (from: IsoDate, nights: number): Stay => ({ from, to: addDays(from, nights) });

/** The lines as a guest reads them: words, amount, and whether it is subtracted. */
const view = (lines: readonly QuoteLine[]) => lines.map((line) => ({ label: lineLabel(line), amountCents: line.amountCents, credit: line.credit }));
const lineOf = (lines: readonly QuoteLine[], kind: QuoteLine['kind']) => lines.find((line) => line.kind === kind);

describe('quoteStay', () => {
  it('groups the nights by price, the weekend price saying so', () => {
    const quote = quoteStay(RULES, [], stayOf(THURSDAY, 4), 1);
    expect(view(quote.lines)).toEqual([
      { label: '2 nights × $120', amountCents: 24_000, credit: false },
      { label: '2 nights × $150 (weekend)', amountCents: 30_000, credit: false },
    ]);
    expect(quote.lines.map(({ nights, unitCents }) => ({ nights, unitCents }))).toEqual([
      { nights: 2, unitCents: 12_000 },
      { nights: 2, unitCents: 15_000 },
    ]);
    expect(quote.nightsCents).toBe(54_000);
    expect(quote.totalCents).toBe(54_000);
  });

  it('prices every night at the nightly price without a weekend price', () => {
    const quote = quoteStay({ ...RULES, weekendPriceCents: null }, [], stayOf(THURSDAY, 4), 1);
    expect(view(quote.lines)).toEqual([{ label: '4 nights × $120', amountCents: 48_000, credit: false }]);
    expect(view(quoteStay(RULES, [], stayOf('2030-01-07', 1), 1).lines)[0]?.label).toBe('1 night × $120');
  });

  it("takes the calendar's price over the weekend price and the nightly price", () => {
    const settings = applyNightChange([], { from: '2030-01-05', to: '2030-01-07' }, { priceCents: 20_050 });
    const quote = quoteStay(RULES, settings, stayOf(THURSDAY, 4), 1);
    expect(view(quote.lines)).toEqual([
      { label: '1 night × $120', amountCents: 12_000, credit: false },
      { label: '1 night × $150 (weekend)', amountCents: 15_000, credit: false },
      { label: '2 nights × $200.50', amountCents: 40_100, credit: false },
    ]);
    expect(quote.totalCents).toBe(67_100);
  });

  it("does not call a calendar price on a weekend night a weekend price, even when it is the same", () => {
    const settings = applyNightChange([], { from: '2030-01-04', to: '2030-01-05' }, { priceCents: 15_000 });
    expect(view(quoteStay(RULES, settings, stayOf(THURSDAY, 4), 1).lines).map(({ label }) => label)).toEqual([
      '2 nights × $120',
      '1 night × $150',
      '1 night × $150 (weekend)',
    ]);
  });

  it('ignores a calendar setting that says nothing of the price', () => {
    const settings = applyNightChange([], { from: THURSDAY, to: '2030-01-07' }, { minNights: 3, note: 'Festival' });
    expect(quoteStay(RULES, settings, stayOf(THURSDAY, 4), 1).totalCents).toBe(54_000);
  });

  it('takes the weekly discount from 7 nights, not before', () => {
    const rules = { ...RULES, weekendPriceCents: null, weeklyDiscountPct: 10, monthlyDiscountPct: 20 };
    expect(lineOf(quoteStay(rules, [], stayOf(THURSDAY, 6), 1).lines, 'weekly-discount')).toBeUndefined();
    const week = quoteStay(rules, [], stayOf(THURSDAY, 7), 1);
    expect(view(week.lines)).toEqual([
      { label: '7 nights × $120', amountCents: 84_000, credit: false },
      { label: 'Weekly discount (10%)', amountCents: 8_400, credit: true },
    ]);
    expect(week.nightsCents).toBe(84_000);
    expect(week.totalCents).toBe(75_600);
  });

  it('takes the monthly discount from 28 nights, and the weekly one up to 27', () => {
    const rules = { ...RULES, weekendPriceCents: null, weeklyDiscountPct: 10, monthlyDiscountPct: 20 };
    expect(view(quoteStay(rules, [], stayOf(THURSDAY, 27), 1).lines).slice(1)).toEqual([
      { label: 'Weekly discount (10%)', amountCents: 32_400, credit: true },
    ]);
    const month = quoteStay(rules, [], stayOf(THURSDAY, 28), 1);
    expect(view(month.lines).slice(1)).toEqual([{ label: 'Monthly discount (20%)', amountCents: 67_200, credit: true }]);
    expect(month.totalCents).toBe(336_000 - 67_200);
  });

  it('takes only the larger discount', () => {
    const larger = (weeklyDiscountPct: number, monthlyDiscountPct: number, nights: number) =>
      quoteStay({ ...RULES, weeklyDiscountPct, monthlyDiscountPct }, [], stayOf(THURSDAY, nights), 1).lines.filter((line) => line.credit);
    expect(larger(15, 10, 30).map((line) => [line.kind, lineLabel(line)])).toEqual([['weekly-discount', 'Weekly discount (15%)']]);
    expect(larger(10, 15, 30).map((line) => [line.kind, lineLabel(line)])).toEqual([['monthly-discount', 'Monthly discount (15%)']]);
    expect(larger(0, 15, 30).map(({ kind }) => kind)).toEqual(['monthly-discount']);
    expect(larger(15, 0, 30).map(({ kind }) => kind)).toEqual(['weekly-discount']);
    expect(larger(0, 15, 27)).toEqual([]);
    expect(larger(0, 0, 30)).toEqual([]);
  });

  it('adds the cleaning fee once, whatever the length of the stay', () => {
    const rules = { ...RULES, cleaningFeeCents: 4_500 };
    for (const nights of [1, 4, 30]) {
      const quote = quoteStay(rules, [], stayOf(THURSDAY, nights), 1);
      expect(view(quote.lines).at(-1)).toEqual({ label: 'Cleaning fee', amountCents: 4_500, credit: false });
      expect(quote.totalCents).toBe(quote.nightsCents + 4_500);
    }
  });

  it('charges the extra-guest fee per night for each guest above those included', () => {
    const rules = { ...RULES, extraGuestFeeCents: 1_000, guestsIncluded: 2 };
    const three = quoteStay(rules, [], stayOf(THURSDAY, 3), 4);
    expect(view(three.lines).at(-1)).toEqual({ label: 'Extra guest fee (2 guests × 3 nights)', amountCents: 6_000, credit: false });
    expect(three.totalCents).toBe(three.nightsCents + 6_000);
    expect(view(quoteStay(rules, [], stayOf(THURSDAY, 1), 3).lines).at(-1)?.label).toBe('Extra guest fee (1 guest × 1 night)');
    expect(lineOf(quoteStay(rules, [], stayOf(THURSDAY, 3), 2).lines, 'extra-guest-fee')).toBeUndefined();
    expect(lineOf(quoteStay(rules, [], stayOf(THURSDAY, 3), 1).lines, 'extra-guest-fee')).toBeUndefined();
  });

  it('taxes the nights after the discount plus the fees, each percentage rounded once with halves up', () => {
    const rules: ListingRules = {
      ...DEFAULT_LISTING_RULES,
      priceCents: 10_001,
      weeklyDiscountPct: 10,
      cleaningFeeCents: 2_499,
      extraGuestFeeCents: 50,
      guestsIncluded: 1,
      taxRateBp: 1_000,
    };
    const quote = quoteStay(rules, [], stayOf(THURSDAY, 7), 2);
    // Nights 70,007; discount 7,000.7 → 7,001; taxed 63,006 + 2,499 + 350 = 65,855; tax 6,585.5 → 6,586.
    expect(view(quote.lines)).toEqual([
      { label: '7 nights × $100.01', amountCents: 70_007, credit: false },
      { label: 'Weekly discount (10%)', amountCents: 7_001, credit: true },
      { label: 'Cleaning fee', amountCents: 2_499, credit: false },
      { label: 'Extra guest fee (1 guest × 7 nights)', amountCents: 350, credit: false },
      { label: 'Occupancy tax (10%)', amountCents: 6_586, credit: false },
    ]);
    expect(quote.totalCents).toBe(70_007 - 7_001 + 2_499 + 350 + 6_586);
  });

  it('rounds a tax to the nearest cent, below half a cent down', () => {
    // 12.34% of 4 × $120 = 5,923.2 cents.
    const quote = quoteStay({ ...RULES, weekendPriceCents: null, taxRateBp: 1_234 }, [], stayOf(THURSDAY, 4), 1);
    expect(view(quote.lines).at(-1)).toEqual({ label: 'Occupancy tax (12.34%)', amountCents: 5_923, credit: false });
    // 5.5% of 1 × $1.09 = 5.995 cents.
    expect(lineOf(quoteStay({ ...RULES, priceCents: 109, taxRateBp: 550 }, [], stayOf(THURSDAY, 1), 1).lines, 'tax')?.amountCents).toBe(6);
    // 5.5% of 1 × $1.01 = 5.555 cents.
    expect(lineOf(quoteStay({ ...RULES, priceCents: 101, taxRateBp: 550 }, [], stayOf(THURSDAY, 1), 1).lines, 'tax')?.amountCents).toBe(6);
    // 0.01% of $49.99 = 0.4999 cents.
    expect(lineOf(quoteStay({ ...RULES, priceCents: 4_999, taxRateBp: 1 }, [], stayOf(THURSDAY, 1), 1).lines, 'tax')?.amountCents).toBe(0);
  });

  it('shows no line for what the listing does not charge', () => {
    const quote = quoteStay({ ...RULES, weekendPriceCents: null }, [], stayOf(THURSDAY, 30), 9);
    expect(quote.lines.map(({ kind }) => kind)).toEqual(['nights']);
  });
});

describe('totalOfLines', () => {
  it('adds charges and subtracts credits', () => {
    expect(totalOfLines([])).toBe(0);
    expect(
      totalOfLines([
        { amountCents: 10_000, credit: false },
        { amountCents: 1_500, credit: true },
        { amountCents: 700, credit: false },
      ]),
    ).toBe(9_200);
  });
});

describe('formatRate', () => {
  it('writes basis points as a percentage without trailing zeros', () => {
    expect(formatRate(1_234)).toBe('12.34%');
    expect(formatRate(1_000)).toBe('10%');
    expect(formatRate(550)).toBe('5.5%');
    expect(formatRate(505)).toBe('5.05%');
    expect(formatRate(3_000)).toBe('30%');
    expect(formatRate(10_000)).toBe('100%');
    expect(formatRate(1)).toBe('0.01%');
    expect(formatRate(10)).toBe('0.1%');
    expect(formatRate(0)).toBe('0%');
  });

  it("writes a rate as Spanish does in a Spanish page or mail ('12,5 %'), as Intl's es-ES percentages do", () => {
    withLocale('es', () => {
      expect(formatRate(1_250)).toBe('12,5\u00a0%');
      expect(formatRate(1_000)).toBe('10\u00a0%');
      for (const bp of [0, 1, 10, 505, 1_234, 2_500]) {
        expect(formatRate(bp)).toBe(new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 4 }).format(bp / 10_000));
      }
    });
    expect(formatRate(1_250)).toBe('12.5%');
  });

  it('reads back as the same rate for every rate a listing may have', () => {
    for (let bp = 0; bp <= LISTING_RULE_LIMITS.maxTaxRateBp; bp++) {
      const text = formatRate(bp);
      expect(text).toMatch(/^(0|[1-9]\d*)(\.\d?[1-9])?%$/);
      expect(Math.round(Number(text.slice(0, -1)) * 100)).toBe(bp);
    }
  });
});

/* ---------------------------------------------------------------- properties */

const BASE: IsoDate = '2030-01-01';

/** A price as a listing or the calendar may have it; fast-check leans to the ends and small values. */
const priceArb = fc.integer({ min: ROOM_LIMITS.minPriceCents, max: ROOM_LIMITS.maxPriceCents });
const feeArb = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: LISTING_RULE_LIMITS.maxFeeCents }));
const pctArb = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: LISTING_RULE_LIMITS.maxDiscountPct }));

const rulesArb: fc.Arbitrary<ListingRules> = fc
  .record({
    priceCents: priceArb,
    weekendPriceCents: fc.option(priceArb, { nil: null }),
    minNights: fc.integer({ min: 1, max: LISTING_RULE_LIMITS.maxNights }),
    extraNights: fc.integer({ min: 0, max: LISTING_RULE_LIMITS.maxNights }),
    checkInDays: fc.integer({ min: 1, max: 0b111_1111 }),
    checkOutDays: fc.integer({ min: 1, max: 0b111_1111 }),
    noticeDays: fc.integer({ min: 0, max: LISTING_RULE_LIMITS.maxNoticeDays }),
    sameDayUntil: fc.option(fc.constantFrom('00:00', '09:30', '14:00', '23:59'), { nil: null }),
    bookingWindowMonths: fc.option(fc.constantFrom(...BOOKING_WINDOW_MONTHS), { nil: null }),
    preparationNights: fc.constantFrom(...PREPARATION_NIGHTS),
    cleaningFeeCents: feeArb,
    extraGuestFeeCents: feeArb,
    guestsIncluded: fc.integer({ min: 1, max: ROOM_LIMITS.maxGuests }),
    weeklyDiscountPct: pctArb,
    monthlyDiscountPct: pctArb,
    instantBook: fc.boolean(),
    taxRateBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: LISTING_RULE_LIMITS.maxTaxRateBp })),
  })
  .map(({ extraNights, ...rules }) => ({ ...rules, maxNights: Math.min(LISTING_RULE_LIMITS.maxNights, rules.minNights + extraNights) }));

/** Calendar settings as a host makes them: random changes folded, over the year and a half stays reach. */
const changeArb: fc.Arbitrary<NightChange> = fc.record(
  {
    priceCents: fc.option(priceArb, { nil: null }),
    minNights: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    blocked: fc.boolean(),
    note: fc.option(fc.constant('Note'), { nil: null }),
  },
  { requiredKeys: [] },
);
const settingsArb: fc.Arbitrary<NightSetting[]> = fc
  .array(fc.record({ start: fc.integer({ min: 0, max: 760 }), length: fc.integer({ min: 1, max: 120 }), change: changeArb }), { maxLength: 15 })
  .map((steps) =>
    steps.reduce<NightSetting[]>(
      (settings, { start, length, change }) => applyNightChange(settings, { from: addDays(BASE, start), to: addDays(BASE, start + length) }, change),
      [],
    ),
  );

const stayArb = fc
  .record({ start: fc.integer({ min: 0, max: 400 }), nights: fc.integer({ min: 1, max: 365 }) })
  .map(({ start, nights }) => stayOf(addDays(BASE, start), nights));
const guestsArb = fc.integer({ min: 1, max: ROOM_LIMITS.maxGuests });

const quoteArb = fc.record({ rules: rulesArb, settings: settingsArb, stay: stayArb, guests: guestsArb });

const PROPERTY_RUNS = { seed: 42, numRuns: 300 };

describe('quoteStay, on random rules, calendars, stays and guests', () => {
  it('totals the lines, each a whole, non-negative number of cents, and is never negative', () => {
    fc.assert(
      fc.property(quoteArb, ({ rules, settings, stay, guests }) => {
        const quote = quoteStay(rules, settings, stay, guests);
        expect(quote.totalCents).toBe(totalOfLines(quote.lines));
        for (const line of quote.lines) {
          expect(Number.isSafeInteger(line.amountCents), lineLabel(line)).toBe(true);
          expect(line.amountCents, lineLabel(line)).toBeGreaterThanOrEqual(0);
          expect(line.credit).toBe(line.kind === 'weekly-discount' || line.kind === 'monthly-discount');
        }
        expect(quote.totalCents).toBeGreaterThanOrEqual(0);
        // At most one line of each kind but the nights'.
        const kinds = quote.lines.filter((line) => line.kind !== 'nights').map((line) => line.kind);
        expect(new Set(kinds).size).toBe(kinds.length);
        // A booking stores its lines as JSON: read back, they say and total the same.
        const stored = JSON.parse(JSON.stringify(quote.lines)) as QuoteLine[];
        expect(stored.map(lineLabel)).toEqual(quote.lines.map(lineLabel));
        expect(totalOfLines(stored)).toBe(quote.totalCents);
      }),
      PROPERTY_RUNS,
    );
  });

  it("totals as stayTotalOnNights does from the nights' subtotal, whatever the service fee", () => {
    fc.assert(
      fc.property(quoteArb, fc.integer({ min: 0, max: 2_000 }), ({ rules, settings, stay, guests }, guestFeeBp) => {
        const quote = quoteStay(rules, settings, stay, guests, { guestFeeBp });
        expect(stayTotalOnNights(rules, quote.nightsCents, nightsOf(stay).length, guests, { guestFeeBp })).toBe(quote.totalCents);
      }),
      PROPERTY_RUNS,
    );
  });

  it("counts each night of the stay once in the nights' lines, at its own price, adding up to the nights' subtotal", () => {
    fc.assert(
      fc.property(quoteArb, ({ rules, settings, stay, guests }) => {
        const quote = quoteStay(rules, settings, stay, guests);
        const nightLines = quote.lines.filter((line) => line.kind === 'nights');
        const nights = nightsOf(stay);
        expect(nightLines.reduce((sum, line) => sum + (line.nights ?? 0), 0)).toBe(nights.length);
        expect(nightLines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(quote.nightsCents);
        for (const line of nightLines) expect(line.amountCents).toBe((line.unitCents ?? Number.NaN) * (line.nights ?? Number.NaN));
        const byNight = nights.reduce((sum, night) => sum + nightPriceCents(rules, settingOn(settings, night), night), 0);
        expect(quote.nightsCents).toBe(byNight);
        // The nights' lines come first, then the others.
        expect(quote.lines.slice(0, nightLines.length).every((line) => line.kind === 'nights')).toBe(true);
      }),
      PROPERTY_RUNS,
    );
  });

  it("takes at most one discount, the larger the stay's length allows, never more than the nights and within half a cent of its rate", () => {
    fc.assert(
      fc.property(quoteArb, ({ rules, settings, stay, guests }) => {
        const quote = quoteStay(rules, settings, stay, guests);
        const credits = quote.lines.filter((line) => line.credit);
        expect(credits.length).toBeLessThanOrEqual(1);
        const nights = nightsOf(stay).length;
        const allowed = Math.max(nights >= 7 ? rules.weeklyDiscountPct : 0, nights >= 28 ? rules.monthlyDiscountPct : 0);
        const credit = credits[0];
        if (allowed === 0) {
          expect(credit).toBeUndefined();
          return;
        }
        expect(credit).toBeDefined();
        expect(lineLabel(credit!)).toMatch(new RegExp(`^(Weekly|Monthly) discount \\(${allowed}%\\)$`));
        expect(credit!.amountCents).toBeLessThanOrEqual(quote.nightsCents);
        expect(Math.abs(credit!.amountCents - (quote.nightsCents * allowed) / 100)).toBeLessThanOrEqual(0.5);
        expect(credit!.amountCents).toBe(Math.round((quote.nightsCents * allowed) / 100));
      }),
      PROPERTY_RUNS,
    );
  });

  it('taxes the nights after the discount plus the fees, rounded once', () => {
    fc.assert(
      fc.property(quoteArb, ({ rules, settings, stay, guests }) => {
        const quote = quoteStay(rules, settings, stay, guests);
        const nights = nightsOf(stay).length;
        const discount = quote.lines.find((line) => line.credit)?.amountCents ?? 0;
        const extraGuestFee = rules.extraGuestFeeCents * Math.max(0, guests - rules.guestsIncluded) * nights;
        expect(lineOf(quote.lines, 'extra-guest-fee')?.amountCents ?? 0).toBe(extraGuestFee);
        expect(lineOf(quote.lines, 'cleaning-fee')?.amountCents ?? 0).toBe(rules.cleaningFeeCents);
        const base = quote.nightsCents - discount + rules.cleaningFeeCents + extraGuestFee;
        const tax = lineOf(quote.lines, 'tax');
        if (rules.taxRateBp === 0) expect(tax).toBeUndefined();
        else {
          expect(tax?.amountCents).toBe(Math.round((base * rules.taxRateBp) / 10_000));
          expect(tax && lineLabel(tax)).toBe(`Occupancy tax (${formatRate(rules.taxRateBp)})`);
        }
        expect(quote.totalCents).toBe(base + (tax?.amountCents ?? 0));
      }),
      PROPERTY_RUNS,
    );
  });

  it('answers the same quote for the same stay, whatever else the calendar says on other nights', () => {
    fc.assert(
      fc.property(quoteArb, fc.boolean(), ({ rules, settings, stay, guests }, before) => {
        // A price set on nights the stay does not reach changes nothing.
        const far = before ? { from: addDays(stay.from, -30), to: stay.from } : { from: stay.to, to: addDays(stay.to, 30) };
        const changed = applyNightChange(settings, far, { priceCents: 1_234_567 });
        expect(quoteStay(rules, changed, stay, guests)).toEqual(quoteStay(rules, settings, stay, guests));
      }),
      { seed: 42, numRuns: 100 },
    );
  });
});
