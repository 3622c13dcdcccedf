import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  applyNightChange,
  BOOKING_WINDOW_MONTHS,
  flexibleCandidates,
  flexibleMonthRange,
  LISTING_RULE_LIMITS,
  PREPARATION_NIGHTS,
  quoteStay,
  roomsPageSchema,
  todayIso,
  type FlexibleStay,
  type IsoDate,
  type NightChange,
  type NightSetting,
  type RoomsPage,
  type Stay,
} from '@staybook/domain';
import { insertBooking, insertRoom, insertUser } from '../../db/factories.js';
import { calendarBlocks, calendarImports, roomNightSettings } from '../../db/schema.js';
import { currentFeeRates } from '../fees/fees.service.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { removeEveryRoom } from '../../test/rooms.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Flexible dates (decision 054): 'a weekend', 'a week' or 'a month' starting in chosen months. Each home shows its
 * first fitting stay and that stay's total, which must be what running every candidate stay through the exact-date
 * search (and the quote) gives: checked on random homes, rules, calendars, bookings and imported blocks, on every
 * database kind.
 */

type Room = Awaited<ReturnType<typeof insertRoom>>;
type Query = Record<string, string | number>;

/** A month from now: far enough that no room's notice or today decides, near enough for every booking window. */
const monthFromNow = (n: number) => addMonths(todayIso().slice(0, 7), n);

/** Fridays of a month, as the tests name weekends. */
function fridaysOf(month: string): IsoDate[] {
  return flexibleCandidates('weekend', [month]).map((stay) => stay.from);
}

