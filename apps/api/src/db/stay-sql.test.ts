import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  bookableFrom,
  isCheckInOpen,
  isInsideWindow,
  isReviewWindowClosed,
  isReviewWindowOpen,
  isStayActive,
  stayHasEnded,
  staysOverlap,
  todayIn,
  type IsoDate,
  type StayStatus,
} from '@staybook/domain';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/databases.js';
import { seededRandom } from '../seeded-random.js';
import { queryRows, type Db } from './client.js';
import {
  bookableFromSql,
  dateValue,
  isCheckInOpenSql,
  isInsideWindowSql,
  isReviewWindowClosedSql,
  isReviewWindowOpenSql,
  isStayActiveSql,
  nightsOverlapSql,
  roomTodaySql,
  stayNotEndedSql,
  staysOverlapSql,
} from './stay-sql.js';

/*
 * Each SQL fragment of stay-sql.ts answers as its domain function does: the same seeded-random inputs go to both,
 * on every database kind, and the answers must be equal row for row.
 */

const ROWS = 400;

/**
 * Zones at the edges (a day ahead of UTC, a day behind, the extremes of the Etc zones), at quarter and half hours
 * and with clock changes; none whose rules changed lately, so Node's and the database's zone data agree.
 */
const ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
  'Etc/GMT-14',
  'Pacific/Chatham',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Europe/Lisbon',
  'America/New_York',
  'Pacific/Honolulu',
  'UTC',
];

/** The inputs: calendar dates a few days apart (so equal days come often) and instants near zones' midnights. */
function inputs(seed: number) {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const base = (): IsoDate => addDays('2024-01-01', int(0, 3650));
  return {
    int,
    pick,
    /** A date near `day`. */
    near: (day: IsoDate = base()): IsoDate => addDays(day, int(-4, 4)),
    base,
    /**
     * An instant on a quarter hour (every zone's midnight falls on one) or a millisecond or a second either side,
     * on a random day or on a day of a clock change.
     */
    instant: (): Date => {
      const day = random() < 0.3 ? pick(['2027-03-14', '2027-11-07', '2027-03-28', '2027-10-31', '2027-04-04', '2027-10-03', '2027-09-26']) : base();
      const quarter = int(0, 95) * 15 * 60_000;
      const nudge = pick([0, 0, -1, 1, -1000, 1000]);
      return new Date(Date.parse(`${day}T00:00:00Z`) + quarter + nudge);
    },
  };
}

const col = (name: string): SQL => sql.raw(`t.${name}`);

/**
 * The answers of `expr` over the rows, in their order: `rows` are each row's SQL values, named by `columns`
 * (an ordinal `i` is added first).
 */
async function answersOf<T>(db: Db, columns: string[], rows: SQL[][], expr: SQL): Promise<T[]> {
  const values = sql.join(
    rows.map((row, i) => sql`(${i}::int, ${sql.join(row, sql`, `)})`),
    sql`, `,
  );
  const found = await queryRows<{ answer: T }>(
    db,
    sql`select ${expr} as answer from (values ${values}) as t(${sql.raw(['i', ...columns].join(', '))}) order by t.i`,
  );
  return found.map((r) => r.answer);
}

const dayText = (expr: SQL): SQL => sql`to_char(${expr}, 'YYYY-MM-DD')`;

