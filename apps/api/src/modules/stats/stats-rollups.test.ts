import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, bookingSchema, STATS_RANGES, todayIn, type IsoDate, type SalesPoint, type StatsRange } from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { bookings, rooms } from '../../db/schema.js';
import type { Actor } from '../../plugins/session.js';
import { bookStay } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { seededRandom } from '../../seeded-random.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import { chartWindow, getAdminStats, getGuestStats, getHostStats, getStatsCalendar, periodStarts } from './stats.service.js';

/*
 * Every statistics answer is read from the rollups the bookings' triggers keep. Here each one is compared with a
 * fresh computation over the bookings themselves (the queries the dashboards ran before the rollups), after random
 * bookings, cancellations and partial refunds, in zones with whole, half and quarter hour offsets.
 */

const ZONES = [
  'UTC',
  'Europe/Lisbon',
  'America/Los_Angeles',
  'America/St_Johns', // −3:30, with daylight saving
  'Asia/Kolkata', // +5:30
  'Asia/Kathmandu', // +5:45
  'Australia/Eucla', // +8:45
  'Pacific/Chatham', // +12:45, +13:45 in summer
  'Pacific/Kiritimati', // +14
  'Pacific/Pago_Pago', // −11
];

type Scope = { kind: 'admin' } | { kind: 'host'; id: string } | { kind: 'guest'; id: string };

