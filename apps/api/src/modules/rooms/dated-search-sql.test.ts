import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  applyNightChange,
  BOOKING_WINDOW_MONTHS,
  findStayProblem,
  lastBookableCheckIn,
  LISTING_RULE_LIMITS,
  PREPARATION_NIGHTS,
  quoteStay,
  timeOfDayIn,
  todayIn,
  type IsoDate,
  type ListingRules,
  type NightChange,
  type NightSetting,
  type Stay,
} from '@staybook/domain';
import { queryRows, type Db } from '../../db/client.js';
import { insertBooking, insertRoom, insertUser } from '../../db/factories.js';
import { calendarBlocks, calendarImports, roomNightSettings, rooms } from '../../db/schema.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../test/databases.js';
import { stayConditions, stayTotalSql } from './dated-search-sql.js';

/*
 * The SQL a dated search judges rooms by answers as the domain does: on random rules, calendar settings, stays,
 * imported blocks, guests and instants, a room passes the search's conditions exactly when `findStayProblem` finds
 * nothing wrong with the stay (but the guests, the search's own filter), and the SQL's total is `quoteStay`'s, to
 * the cent. On every database kind.
 */

/** Zones a day ahead of UTC and behind it, at a quarter hour, and with clock changes. */
const ZONES = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kathmandu', 'Europe/Lisbon', 'America/New_York', 'UTC'];

/** Each rule at its default two times in three, so many stays pass every rule and the acceptance side is tried too. */
const orDefault = <T,>(arb: fc.Arbitrary<T>, fallback: T) => fc.oneof({ arbitrary: fc.constant(fallback), weight: 2 }, { arbitrary: arb, weight: 1 });
const priceArb = fc.oneof(fc.integer({ min: 100, max: 60_000 }), fc.constantFrom(100, 101, 9_999_999, 10_000_000));
const feeArb = orDefault(fc.integer({ min: 1, max: 50_000 }), 0);

type RoomRules = Omit<ListingRules, 'priceCents'> & { priceCents: number };
const rulesArb: fc.Arbitrary<RoomRules> = fc
  .record({
    priceCents: priceArb,
    weekendPriceCents: orDefault(priceArb, null),
    minNights: orDefault(fc.integer({ min: 1, max: 10 }), 1),
    extraNights: fc.oneof(fc.constant(LISTING_RULE_LIMITS.maxNights), fc.integer({ min: 0, max: 30 })),
    checkInDays: orDefault(fc.integer({ min: 1, max: 0b111_1111 }), 0b111_1111),
    checkOutDays: orDefault(fc.integer({ min: 1, max: 0b111_1111 }), 0b111_1111),
    noticeDays: orDefault(fc.integer({ min: 1, max: LISTING_RULE_LIMITS.maxNoticeDays }), 0),
    sameDayUntil: fc.option(fc.constantFrom('00:00', '06:15', '12:00', '18:45', '23:59'), { nil: null }),
    bookingWindowMonths: orDefault(fc.constantFrom(...BOOKING_WINDOW_MONTHS), null),
    preparationNights: fc.constantFrom(...PREPARATION_NIGHTS),
    cleaningFeeCents: feeArb,
    extraGuestFeeCents: feeArb,
    guestsIncluded: fc.integer({ min: 1, max: 4 }),
    weeklyDiscountPct: orDefault(fc.integer({ min: 1, max: LISTING_RULE_LIMITS.maxDiscountPct }), 0),
    monthlyDiscountPct: orDefault(fc.integer({ min: 1, max: LISTING_RULE_LIMITS.maxDiscountPct }), 0),
    taxRateBp: orDefault(fc.integer({ min: 1, max: LISTING_RULE_LIMITS.maxTaxRateBp }), 0),
    instantBook: fc.boolean(),
  })
  .map(({ extraNights, ...rules }) => ({
    ...rules,
    maxNights: Math.min(LISTING_RULE_LIMITS.maxNights, rules.minNights + extraNights),
    // Same-day cut-offs only where same-day stays are taken (the database's check).
    sameDayUntil: rules.noticeDays > 0 ? null : rules.sameDayUntil,
  }));