describe.each(TEST_DATABASE_KINDS)('stay SQL agrees with the domain on %s', (kind) => {
  let t: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    db = t.database.db;
  });
  afterAll(() => t?.cleanup());

  it("roomTodaySql is todayIn: the room's date at an instant, near midnights and clock changes", async () => {
    const { instant, pick } = inputs(1);
    const cases = Array.from({ length: ROWS }, () => ({ at: instant(), zone: pick(ZONES) }));
    const rows = cases.map(({ at, zone }) => [sql`${at.toISOString()}::timestamptz`, sql`${zone}::text`]);
    const fromSql = await answersOf<string>(db, ['at', 'zone'], rows, dayText(roomTodaySql(col('zone'), col('at'))));
    expect(fromSql).toEqual(cases.map(({ at, zone }) => todayIn(zone, at)));
  });

  it('roomTodaySql binds a given instant as the same moment', async () => {
    const { instant, pick } = inputs(2);
    for (let n = 0; n < 40; n += 1) {
      const at = instant();
      const zone = pick(ZONES);
      const [row] = await queryRows<{ day: string }>(db, sql`select ${dayText(roomTodaySql(sql`${zone}::text`, at))} as day`);
      expect({ at: at.toISOString(), zone, day: row?.day }).toEqual({ at: at.toISOString(), zone, day: todayIn(zone, at) });
    }
  });

  it("roomTodaySql without an instant is the room's date now", async () => {
    const before = new Date();
    const [row] = await queryRows<{ day: string }>(db, sql`select ${dayText(roomTodaySql(sql`${'Pacific/Kiritimati'}::text`))} as day`);
    const after = new Date();
    expect([todayIn('Pacific/Kiritimati', before), todayIn('Pacific/Kiritimati', after)]).toContain(row?.day);
  });

  it('staysOverlapSql is staysOverlap, empty and reversed ranges included', async () => {
    const { near, base } = inputs(3);
    const cases = Array.from({ length: ROWS }, () => {
      const day = base();
      return { a: { from: near(day), to: near(day) }, b: { from: near(day), to: near(day) } };
    });
    const rows = cases.map(({ a, b }) => [dateValue(a.from), dateValue(a.to), dateValue(b.from), dateValue(b.to)]);
    const expr = staysOverlapSql({ from: col('a_from'), to: col('a_to') }, { from: col('b_from'), to: col('b_to') });
    const fromSql = await answersOf<boolean>(db, ['a_from', 'a_to', 'b_from', 'b_to'], rows, expr);
    expect(fromSql).toEqual(cases.map(({ a, b }) => staysOverlap(a, b)));
  });

  it("isInsideWindowSql is isInsideWindow: the stay within the room's first and last days", async () => {
    const { near, base } = inputs(8);
    const cases = Array.from({ length: ROWS }, () => {
      const day = base();
      return { stay: { from: near(day), to: near(day) }, window: { from: near(day), to: near(day) } };
    });
    const rows = cases.map(({ stay, window }) => [dateValue(stay.from), dateValue(stay.to), dateValue(window.from), dateValue(window.to)]);
    const expr = isInsideWindowSql({ from: col('a_from'), to: col('a_to') }, { from: col('b_from'), to: col('b_to') });
    const fromSql = await answersOf<boolean>(db, ['a_from', 'a_to', 'b_from', 'b_to'], rows, expr);
    expect(fromSql).toEqual(cases.map(({ stay, window }) => isInsideWindow(stay, window)));
  });

  it('nightsOverlapSql is staysOverlap on stays of at least a night', async () => {
    const { near, base, int } = inputs(4);
    const stay = (day: IsoDate) => {
      const from = near(day);
      return { from, to: addDays(from, int(1, 5)) };
    };
    const cases = Array.from({ length: ROWS }, () => {
      const day = base();
      return { a: stay(day), b: stay(day) };
    });
    const rows = cases.map(({ a, b }) => [dateValue(a.from), dateValue(a.to), dateValue(b.from), dateValue(b.to)]);
    const expr = nightsOverlapSql({ from: col('a_from'), to: col('a_to') }, { from: col('b_from'), to: col('b_to') });
    const fromSql = await answersOf<boolean>(db, ['a_from', 'a_to', 'b_from', 'b_to'], rows, expr);
    expect(fromSql).toEqual(cases.map(({ a, b }) => staysOverlap(a, b)));
  });

  describe('phases', () => {
    const { near, base, pick, int } = inputs(5);
    const cases = Array.from({ length: ROWS }, () => {
      const day = base();
      const from = near(day);
      const status: StayStatus = pick(['confirmed', 'confirmed', 'cancelled']);
      return { status, from, to: addDays(from, int(1, 4)), today: near(day) };
    });
    const columns = ['status', 'from_day', 'to_day', 'today'];
    const rows = cases.map((c) => [sql`${c.status}::text`, dateValue(c.from), dateValue(c.to), dateValue(c.today)]);
    const stay = { status: col('status'), from: col('from_day'), to: col('to_day') };
    const today = col('today');

    it('stayNotEndedSql is the opposite of stayHasEnded', async () => {
      const expected = cases.map((c) => !stayHasEnded(c.to, c.today));
      expect(await answersOf<boolean>(db, columns, rows, stayNotEndedSql(stay.to, today))).toEqual(expected);
    });

    it('isStayActiveSql is isStayActive', async () => {
      const expected = cases.map((c) => isStayActive(c, c.today));
      expect(await answersOf<boolean>(db, columns, rows, isStayActiveSql(stay, today))).toEqual(expected);
    });

    it("bookableFromSql is bookableFrom: a window's first day or the room's today", async () => {
      const expected = cases.map((c) => bookableFrom(c.from, c.today));
      expect(await answersOf<string>(db, columns, rows, dayText(bookableFromSql(stay.from, today)))).toEqual(expected);
    });

    it('isCheckInOpenSql is isCheckInOpen', async () => {
      const expected = cases.map((c) => isCheckInOpen(c.from, c.today));
      expect(await answersOf<boolean>(db, columns, rows, isCheckInOpenSql(stay.from, today))).toEqual(expected);
    });
  });

  it('isReviewWindowOpenSql and isReviewWindowClosedSql are isReviewWindowOpen and isReviewWindowClosed', async () => {
    const { base, int } = inputs(7);
    const cases = Array.from({ length: ROWS }, () => {
      const checkOut = base();
      // Around the window's first and last days.
      return { checkOut, today: addDays(checkOut, int(-2, 17)) };
    });
    const rows = cases.map((c) => [dateValue(c.checkOut), dateValue(c.today)]);
    const columns = ['check_out', 'today'];
    const open = await answersOf<boolean>(db, columns, rows, isReviewWindowOpenSql(col('check_out'), col('today')));
    const closed = await answersOf<boolean>(db, columns, rows, isReviewWindowClosedSql(col('check_out'), col('today')));
    expect(open).toEqual(cases.map((c) => isReviewWindowOpen(c.checkOut, c.today)));
    expect(closed).toEqual(cases.map((c) => isReviewWindowClosed(c.checkOut, c.today)));
  });
});