describe.each(TEST_DATABASE_KINDS)('flexible dates (GET /api/rooms?stay=&months=) on %s', (kind) => {
  let t: TestApp;
  let hostId: string;
  let guestId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    hostId = (await insertUser(t.database.db, { name: 'Hana Host', role: 'host' })).id;
    guestId = (await insertUser(t.database.db, { name: 'Gus Guest' })).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await removeEveryRoom(t.database.db);
    await t.app.listing.roomsChanged();
  });

  async function room(overrides: Partial<Parameters<typeof insertRoom>[1]> = {}): Promise<Room> {
    const made = await insertRoom(t.database.db, { hostId, availableFrom: todayIso(), availableTo: addDays(todayIso(), 500), ...overrides });
    await t.app.listing.roomsChanged();
    return made;
  }

  async function book(r: Room, checkIn: string, checkOut: string) {
    await insertBooking(t.database.db, { room: r, guestId, checkIn, checkOut });
    await t.app.listing.staysChanged(r.id);
  }

  async function search(query: Query): Promise<RoomsPage> {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await t.app.inject({ method: 'GET', url: `/api/rooms?${params}` });
    expect(res.statusCode, res.body).toBe(200);
    return roomsPageSchema.parse(res.json());
  }

  async function refused(query: string): Promise<Record<string, string>> {
    const res = await t.app.inject({ method: 'GET', url: `/api/rooms?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { error: { fields?: Record<string, string> } }).error.fields ?? {};
  }

  /** Each home's first fitting stay as the flexible search answers it. */
  async function firstStays(query: Query) {
    const page = await search({ limit: 60, ...query });
    return Object.fromEntries(page.items.map((r) => [r.title, { checkin: r.checkin, checkout: r.checkout, nights: r.nights, totalCents: r.totalCents }]));
  }

  describe('what each kind means', () => {
    it('a weekend is Friday to Sunday, the first free one in the months', async () => {
      const month = monthFromNow(2);
      const [first, second] = fridaysOf(month) as [IsoDate, IsoDate];
      const free = await room({ title: 'Free', priceCents: 10_000 });
      const busy = await room({ title: 'Busy first weekend', priceCents: 10_000 });
      await book(busy, addDays(first, 1), addDays(first, 3));
      const stays = await firstStays({ stay: 'weekend', months: month });
      expect(stays['Free']).toEqual({ checkin: first, checkout: addDays(first, 2), nights: 2, totalCents: 20_000 });
      expect(stays['Busy first weekend']).toMatchObject({ checkin: second, checkout: addDays(second, 2) });
      expect(free.id).not.toBe(busy.id);
    });

    it('a week is seven nights from any day, a month twenty-eight with the monthly discount', async () => {
      const month = monthFromNow(2);
      const r = await room({ title: 'Long stays', priceCents: 10_000, monthlyDiscountPct: 10 });
      // Taken on the month's first two days: the first week starts on the third.
      await book(r, addDays(`${month}-01`, -3), `${month}-03`);
      expect((await firstStays({ stay: 'week', months: month }))['Long stays']).toEqual({
        checkin: `${month}-03`, checkout: `${month}-10`, nights: 7, totalCents: 70_000,
      });
      expect((await firstStays({ stay: 'month', months: month }))['Long stays']).toEqual({
        checkin: `${month}-03`, checkout: addDays(`${month}-03`, 28), nights: 28, totalCents: 252_000,
      });
    });

    it('tries the months in order, whatever order the address names them in', async () => {
      const [early, late] = [monthFromNow(2), monthFromNow(3)];
      await room({ title: 'Any time' });
      const stays = await firstStays({ stay: 'weekend', months: `${late},${early}` });
      expect(stays['Any time']?.checkin).toBe(fridaysOf(early)[0]);
    });
  });

  describe('the home’s rules', () => {
    it('leaves out a home no candidate fits, and finds the first that each rule allows', async () => {
      const month = monthFromNow(2);
      await room({ title: 'Three nights at least', minNights: 3, guests: 4 });
      await room({ title: 'Saturday check-ins', checkInDays: 1 << 6, guests: 4 });
      await room({ title: 'Five nights at most', maxNights: 5, guests: 4 });
      await room({ title: 'Sleeps two', guests: 2 });
      const weekends = await firstStays({ stay: 'weekend', months: month, guests: 3 });
      expect(Object.keys(weekends)).toEqual(['Five nights at most']);
      const weeks = await firstStays({ stay: 'week', months: month });
      expect(Object.keys(weeks).sort()).toEqual(['Saturday check-ins', 'Sleeps two', 'Three nights at least']);
      const saturday = flexibleCandidates('week', [month]).find((s) => new Date(`${s.from}T00:00:00Z`).getUTCDay() === 6)!;
      expect(weeks['Saturday check-ins']).toMatchObject({ checkin: saturday.from, checkout: saturday.to });
    });

    it('skips nights the host closed and the nights preparation time keeps free', async () => {
      const month = monthFromNow(2);
      const [first, second] = fridaysOf(month) as [IsoDate, IsoDate];
      const closed = await room({ title: 'Closed first weekend' });
      await t.database.db.insert(roomNightSettings).values({ roomId: closed.id, checkIn: addDays(first, 1), checkOut: addDays(first, 2), blocked: true });
      const prepared = await room({ title: 'Two nights to prepare', preparationNights: 2 });
      // A guest leaving on the Thursday before the first weekend: one night is too few to prepare.
      await book(prepared, addDays(first, -4), addDays(first, -1));
      const stays = await firstStays({ stay: 'weekend', months: month });
      expect(stays['Closed first weekend']?.checkin).toBe(second);
      expect(stays['Two nights to prepare']?.checkin).toBe(second);
    });

    it('applies the price filter to each candidate’s average night, as a dated search does', async () => {
      const month = monthFromNow(2);
      const [first] = fridaysOf(month) as [IsoDate];
      const r = await room({ title: 'Dear first weekend', priceCents: 10_000 });
      // A calendar price on the first weekend's nights.
      await t.database.db.insert(roomNightSettings).values({ roomId: r.id, checkIn: first, checkOut: addDays(first, 2), priceCents: 50_000 });
      await t.app.listing.roomsChanged();
      const stays = await firstStays({ stay: 'weekend', months: month, maxPrice: 200 });
      expect(stays['Dear first weekend']?.checkin).toBe(addDays(first, 7));
      expect((await firstStays({ stay: 'weekend', months: month }))['Dear first weekend']).toMatchObject({ checkin: first, totalCents: 100_000 });
    });
  });

  describe('the answer is the exact search’s, candidate by candidate', () => {
    /** Each rule at its default three times in four, so that many homes take some candidate and the choice is tried. */
    const orDefault = <T,>(arb: fc.Arbitrary<T>, fallback: T) => fc.oneof({ arbitrary: fc.constant(fallback), weight: 3 }, { arbitrary: arb, weight: 1 });
    const feeArb = orDefault(fc.integer({ min: 1, max: 20_000 }), 0);
    const rulesArb = fc.record({
      priceCents: fc.integer({ min: 100, max: 60_000 }),
      weekendPriceCents: orDefault(fc.integer({ min: 100, max: 60_000 }), null),
      minNights: orDefault(fc.integer({ min: 1, max: 9 }), 1),
      maxNights: orDefault(fc.integer({ min: 1, max: 40 }), LISTING_RULE_LIMITS.maxNights),
      checkInDays: orDefault(fc.integer({ min: 1, max: 0b111_1111 }), 0b111_1111),
      checkOutDays: orDefault(fc.integer({ min: 1, max: 0b111_1111 }), 0b111_1111),
      bookingWindowMonths: orDefault(fc.constantFrom(...BOOKING_WINDOW_MONTHS), null),
      preparationNights: fc.constantFrom(...PREPARATION_NIGHTS),
      cleaningFeeCents: feeArb,
      extraGuestFeeCents: feeArb,
      guestsIncluded: fc.integer({ min: 1, max: 3 }),
      weeklyDiscountPct: orDefault(fc.integer({ min: 1, max: 50 }), 0),
      monthlyDiscountPct: orDefault(fc.integer({ min: 1, max: 50 }), 0),
      taxRateBp: orDefault(fc.integer({ min: 1, max: 2_000 }), 0),
      guests: orDefault(fc.integer({ min: 1, max: 6 }), 6),
    }).map((rules) => ({ ...rules, maxNights: Math.max(rules.minNights, rules.maxNights) }));
    /** Days from the first month's first day. */
    const rangeArb = fc.record({ start: fc.integer({ min: -5, max: 65 }), length: fc.integer({ min: 1, max: 12 }) });
    const changeArb: fc.Arbitrary<NightChange> = fc.record(
      {
        priceCents: fc.option(fc.integer({ min: 100, max: 60_000 }), { nil: null }),
        minNights: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
        blocked: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    const homeArb = fc.record({
      rules: rulesArb,
      /** The window: mostly open, sometimes starting or ending inside the months. */
      window: fc.record({ start: orDefault(fc.integer({ min: 0, max: 40 }), -30), end: orDefault(fc.integer({ min: 5, max: 70 }), 400) }),
      settings: fc.array(fc.record({ range: rangeArb, change: changeArb }), { maxLength: 4 }),
      bookings: fc.array(rangeArb, { maxLength: 4 }),
      blocks: fc.array(rangeArb, { maxLength: 2 }),
    });
    const caseArb = fc.record({
      stay: fc.constantFrom<FlexibleStay>('weekend', 'week', 'month'),
      homes: fc.array(homeArb, { minLength: 1, maxLength: 5 }),
      guests: fc.integer({ min: 1, max: 4 }),
      /** Whole dollars per night, or no filter. */
      maxPrice: fc.option(fc.integer({ min: 50, max: 800 }), { nil: undefined, freq: 3 }),
      twoMonths: fc.boolean(),
    });

    it('each home’s first fitting stay and total are those of the first candidate the exact search shows it for', async () => {
      const { guestFeeBp } = await currentFeeRates(t.database.db);
      let found = 0;
      let later = 0;
      await fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          await removeEveryRoom(t.database.db);
          const firstMonth = monthFromNow(2);
          const months = c.twoMonths ? [firstMonth, addMonths(firstMonth, 1)] : [firstMonth];
          // A week or a month from every day of two months is 60 exact searches: one month there.
          if (c.stay !== 'weekend') months.splice(1);
          const origin = `${firstMonth}-01`;
          const span = ({ start, length }: { start: number; length: number }): Stay => ({ from: addDays(origin, start), to: addDays(origin, start + length) });
          const written: { id: string; title: string; rules: (typeof c.homes)[number]['rules']; settings: NightSetting[] }[] = [];
          for (const [i, home] of c.homes.entries()) {
            const { guests, ...rules } = home.rules;
            const r = await insertRoom(t.database.db, {
              hostId,
              title: `Home ${i}`,
              ...rules,
              guests,
              availableFrom: addDays(origin, home.window.start),
              availableTo: addDays(origin, Math.max(home.window.start + 1, home.window.end)),
            });
            const settings = home.settings.reduce<NightSetting[]>((all, step) => applyNightChange(all, span(step.range), step.change), []);
            if (settings.length > 0) {
              await t.database.db.insert(roomNightSettings).values(
                settings.map((s) => ({ roomId: r.id, checkIn: s.from, checkOut: s.to, priceCents: s.priceCents, minNights: s.minNights, blocked: s.blocked, note: s.note })),
              );
            }
            const confirmed: Stay[] = [];
            for (const range of home.bookings) {
              const stay = span(range);
              if (confirmed.some((other) => other.from < stay.to && stay.from < other.to)) continue;
              confirmed.push(stay);
              await insertBooking(t.database.db, { room: r, guestId, checkIn: stay.from, checkOut: stay.to });
            }
            if (home.blocks.length > 0) {
              const [calendar] = await t.database.db.insert(calendarImports).values({ roomId: r.id, url: `https://calendar.example.com/${randomUUID()}.ics` }).returning();
              await t.database.db.insert(calendarBlocks).values(home.blocks.map(span).map((b) => ({ importId: calendar!.id, roomId: r.id, checkIn: b.from, checkOut: b.to })));
            }
            written.push({ id: r.id, title: r.title, rules: home.rules, settings });
          }
          await t.app.listing.roomsChanged();
          const filters: Query = { guests: c.guests, ...(c.maxPrice !== undefined ? { maxPrice: c.maxPrice } : {}) };

          const flexible = await firstStays({ stay: c.stay, months: months.join(','), ...filters });
          // Every candidate through the exact search, the first that shows a home being its stay.
          const expected: Record<string, { checkin?: string; checkout?: string; nights?: number; totalCents?: number }> = {};
          for (const candidate of flexibleCandidates(c.stay, months)) {
            const page = await search({ checkin: candidate.from, checkout: candidate.to, limit: 60, ...filters });
            for (const r of page.items) {
              expected[r.title] ??= { checkin: candidate.from, checkout: candidate.to, nights: r.nights, totalCents: r.totalCents };
            }
          }
          expect(flexible).toEqual(expected);
          found += Object.keys(flexible).length;
          later += Object.values(flexible).filter((stay) => stay.checkin !== flexibleCandidates(c.stay, months)[0]?.from).length;
          // And each total is the quote's for that stay.
          for (const home of written) {
            const chosen = flexible[home.title];
            if (!chosen?.checkin || !chosen.checkout) continue;
            const { guests: _g, ...rules } = home.rules;
            const quote = quoteStay({ ...rules, noticeDays: 0, sameDayUntil: null, instantBook: true }, home.settings, { from: chosen.checkin, to: chosen.checkout }, c.guests, { guestFeeBp });
            expect(chosen.totalCents).toBe(quote.totalCents);
          }
        }),
        { seed: 54, numRuns: 12 },
      );
      // Homes were found, and some of them on a later candidate than the first.
      expect(found).toBeGreaterThan(5);
      expect(later).toBeGreaterThan(2);
    });
  });

  describe('refused', () => {
    it('names the field of a wrong flexible search', async () => {
      const month = monthFromNow(2);
      expect(await refused(`stay=fortnight&months=${month}`)).toHaveProperty('stay');
      expect(await refused('stay=weekend')).toHaveProperty('months', 'Months are required with a flexible stay');
      expect(await refused(`months=${month}`)).toHaveProperty('stay', 'Stay is required with months');
      expect(await refused(`stay=weekend&months=${month}&checkin=${month}-10&checkout=${month}-12`)).toHaveProperty(
        'stay',
        'Choose exact dates or a flexible stay, not both',
      );
      expect(await refused('stay=weekend&months=2027-13')).toHaveProperty('months');
      expect(await refused('stay=weekend&months=march')).toHaveProperty('months');
      // The open months run from the earliest today anywhere, which for half a day is still last month's; the test
      // asks the same range the server does rather than the test machine's own month.
      const { first, last } = flexibleMonthRange();
      const past = addMonths(first, -1);
      expect(await refused(`stay=weekend&months=${past}`)).toHaveProperty('months', `${past} is in the past`);
      expect(await refused(`stay=weekend&months=${addMonths(last, 1)}`)).toHaveProperty('months');
      const four = [1, 2, 3, 4].map(monthFromNow).join(',');
      expect(await refused(`stay=week&months=${four}`)).toHaveProperty('months', 'Months must name at most 3 months');
    });
  });
});