/** Ranges as days from a day (the room's today for its window, else the stay's check-in, so they meet it often). */
const rangeArb = (minStart: number, maxStart: number, maxLength: number) =>
  fc.record({ start: fc.integer({ min: minStart, max: maxStart }), length: fc.integer({ min: 1, max: maxLength }) });
/**
 * Another stay or block near the stay: ending a few days before its check-in or starting a few after its check-out
 * (where preparation time decides), or anywhere around it. As days from the check-in (`nights` known later).
 */
type Nearby = { side: 'before' | 'after' | 'around'; gap: number; length: number; start: number };
const nearbyArb: fc.Arbitrary<Nearby> = fc.record({
  side: fc.constantFrom('before', 'after', 'around'),
  gap: fc.integer({ min: 0, max: 3 }),
  length: fc.integer({ min: 1, max: 10 }),
  start: fc.integer({ min: -16, max: 16 }),
});
const changeArb: fc.Arbitrary<NightChange> = fc.record(
  {
    priceCents: fc.option(fc.integer({ min: 100, max: 60_000 }), { nil: null }),
    minNights: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
    blocked: fc.boolean(),
  },
  { requiredKeys: [] },
);

const caseArb = fc.record({
  rules: rulesArb,
  zone: fc.constantFrom(...ZONES),
  /** An instant in 2027, on a quarter hour or a minute either side. */
  at: fc.record({ day: fc.integer({ min: 0, max: 364 }), quarter: fc.integer({ min: 0, max: 95 }), nudge: fc.constantFrom(0, -60_000, 60_000) }),
  /** The availability window, mostly open past every stay tried (so the other rules decide), sometimes short. */
  window: fc.record({
    start: fc.oneof({ arbitrary: fc.integer({ min: -10, max: 0 }), weight: 6 }, { arbitrary: fc.integer({ min: -10, max: 15 }), weight: 1 }),
    length: fc.oneof({ arbitrary: fc.constant(900), weight: 6 }, { arbitrary: fc.integer({ min: 1, max: 120 }), weight: 1 }),
  }),
  /** The check-in as days from the room's today: today and its neighbours often (notice, same-day cut-offs). */
  stay: fc.record({
    start: fc.oneof(
      fc.constantFrom(-1, 0, 0, 1, 2),
      fc.integer({ min: 0, max: 14 }),
      fc.integer({ min: 0, max: 800 }),
    ),
    /** Days from the last check-in the room's booking window allows, which replaces `start` when it has one. */
    pastWindowEnd: fc.option(fc.integer({ min: -2, max: 3 }), { nil: null }),
    nights: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 40 })),
  }),
  settings: fc.array(fc.record({ range: rangeArb(-20, 30, 20), change: changeArb }), { maxLength: 5 }),
  bookings: fc.array(fc.record({ range: nearbyArb, cancelled: fc.boolean() }), { maxLength: 3 }),
  blocks: fc.array(nearbyArb, { maxLength: 2 }),
  guests: fc.integer({ min: 1, max: 6 }),
  /** The marketplace's service fee, in basis points. */
  guestFeeBp: orDefault(fc.integer({ min: 1, max: 2_500 }), 0),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

const RUNS = 300;