function scoped(scope: Scope, which: SQL): { from: SQL; where: SQL } {
  if (scope.kind === 'host') return { from: sql`bookings b join rooms r on r.id = b.room_id`, where: sql`${which} and r.host_id = ${scope.id}` };
  if (scope.kind === 'guest') return { from: sql`bookings b`, where: sql`${which} and b.guest_id = ${scope.id}` };
  return { from: sql`bookings b`, where: which };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe.each(TEST_DATABASE_KINDS)('statistics rollups on %s', (kind) => {
  let t: TestApp;
  let hosts: TestUser[];
  let guests: TestUser[];
  const now = new Date();
  const random = seededRandom(20261126);
  const pick = <T,>(items: T[]) => items[Math.floor(random() * items.length)]!;

  const actor = (u: TestUser): Actor => ({ id: u.id, email: u.email, name: 'Test Person', image: null, role: u.role, status: 'Verified', emailVerified: true });

  /** The old answer: the sales of each period that had any, from the bookings. */
  async function freshChart(scope: Scope, range: StatsRange, tz: string): Promise<{ points: SalesPoint[]; from: IsoDate }> {
    const { db } = t.database;
    const today = todayIn(tz, now);
    const sales = scoped(scope, sql`b.kept_cents > 0`);
    const [first] = rowsOf(await db.execute(sql`select to_char(min(b.created_at) at time zone ${tz}, 'YYYY-MM-DD') as day from ${sales.from} where ${sales.where}`));
    const window = chartWindow(range, today, range === 'all' ? ((first?.day as string | null) ?? null) : null);
    const local = (d: IsoDate) => sql`((${d}::date)::timestamp at time zone ${tz})`;
    const rows = rowsOf(
      await db.execute(sql`
        select to_char(period, 'YYYY-MM-DD') as date, sales, bookings
        from (select date_trunc(${window.granularity}, b.created_at at time zone ${tz}) as period,
                     sum(b.kept_cents)::bigint as sales, (count(*) filter (where b.status = 'confirmed'))::int as bookings
              from ${sales.from} where ${sales.where}
                and b.created_at >= ${local(window.from)} and b.created_at < ${local(addDays(today, 1))}
              group by 1) points
        order by period`),
    );
    return { points: rows.map((r) => ({ date: r.date as string, salesCents: Number(r.sales), bookings: Number(r.bookings) })), from: window.from };
  }

  async function freshTotals(scope: Scope) {
    const sales = scoped(scope, sql`b.kept_cents > 0`);
    const [row] = rowsOf(
      await t.database.db.execute(sql`select coalesce(sum(b.kept_cents), 0)::bigint as sales, (count(*) filter (where b.status = 'confirmed'))::int as bookings
                                      from ${sales.from} where ${sales.where}`),
    );
    return { totalPriceCents: Number(row!.sales), totalBookings: Number(row!.bookings) };
  }

  async function freshCalendar(scope: Scope, month: string) {
    const start = `${month}-01`;
    const end = `${addMonths(month, 1)}-01`;
    const stays = scoped(scope, sql`b.status = 'confirmed'`);
    const rows = rowsOf(
      await t.database.db.execute(sql`
        select to_char(n, 'YYYY-MM-DD') as date, count(*)::int as stays
        from ${stays.from} cross join generate_series(b.check_in, b.check_out - 1, interval '1 day') n
        where ${stays.where} and n >= ${start}::date and n < ${end}::date
        group by n order by n`),
    );
    return rows.map((r) => ({ date: r.date as string, stays: Number(r.stays) }));
  }

  async function answer(scope: Scope, range: StatsRange, tz: string) {
    const { db } = t.database;
    if (scope.kind === 'admin') return getAdminStats(db, { actor: actor(hosts[0]!), range, tz, now });
    const person = [...hosts, ...guests].find((u) => u.id === scope.id)!;
    return scope.kind === 'host' ? getHostStats(db, { actor: actor(person), range, tz, now }) : getGuestStats(db, { actor: actor(person), range, tz, now });
  }

  async function expectEveryAnswerFresh() {
    const scopes: Scope[] = [{ kind: 'admin' }, ...hosts.map((h) => ({ kind: 'host' as const, id: h.id })), ...guests.map((g) => ({ kind: 'guest' as const, id: g.id }))];
    for (const scope of scopes) {
      const totals = await freshTotals(scope);
      for (const tz of ZONES) {
        for (const range of STATS_RANGES) {
          const got = await answer(scope, range, tz);
          expect(got, `${scope.kind} totals`).toMatchObject(totals);
          const fresh = await freshChart(scope, range, tz);
          const label = `${scope.kind} ${range} ${tz}`;
          // Every period is a point; those without sales are zero points.
          expect(got.chartData.map((p) => p.date), label).toEqual(periodStarts(fresh.from, todayIn(tz, now), got.chart.granularity));
          expect(got.chartData.filter((p) => p.salesCents !== 0 || p.bookings !== 0), label).toEqual(fresh.points);
        }
      }
      for (const month of ['2024-02', '2025-06', todayIn('UTC', now).slice(0, 7)]) {
        const view = scope.kind;
        const person = scope.kind === 'admin' ? hosts[0]! : [...hosts, ...guests].find((u) => u.id === scope.id)!;
        const got = await getStatsCalendar(t.database.db, { actor: actor(person), view, month });
        expect(got.nights, `${scope.kind} calendar ${month}`).toEqual(await freshCalendar(scope, month));
      }
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    hosts = await Promise.all([t.signUp({ role: 'host' }), t.signUp({ role: 'host' }), t.signUp({ role: 'host' })]);
    guests = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    const { db } = t.database;

    // Stays over the last three years, booked at random moments (some a second before or after a quarter hour or
    // midnight somewhere), each room's stays one after another so none overlap.
    const rooms_ = await Promise.all(
      Array.from({ length: 9 }, (_, i) => insertRoom(db, { hostId: hosts[i % 3]!.id, priceCents: 5_000 + i * 1_234, availableFrom: '2023-01-01', availableTo: '2028-01-01' })),
    );
    const stays: { id: string; total: number }[] = [];
    for (const [i, room] of rooms_.entries()) {
      let checkIn: IsoDate = addDays('2023-06-01', i * 3);
      for (let n = 0; n < 14; n += 1) {
        const nights = 1 + Math.floor(random() * 6);
        const checkOut = addDays(checkIn, nights);
        const ago = random() * 1_100 * 86_400_000;
        const edge = random() < 0.3 ? Math.round((now.getTime() - ago) / 900_000) * 900_000 + pick([-1_000, 0, 1_000]) : now.getTime() - ago;
        const { booking } = await insertBooking(db, { room, guestId: pick(guests).id, checkIn, checkOut, createdAt: new Date(edge), status: random() < 0.15 ? 'cancelled' : 'confirmed' });
        stays.push({ id: booking.id, total: booking.totalCents });
        checkIn = addDays(checkOut, Math.floor(random() * 40));
      }
    }
    // Cancellations after the fact: some refunded in full, some in part (a policy kept half, or a day's price).
    for (const stay of stays.filter(() => random() < 0.25)) {
      const kept = pick([0, Math.floor(stay.total / 2), Math.min(stay.total, 1_234)]);
      await db.execute(sql`update bookings set status = 'cancelled', cancelled_at = now(), kept_cents = ${kept} where id = ${stay.id} and status = 'confirmed'`);
    }
  });
  afterAll(() => t.close());

  it('answers every dashboard, range, zone and calendar month as the bookings themselves do', async () => {
    await expectEveryAnswerFresh();
  });

  it('keeps in step through the product: booking, cancelling with a partial refund, and moving a booking in time', async () => {
    const { db } = t.database;
    const room = await insertRoom(db, { hostId: hosts[1]!.id, availableFrom: addDays(todayIn('UTC'), 1), availableTo: addDays(todayIn('UTC'), 60), cancellationPolicy: 'moderate', priceCents: 9_999 });
    const [row] = await db.select().from(rooms).where(eq(rooms.id, room.id));
    const first = await bookStay(t, guests[0]!, { roomId: row!.id, from: addDays(todayIn('UTC'), 2), to: addDays(todayIn('UTC'), 5) });
    const second = await bookStay(t, guests[1]!, { roomId: row!.id, from: addDays(todayIn('UTC'), 10), to: addDays(todayIn('UTC'), 12) });
    // Moderate, two days before check-in: half comes back, half is kept.
    const res = await t.call('DELETE', `/api/booking/${first._id}`, { as: guests[0]! });
    expect(res.statusCode, res.body).toBe(200);
    expect(bookingSchema.parse(res.json()).keptCents).toBeGreaterThan(0);
    await db.update(bookings).set({ createdAt: new Date(now.getTime() - 400 * 86_400_000) }).where(eq(bookings.id, second._id));
    await expectEveryAnswerFresh();
  });
});
