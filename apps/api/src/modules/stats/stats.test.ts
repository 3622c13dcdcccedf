import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsSchema, guestStatsSchema, hostStatsSchema, statsCalendarSchema, todayIn, addDays, type SalesPoint } from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { roleChanges, rooms, users } from '../../db/schema.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import type { Actor } from '../../plugins/session.js';
import { chartWindow, getAdminStats, getGuestStats, getHostStats } from './stats.service.js';

const DAY_MS = 86_400_000;

/** The chart's points that had sales (every period is a point; those without sales are zeros). */
const withSales = (points: SalesPoint[]) => points.filter((p) => p.salesCents !== 0 || p.bookings !== 0);

/**
 * A hand-built marketplace: every figure below is worked out here from the stays the test writes.
 * Prices: room A1 $100, A2 $123.45 (removed after its stay), A3 $80 (never booked), B1 $200.
 */
describe.each(TEST_DATABASE_KINDS)('statistics on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let hostA: TestUser;
  let hostB: TestUser;
  let guest1: TestUser;
  let guest2: TestUser;
  const promotedAt = new Date(Math.floor((Date.now() - 30 * DAY_MS) / 1000) * 1000);
  const hostACreatedAt = new Date(Date.now() - 90 * DAY_MS);
  const hostBCreatedAt = new Date('2024-03-01T08:00:00.000Z');
  const guest1CreatedAt = new Date('2023-01-02T03:04:05.678Z');

  const actor = (u: TestUser): Actor => ({ id: u.id, email: u.email, name: 'Test Person', image: null, role: u.role, status: 'Verified', emailVerified: true });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    admin = await t.signUp({ role: 'admin' });
    hostA = await t.signUp();
    hostB = await t.signUp({ role: 'host' });
    guest1 = await t.signUp();
    guest2 = await t.signUp();

    // Host A was promoted by an admin last month (and demoted and promoted again since: the first promotion counts).
    for (const role of ['host', 'guest', 'host'] as const) {
      const res = await t.call('PATCH', `/api/users/update/${hostA.email}`, { as: admin, body: { role } });
      expect(res.statusCode, res.body).toBe(200);
    }
    hostA = { ...hostA, role: 'host' };
    const [firstPromotion] = await db.select().from(roleChanges).where(eq(roleChanges.userId, hostA.id)).orderBy(roleChanges.createdAt).limit(1);
    await db.update(roleChanges).set({ createdAt: promotedAt }).where(eq(roleChanges.id, firstPromotion!.id));
    await db.update(users).set({ createdAt: hostACreatedAt }).where(eq(users.id, hostA.id));
    // Host B became a host before the audit existed: Host Since falls back to the account's creation.
    await db.update(users).set({ createdAt: hostBCreatedAt }).where(eq(users.id, hostB.id));
    await db.update(users).set({ createdAt: guest1CreatedAt }).where(eq(users.id, guest1.id));

    const a1 = await insertRoom(db, { hostId: hostA.id, priceCents: 10_000, availableFrom: '2025-01-01', availableTo: '2027-01-01' });
    const a2 = await insertRoom(db, { hostId: hostA.id, priceCents: 12_345, availableFrom: '2025-01-01', availableTo: '2027-01-01' });
    await insertRoom(db, { hostId: hostA.id, priceCents: 8_000 });
    const b1 = await insertRoom(db, { hostId: hostB.id, priceCents: 20_000, availableFrom: '2023-01-01', availableTo: '2027-01-01' });

    const stay = (room: typeof a1, guest: TestUser, checkIn: string, checkOut: string, createdAt: string, status: 'confirmed' | 'cancelled' = 'confirmed') =>
      insertBooking(db, { room, guestId: guest.id, checkIn, checkOut, createdAt: new Date(createdAt), status });
    await stay(a1, guest1, '2026-01-30', '2026-02-02', '2025-12-31T23:30:00Z'); // $300
    await stay(a1, guest1, '2026-02-10', '2026-02-12', '2026-01-05T12:00:00Z', 'cancelled'); // refunded: never counts
    await stay(a2, guest2, '2026-02-01', '2026-02-04', '2026-01-01T00:30:00Z'); // $370.35, room removed below
    await stay(b1, guest2, '2026-02-03', '2026-02-05', '2023-06-15T10:00:00Z'); // $400
    await stay(b1, hostA, '2026-02-10', '2026-02-11', '2026-01-20T10:00:00Z'); // $200, host A as a guest
    await stay(b1, guest1, '2026-02-10', '2026-02-12', '2026-01-21T10:00:00Z', 'cancelled'); // refunded: never counts
    await db.update(rooms).set({ deletedAt: new Date() }).where(eq(rooms.id, a2.id));
  });
  afterAll(() => t.close());

  describe('the figures', () => {
    it('admin: all confirmed sales, every user, the live listings', async () => {
      const res = await t.call('GET', '/api/admin-stat?range=all', { as: admin });
      expect(res.statusCode, res.body).toBe(200);
      const stats = adminStatsSchema.parse(res.json());
      expect(stats).toMatchObject({ totalPriceCents: 127_035, totalPrice: 1270.35, totalBookings: 4, totalUsers: 5, totalRooms: 3 });
      // Longer than two years since the first sale: grouped by month.
      expect(stats.chart).toMatchObject({ range: 'all', granularity: 'month', timeZone: 'UTC', from: '2023-06-01' });
      expect(withSales(stats.chartData)).toEqual([
        { date: '2023-06-01', salesCents: 40_000, bookings: 1 },
        { date: '2025-12-01', salesCents: 30_000, bookings: 1 },
        { date: '2026-01-01', salesCents: 57_035, bookings: 2 },
      ]);
    });

    it("host: sales and stays in their rooms (a removed room's too), live listings, Host Since from their first promotion", async () => {
      const res = await t.call('GET', '/api/host-stat?range=all', { as: hostA });
      expect(res.statusCode, res.body).toBe(200);
      const stats = hostStatsSchema.parse(res.json());
      expect(stats).toMatchObject({ totalPriceCents: 67_035, totalPrice: 670.35, totalBookings: 2, totalRooms: 2, hostSince: promotedAt.toISOString() });
      // Booked before the marketplace took a commission, untaxed: the host earns all of it (the ledger's figure).
      expect(stats.earningsCents).toBe(67_035);
      // Less than two years since their first sale: grouped by week (Monday first), the new year's week as one point.
      expect(stats.chart).toMatchObject({ granularity: 'week', from: '2025-12-29' });
      expect(withSales(stats.chartData)).toEqual([{ date: '2025-12-29', salesCents: 67_035, bookings: 2 }]);
      // Weeks without sales are zero points up to this week, not a line drawn across them.
      expect(stats.chartData[1]).toEqual({ date: '2026-01-05', salesCents: 0, bookings: 0 });
      expect(stats.chartData.at(-1)!.date > addDays(todayIn('UTC'), -7)).toBe(true);
    });

    it("host made before the audit: Host Since is the account's creation", async () => {
      const stats = hostStatsSchema.parse((await t.call('GET', '/api/host-stat?range=all', { as: hostB })).json());
      expect(stats).toMatchObject({ totalPriceCents: 60_000, totalBookings: 2, totalRooms: 1, hostSince: hostBCreatedAt.toISOString(), earningsCents: 60_000 });
    });

    it('guest: what they spent on confirmed stays and since when they have an account', async () => {
      const g1 = guestStatsSchema.parse((await t.call('GET', '/api/guest-stat?range=all', { as: guest1 })).json());
      expect(g1).toMatchObject({ totalPriceCents: 30_000, totalPrice: 300, totalBookings: 1, guestSince: guest1CreatedAt.toISOString() });
      expect(withSales(g1.chartData)).toEqual([{ date: '2025-12-29', salesCents: 30_000, bookings: 1 }]);
      const g2 = guestStatsSchema.parse((await t.call('GET', '/api/guest-stat?range=all', { as: guest2 })).json());
      expect(g2).toMatchObject({ totalPriceCents: 77_035, totalBookings: 2 });
    });

    it('a host sees their own stays as a guest on the guest statistics; someone with none sees zeros and no points', async () => {
      const asGuest = guestStatsSchema.parse((await t.call('GET', '/api/guest-stat', { as: hostA })).json());
      expect(asGuest).toMatchObject({ totalPriceCents: 20_000, totalBookings: 1, guestSince: hostACreatedAt.toISOString() });
      const none = guestStatsSchema.parse((await t.call('GET', '/api/guest-stat', { as: admin })).json());
      expect(none).toMatchObject({ totalPriceCents: 0, totalPrice: 0, totalBookings: 0 });
      expect(withSales(none.chartData)).toEqual([]);
      expect(none.chart).toMatchObject({ range: '12m', granularity: 'week', timeZone: 'UTC' });
    });
  });

  describe('day grouping', () => {
    // Two sales an hour apart around midnight UTC on New Year's Eve, a cancelled one, and one long before.
    const now = new Date('2026-01-10T12:00:00Z');

    it('by day across a month and a year boundary, in UTC', async () => {
      const stats = await getAdminStats(t.database.db, { actor: actor(admin), range: '30d', tz: 'UTC', now });
      expect(stats.chart).toEqual({ range: '30d', granularity: 'day', timeZone: 'UTC', from: '2025-12-12', to: '2026-01-10' });
      expect(withSales(stats.chartData)).toEqual([
        { date: '2025-12-31', salesCents: 30_000, bookings: 1 },
        { date: '2026-01-01', salesCents: 37_035, bookings: 1 },
      ]);
    });

    it("in the viewer's time zone: both are New Year's Day in Paris and New Year's Eve in New York", async () => {
      const paris = await getAdminStats(t.database.db, { actor: actor(admin), range: '30d', tz: 'Europe/Paris', now });
      expect(withSales(paris.chartData)).toEqual([{ date: '2026-01-01', salesCents: 67_035, bookings: 2 }]);
      const newYork = await getAdminStats(t.database.db, { actor: actor(admin), range: '30d', tz: 'America/New_York', now });
      expect(withSales(newYork.chartData)).toEqual([{ date: '2025-12-31', salesCents: 67_035, bookings: 2 }]);
      const hostInParis = await getHostStats(t.database.db, { actor: actor(hostA), range: '30d', tz: 'Europe/Paris', now });
      expect(withSales(hostInParis.chartData)).toEqual([{ date: '2026-01-01', salesCents: 67_035, bookings: 2 }]);
    });

    it('by week (Monday first) over twelve months, the week spanning the new year as one point', async () => {
      const stats = await getAdminStats(t.database.db, { actor: actor(admin), range: '12m', tz: 'UTC', now });
      expect(stats.chart).toMatchObject({ granularity: 'week', from: '2025-01-06', to: '2026-01-10' });
      expect(withSales(stats.chartData)).toEqual([{ date: '2025-12-29', salesCents: 67_035, bookings: 2 }]);
    });

    it('by month over all time, in the zone too', async () => {
      const paris = await getAdminStats(t.database.db, { actor: actor(admin), range: 'all', tz: 'Europe/Paris', now });
      expect(withSales(paris.chartData)).toEqual([
        { date: '2023-06-01', salesCents: 40_000, bookings: 1 },
        { date: '2026-01-01', salesCents: 67_035, bookings: 2 },
      ]);
    });

    it("the range ends on the viewer's today, which may already be tomorrow in UTC", async () => {
      const late = new Date('2026-01-10T23:30:00Z');
      expect(todayIn('Pacific/Kiritimati', late)).toBe('2026-01-11');
      const stats = await getGuestStats(t.database.db, { actor: actor(guest1), range: '30d', tz: 'Pacific/Kiritimati', now: late });
      expect(stats.chart).toMatchObject({ from: '2025-12-13', to: '2026-01-11' });
      // 23:30 UTC on New Year's Eve is 13:30 on New Year's Day at UTC+14.
      expect(withSales(stats.chartData)).toEqual([{ date: '2026-01-01', salesCents: 30_000, bookings: 1 }]);
    });

    it('all time groups by day, week or month by how long ago the first sale was', () => {
      expect(chartWindow('all', '2026-03-01', '2026-01-15')).toEqual({ from: '2026-01-15', granularity: 'day' });
      expect(chartWindow('all', '2026-03-01', '2025-06-04')).toEqual({ from: '2025-06-02', granularity: 'week' });
      expect(chartWindow('all', '2026-03-01', '2023-06-15')).toEqual({ from: '2023-06-01', granularity: 'month' });
      expect(chartWindow('all', '2026-03-01', null)).toEqual({ from: '2026-03-01', granularity: 'day' });
    });
  });

  describe('the calendar', () => {
    it('admin: stays per night across the marketplace, cancelled ones left out', async () => {
      const res = await t.call('GET', '/api/admin-stat/calendar?month=2026-02', { as: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(statsCalendarSchema.parse(res.json())).toEqual({
        month: '2026-02',
        nights: [
          { date: '2026-02-01', stays: 2 },
          { date: '2026-02-02', stays: 1 },
          { date: '2026-02-03', stays: 2 },
          { date: '2026-02-04', stays: 1 },
          { date: '2026-02-10', stays: 1 },
        ],
      });
      // A stay across the month's start shows in both months; its check-out day is no night.
      const january = statsCalendarSchema.parse((await t.call('GET', '/api/admin-stat/calendar?month=2026-01', { as: admin })).json());
      expect(january.nights).toEqual([
        { date: '2026-01-30', stays: 1 },
        { date: '2026-01-31', stays: 1 },
      ]);
    });

    it("host: nights booked in their rooms, a removed room's included; guest: their own nights", async () => {
      const host = statsCalendarSchema.parse((await t.call('GET', '/api/host-stat/calendar?month=2026-02', { as: hostA })).json());
      expect(host.nights).toEqual([
        { date: '2026-02-01', stays: 2 },
        { date: '2026-02-02', stays: 1 },
        { date: '2026-02-03', stays: 1 },
      ]);
      const guest = statsCalendarSchema.parse((await t.call('GET', '/api/guest-stat/calendar?month=2026-02', { as: guest1 })).json());
      expect(guest.nights).toEqual([{ date: '2026-02-01', stays: 1 }]);
      const empty = statsCalendarSchema.parse((await t.call('GET', '/api/guest-stat/calendar?month=2026-03', { as: guest1 })).json());
      expect(empty.nights).toEqual([]);
    });
  });

  describe('access', () => {
    const endpoints = ['/api/admin-stat', '/api/host-stat', '/api/guest-stat', '/api/admin-stat/calendar?month=2026-02', '/api/host-stat/calendar?month=2026-02', '/api/guest-stat/calendar?month=2026-02'];

    it('answers 401 to a visitor on every statistics call, before looking at the input', async () => {
      for (const url of [...endpoints, '/api/admin-stat?tz=Nowhere/Atall', '/api/guest-stat/calendar?month=bad']) {
        const res = await t.call('GET', url);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      }
    });

    it('admin figures to admins, host figures to hosts, guest figures to anyone signed in', async () => {
      const allowed: Record<string, string[]> = {
        guest: ['/api/guest-stat'],
        host: ['/api/host-stat', '/api/guest-stat'],
        admin: ['/api/admin-stat', '/api/guest-stat'],
      };
      for (const user of [guest1, hostA, admin]) {
        for (const url of endpoints) {
          const base = url.replace(/\/calendar.*$/, '').replace(/\?.*$/, '');
          const expected = allowed[user.role]!.includes(base) ? 200 : 403;
          const res = await t.call('GET', url, { as: user });
          expect(res.statusCode, `${user.role} ${url}`).toBe(expected);
          expect(res.headers['cache-control']).toBe('no-store');
        }
      }
    });

    it('refuses a wrong range, time zone or month with a 400 naming the field', async () => {
      for (const [url, field] of [
        ['/api/guest-stat?range=7d', 'range'],
        ['/api/guest-stat?tz=Nowhere/Atall', 'tz'],
        ['/api/guest-stat?tz=%2B05:00', 'tz'],
        ['/api/guest-stat?tz=Europe/Paris;drop', 'tz'],
        ['/api/guest-stat/calendar?month=2026-13', 'month'],
        ['/api/guest-stat/calendar', 'month'],
      ] as const) {
        const res = await t.call('GET', url, { as: guest1 });
        expect(res.statusCode, url).toBe(400);
        expect(JSON.stringify(res.json()), url).toContain(field);
      }
    });

    it('takes any IANA zone, and the 12-month range by default', async () => {
      const res = await t.call('GET', '/api/guest-stat?tz=Asia/Kathmandu', { as: guest1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(guestStatsSchema.parse(res.json()).chart).toMatchObject({ range: '12m', timeZone: 'Asia/Kathmandu' });
    });
  });
});