describe.each(TEST_DATABASE_KINDS)('a dated search’s rules and total as SQL on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let hostId: string;
  let guestId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.database.db;
    hostId = (await insertUser(db, { name: 'Hana Host' })).id;
    guestId = (await insertUser(db, { name: 'Ana Lima' })).id;
  });
  afterAll(() => database?.cleanup());

  /** The case's room written as a host and guests would leave it; answers what the domain is told. */
  async function writeCase(c: Case, today: IsoDate) {
    const day = (n: number) => addDays(today, n);
    const windowEnd = lastBookableCheckIn(c.rules, today);
    const checkIn = windowEnd !== null && c.stay.pastWindowEnd !== null ? addDays(windowEnd, c.stay.pastWindowEnd) : day(c.stay.start);
    const checkOut = addDays(checkIn, c.stay.nights);
    const range = ({ start, length }: { start: number; length: number }, from: IsoDate = checkIn): Stay => ({ from: addDays(from, start), to: addDays(from, start + length) });
    const nearby = ({ side, gap, length, start }: Nearby): Stay =>
      side === 'before'
        ? { from: addDays(checkIn, -gap - length), to: addDays(checkIn, -gap) }
        : side === 'after'
          ? { from: addDays(checkOut, gap), to: addDays(checkOut, gap + length) }
          : range({ start, length });
    const room = await insertRoom(db, {
      hostId,
      ...c.rules,
      timeZone: c.zone,
      availableFrom: range(c.window, today).from,
      availableTo: range(c.window, today).to,
    });
    const settings = c.settings.reduce<NightSetting[]>((all, step) => applyNightChange(all, range(step.range), step.change), []);
    if (settings.length > 0) {
      await db.insert(roomNightSettings).values(
        settings.map((s) => ({ roomId: room.id, checkIn: s.from, checkOut: s.to, priceCents: s.priceCents, minNights: s.minNights, blocked: s.blocked, note: s.note })),
      );
    }
    // Confirmed stays never overlap (the booking constraint): those that would are kept cancelled.
    const confirmed: Stay[] = [];
    for (const booking of c.bookings) {
      const stay = nearby(booking.range);
      const overlaps = confirmed.some((other) => other.from < stay.to && stay.from < other.to);
      const status = booking.cancelled || overlaps ? 'cancelled' : 'confirmed';
      if (status === 'confirmed') confirmed.push(stay);
      await insertBooking(db, { room, guestId, checkIn: stay.from, checkOut: stay.to, status });
    }
    const blocks = c.blocks.map(nearby);
    if (blocks.length > 0) {
      const [calendar] = await db.insert(calendarImports).values({ roomId: room.id, url: `https://calendar.example.com/${randomUUID()}.ics` }).returning();
      await db.insert(calendarBlocks).values(blocks.map((b) => ({ importId: calendar!.id, roomId: room.id, checkIn: b.from, checkOut: b.to })));
    }
    return { room, settings, taken: [...confirmed, ...blocks], stay: { from: checkIn, to: checkOut } };
  }

  it('takes a stay exactly when the domain’s rules do, and prices it as the quote does', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const at = new Date(Date.UTC(2027, 0, 1) + c.at.day * 86_400_000 + c.at.quarter * 900_000 + c.at.nudge);
        const today = todayIn(c.zone, at);
        const { room, settings, taken, stay } = await writeCase(c, today);
        const { priceCents, ...rules } = c.rules;
        const problem = findStayProblem({
          stay,
          room: { from: room.availableFrom, to: room.availableTo, priceCents, today, timeOfDay: timeOfDayIn(c.zone, at), rules, nightSettings: settings, serviceFeeBp: c.guestFeeBp },
          taken,
          guests: c.guests,
        });
        const dated = { ...stay, guests: c.guests, guestFeeBp: c.guestFeeBp, at };
        const [row] = await queryRows<{ takes: boolean; total: string | number }>(
          db,
          sql`select ${and(...stayConditions(dated))} as takes, ${stayTotalSql(dated)} as total from ${rooms} where ${eq(rooms.id, room.id)}`,
        );
        const quote = quoteStay({ ...rules, priceCents }, settings, stay, c.guests, { guestFeeBp: c.guestFeeBp });
        expect({ takes: row!.takes, total: Number(row!.total) }).toEqual({ takes: problem === null, total: quote.totalCents });
        if (problem === null) accepted += 1;
      }),
      { seed: 31, numRuns: RUNS },
    );
    // The acceptance side was tried as well as the refusals.
    expect(accepted).toBeGreaterThan(RUNS / 20);
  });
});
