import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  earliestCheckIn,
  listingRulesOf,
  quoteStay,
  roomsPageSchema,
  SEARCH_LIMITS,
  type CategoryLabel,
  type ListedRoom,
  type NightSetting,
  type RoomsPage,
} from '@staybook/domain';
import { sql } from 'drizzle-orm';
import { DEMO_ROOMS } from '../../seed/demo-data.js';
import { insertBooking, insertRoom, insertUser } from '../../db/factories.js';
import { roomNightSettings, rooms } from '../../db/schema.js';
import { searchRooms } from './room-search.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { bookStay } from '../../test/bookings.js';
import { day } from '../../test/dates.js';
import { removeEveryRoom } from '../../test/rooms.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** A day counted from today, in UTC (every room here is in UTC unless it says otherwise). */

type Room = Awaited<ReturnType<typeof insertRoom>>;

describe.each(TEST_DATABASE_KINDS)('finding a stay (GET /api/rooms) on %s', (kind) => {
  let t: TestApp;
  let hostId: string;
  let guestId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    hostId = (await insertUser(t.database.db, { name: 'Hana Host', role: 'host' })).id;
    guestId = (await insertUser(t.database.db, { name: 'Gus Guest' })).id;
  });
  afterAll(() => t.close());
  // Each test sees only its own rooms.
  beforeEach(async () => {
    await removeEveryRoom(t.database.db);
    await t.app.listing.roomsChanged();
  });

  // Written straight into the database, so the listing cache is told as the write paths tell it.
  async function room(overrides: Partial<Parameters<typeof insertRoom>[1]> = {}): Promise<Room> {
    const made = await insertRoom(t.database.db, { hostId, availableFrom: day(1), availableTo: day(60), ...overrides });
    await t.app.listing.roomsChanged();
    return made;
  }

  async function book(r: Room, checkIn: string, checkOut: string, status: 'confirmed' | 'cancelled' = 'confirmed') {
    const made = await insertBooking(t.database.db, { room: r, guestId, checkIn, checkOut, status });
    await t.app.listing.staysChanged(r.id);
    return made;
  }

  type Query = Record<string, string | number>;

  async function search(query: Query): Promise<RoomsPage> {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await t.app.inject({ method: 'GET', url: `/api/rooms?${params}` });
    expect(res.statusCode, res.body).toBe(200);
    return roomsPageSchema.parse(res.json());
  }

  async function titles(query: Query): Promise<string[]> {
    return (await search(query)).items.map((r) => r.title);
  }

  async function refused(query: string): Promise<Record<string, string>> {
    const res = await t.app.inject({ method: 'GET', url: `/api/rooms?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { error: { code: string; fields?: Record<string, string> } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    return body.error.fields ?? {};
  }

  describe('each filter alone', () => {
    it('guests: rooms that take at least that many', async () => {
      await room({ title: 'two', guests: 2 });
      await room({ title: 'four', guests: 4 });
      await room({ title: 'sixteen', guests: 16 });
      expect((await titles({ guests: 3 })).sort()).toEqual(['four', 'sixteen']);
      expect((await titles({ guests: 16 })).sort()).toEqual(['sixteen']);
      expect((await titles({ guests: 1 })).sort()).toEqual(['four', 'sixteen', 'two']);
    });

    it('price: the nightly price in whole dollars, both bounds inclusive, compared in cents', async () => {
      await room({ title: '79.99', priceCents: 7_999 });
      await room({ title: '80', priceCents: 8_000 });
      await room({ title: '250', priceCents: 25_000 });
      await room({ title: '250.01', priceCents: 25_001 });
      expect((await titles({ minPrice: 80, maxPrice: 250 })).sort()).toEqual(['250', '80']);
      expect((await titles({ minPrice: 80 })).sort()).toEqual(['250', '250.01', '80']);
      expect((await titles({ maxPrice: 80 })).sort()).toEqual(['79.99', '80']);
    });

    it('bedrooms: at least that many', async () => {
      await room({ title: 'one', bedrooms: 1 });
      await room({ title: 'three', bedrooms: 3 });
      expect(await titles({ bedrooms: 2 })).toEqual(['three']);
    });

    it('category combines with the rest, and the spec\'s ?category= alone lists the category newest first', async () => {
      const base = Date.now();
      await room({ title: 'beach old', category: 'Beach', createdAt: new Date(base - 2000) });
      await room({ title: 'beach new', category: 'Beach', createdAt: new Date(base - 1000), guests: 6 });
      await room({ title: 'lake', category: 'Lake', guests: 6 });
      expect(await titles({ category: 'Beach' })).toEqual(['beach new', 'beach old']);
      expect(await titles({ category: 'Beach', guests: 5 })).toEqual(['beach new']);
    });

    it('sort: newest first by default, or by price either way', async () => {
      const base = Date.now();
      await room({ title: 'mid', priceCents: 20_000, createdAt: new Date(base - 3000) });
      await room({ title: 'cheap', priceCents: 5_000, createdAt: new Date(base - 2000) });
      await room({ title: 'dear', priceCents: 90_000, createdAt: new Date(base - 1000) });
      expect(await titles({})).toEqual(['dear', 'cheap', 'mid']);
      expect(await titles({ sort: 'recommended' })).toEqual(['dear', 'cheap', 'mid']);
      expect(await titles({ sort: 'price-asc' })).toEqual(['cheap', 'mid', 'dear']);
      expect(await titles({ sort: 'price-desc' })).toEqual(['dear', 'mid', 'cheap']);
    });
  });

  describe('a place', () => {
    beforeEach(async () => {
      // Real demo places, accents and all.
      const all = Object.values(DEMO_ROOMS).flat();
      for (const demo of all) await room({ title: demo.title, location: demo.location });
    });

    async function places(where: string): Promise<string[]> {
      return (await search({ where })).items.map((r) => r.location);
    }

    it('is found whatever its case and accents, typed either way', async () => {
      expect((await places('zermatt'))[0]).toBe('Zermatt, Switzerland');
      expect((await places('TROMSO'))[0]).toBe('Tromsø, Norway');
      expect((await places('Småland'))[0]).toBe('Småland, Sweden');
      expect((await places('smaland'))[0]).toBe('Småland, Sweden');
      expect((await places('Türkiye'))[0]).toBe('Cappadocia, Türkiye');
      expect((await places('turkiye'))[0]).toBe('Cappadocia, Türkiye');
    });

    it('is found from a typo or the start of a word, best match first', async () => {
      expect((await places('zermat'))[0]).toBe('Zermatt, Switzerland');
      expect((await places('marakesh'))[0]).toBe('Marrakesh, Morocco');
      expect((await places('lofotn'))[0]).toBe('Lofoten, Norway');
      expect((await places('capadocia'))[0]).toBe('Cappadocia, Türkiye');
      expect((await places('rovan'))[0]).toBe('Rovaniemi, Finland');
    });

    it('matches the country and the title too, and nothing unrelated', async () => {
      const portugal = await places('portugal');
      expect(portugal.sort()).toEqual(['Comporta, Portugal', 'Sintra, Portugal']);
      expect((await search({ where: 'igloo' })).items.map((r) => r.title)).toEqual(['Glass igloo under the aurora']);
      expect((await search({ where: 'chateau' })).items.map((r) => r.title)).toEqual(['Château wing with a walled garden']);
      expect(await places('qqqxxzz')).toEqual([]);
    });

    it("keeps its rooms' order under a place with many equal matches: best, then newest", async () => {
      await t.database.db.execute(sql`delete from rooms`);
      await t.app.listing.roomsChanged();
      const base = Date.now();
      await room({ title: 'old', location: 'São Paulo, Brazil', createdAt: new Date(base - 2000) });
      await room({ title: 'new', location: 'São Paulo, Brazil', createdAt: new Date(base - 1000) });
      await room({ title: 'elsewhere', location: 'Paulo Afonso, Brazil' });
      const found = await titles({ where: 'sao paulo' });
      expect(found.slice(0, 2)).toEqual(['new', 'old']);
    });
  });

  describe('dates', () => {
    it('a stay ending on the check-in day, or starting on the check-out day, does not block', async () => {
      const r = await room({ title: 'r' });
      await book(r, day(5), day(10));
      await book(r, day(17), day(20));
      expect(await titles({ checkin: day(10), checkout: day(17) })).toEqual(['r']);
    });

    it('one night of overlap at either end blocks', async () => {
      const r = await room({ title: 'r' });
      await book(r, day(5), day(10));
      expect(await titles({ checkin: day(9), checkout: day(12) })).toEqual([]);
      expect(await titles({ checkin: day(2), checkout: day(6) })).toEqual([]);
      expect(await titles({ checkin: day(6), checkout: day(7) })).toEqual([]);
      expect(await titles({ checkin: day(1), checkout: day(20) })).toEqual([]);
    });

    it('a cancelled stay does not block', async () => {
      const r = await room({ title: 'r' });
      await book(r, day(5), day(10), 'cancelled');
      expect(await titles({ checkin: day(5), checkout: day(10) })).toEqual(['r']);
    });

    it('the whole stay must be inside the window; a window ending on the check-out day fits', async () => {
      await room({ title: 'fits', availableFrom: day(3), availableTo: day(8) });
      await room({ title: 'starts late', availableFrom: day(4), availableTo: day(20) });
      await room({ title: 'ends early', availableFrom: day(1), availableTo: day(7) });
      expect(await titles({ checkin: day(3), checkout: day(8) })).toEqual(['fits']);
    });

    it('a removed room never appears', async () => {
      const r = await room({ title: 'gone', location: 'Zermatt, Switzerland' });
      await t.database.db.execute(sql`update ${rooms} set deleted_at = now() where id = ${r.id}`);
      await t.app.listing.roomsChanged();
      expect(await titles({ checkin: day(3), checkout: day(8) })).toEqual([]);
      expect(await titles({ where: 'zermatt' })).toEqual([]);
      expect(await titles({})).toEqual([]);
    });

    it("starts no earlier than today where the room is", async () => {
      // Kiritimati is 14 hours ahead of UTC, Baker Island's zone 12 behind: one is always a day past the other.
      await room({ title: 'ahead', timeZone: 'Pacific/Kiritimati', availableFrom: day(-3) });
      await room({ title: 'behind', timeZone: 'Etc/GMT+12', availableFrom: day(-3) });
      const earliest = earliestCheckIn();
      const found = await titles({ checkin: earliest, checkout: addDays(earliest, 1) });
      expect(found).toContain('behind');
      expect(found).not.toContain('ahead');
    });

    it("carries each room's nights and total for that stay, by the server's price rule", async () => {
      await room({ title: 'r', priceCents: 18_050 });
      const [found] = (await search({ checkin: day(3), checkout: day(10) })).items as [ListedRoom];
      expect(found).toMatchObject({ nights: 7, totalCents: 126_350 });
      const [undated] = (await search({})).items as [ListedRoom];
      expect(undated.nights).toBeUndefined();
      expect(undated.totalCents).toBeUndefined();
    });

    it('leaves out a stay no card could pay for (above the most one booking may cost)', async () => {
      await room({ title: 'dear', priceCents: 10_000_000, availableTo: day(300) });
      expect(await titles({ checkin: day(1), checkout: day(10) })).toEqual(['dear']);
      expect(await titles({ checkin: day(1), checkout: day(11) })).toEqual([]);
    });
  });

  describe("dates and the listing's rules", () => {
    // The rules and prices one by one; dated-search-sql.test.ts compares them all with the domain on random rooms.
    async function setNights(r: Room, from: string, to: string, setting: { priceCents?: number; minNights?: number; blocked?: boolean }) {
      await t.database.db.insert(roomNightSettings).values({ roomId: r.id, checkIn: from, checkOut: to, ...setting });
      await t.app.listing.roomsChanged();
    }
    const quoted = (r: Room, from: string, to: string, guests = 1, settings: NightSetting[] = []) =>
      quoteStay(listingRulesOf(r), settings, { from, to }, guests).totalCents;

    it("shows each room's total as the quote computes it: weekend nights, fees, extra guests, discount and tax", async () => {
      const r = await room({
        title: 'priced',
        guests: 4,
        weekendPriceCents: 15_000,
        cleaningFeeCents: 4_500,
        extraGuestFeeCents: 1_000,
        guestsIncluded: 2,
        weeklyDiscountPct: 10,
        taxRateBp: 725,
      });
      const [found] = (await search({ checkin: day(3), checkout: day(11), guests: 3 })).items as [ListedRoom];
      expect(found).toMatchObject({ nights: 8, totalCents: quoted(r, day(3), day(11), 3) });
      // More than the nights alone: the card is the stay's whole price.
      expect(found.totalCents).toBeGreaterThan(8 * 12_000);
    });

    it("follows the calendar: a host's price on some nights, a block, a longer minimum stay from a night", async () => {
      const r = await room({ title: 'calendar' });
      await setNights(r, day(4), day(6), { priceCents: 20_000 });
      const [found] = (await search({ checkin: day(3), checkout: day(7) })).items as [ListedRoom];
      const settings: NightSetting[] = [{ from: day(4), to: day(6), priceCents: 20_000, minNights: null, blocked: false, note: null }];
      expect(found.totalCents).toBe(quoted(r, day(3), day(7), 1, settings));
      expect(found.totalCents).toBe(2 * 12_000 + 2 * 20_000);

      await setNights(r, day(10), day(12), { blocked: true });
      expect(await titles({ checkin: day(8), checkout: day(11) })).toEqual([]);
      expect(await titles({ checkin: day(8), checkout: day(10) })).toEqual(['calendar']);
      expect(await titles({ checkin: day(12), checkout: day(14) })).toEqual(['calendar']);

      await setNights(r, day(20), day(21), { minNights: 4 });
      expect(await titles({ checkin: day(20), checkout: day(23) })).toEqual([]);
      expect(await titles({ checkin: day(20), checkout: day(24) })).toEqual(['calendar']);
      // The minimum counts for stays starting on that night only.
      expect(await titles({ checkin: day(19), checkout: day(21) })).toEqual(['calendar']);
    });

    it("follows the listing's stay rules: nights, check-in and check-out days, notice", async () => {
      const checkIn = day(7);
      const weekday = new Date(`${checkIn}T00:00:00Z`).getUTCDay();
      await room({ title: 'three nights', minNights: 3, maxNights: 5 });
      await room({ title: 'other check-in day', checkInDays: 0b111_1111 & ~(1 << weekday) });
      await room({ title: 'a week ahead', noticeDays: 7 });
      expect(await titles({ checkin: checkIn, checkout: addDays(checkIn, 2) })).toEqual(['a week ahead']);
      expect((await titles({ checkin: checkIn, checkout: addDays(checkIn, 3) })).sort()).toEqual(['a week ahead', 'three nights']);
      expect(await titles({ checkin: checkIn, checkout: addDays(checkIn, 6) })).toEqual(['a week ahead']);
      // A day earlier: another weekday, and inside the week's notice.
      expect((await titles({ checkin: day(6), checkout: day(9) })).sort()).toEqual(['other check-in day', 'three nights']);
    });

    it('keeps the preparation time free around each confirmed stay', async () => {
      const r = await room({ title: 'prepared', preparationNights: 2 });
      await book(r, day(10), day(12));
      expect(await titles({ checkin: day(5), checkout: day(8) })).toEqual(['prepared']);
      expect(await titles({ checkin: day(5), checkout: day(9) })).toEqual([]);
      expect(await titles({ checkin: day(13), checkout: day(15) })).toEqual([]);
      expect(await titles({ checkin: day(14), checkout: day(16) })).toEqual(['prepared']);
    });

    it("filters on the stay's average night, and sorts by price on the nightly price the card shows", async () => {
      // Two nights: $100 a night and a $100 cleaning fee is $300, $150 a night on average; $140 a night is $280.
      await room({ title: 'cheap nights, cleaning fee', priceCents: 10_000, cleaningFeeCents: 10_000 });
      await room({ title: 'no fees', priceCents: 14_000 });
      const stay = { checkin: day(3), checkout: day(5) };
      expect(await titles({ ...stay, maxPrice: 149 })).toEqual(['no fees']);
      expect((await titles({ ...stay, maxPrice: 150 })).sort()).toEqual(['cheap nights, cleaning fee', 'no fees']);
      expect(await titles({ ...stay, minPrice: 141 })).toEqual(['cheap nights, cleaning fee']);
      for (const query of [stay, {}]) {
        expect(await titles({ ...query, sort: 'price-asc' })).toEqual(['cheap nights, cleaning fee', 'no fees']);
        expect(await titles({ ...query, sort: 'price-desc' })).toEqual(['no fees', 'cheap nights, cleaning fee']);
      }
      // Without dates the filter is on the nightly price.
      expect(await titles({ maxPrice: 120 })).toEqual(['cheap nights, cleaning fee']);
    });
  });

  it('combines every filter', async () => {
    const hit = await room({ title: 'hit', location: 'Comporta, Portugal', category: 'Beach', guests: 4, bedrooms: 2, priceCents: 15_000 });
    await room({ title: 'few guests', location: 'Comporta, Portugal', category: 'Beach', guests: 2, bedrooms: 2, priceCents: 15_000 });
    await room({ title: 'wrong place', location: 'Naxos, Greece', category: 'Beach', guests: 4, bedrooms: 2, priceCents: 15_000 });
    await room({ title: 'wrong category', location: 'Comporta, Portugal', category: 'Lake', guests: 4, bedrooms: 2, priceCents: 15_000 });
    await room({ title: 'too dear', location: 'Comporta, Portugal', category: 'Beach', guests: 4, bedrooms: 2, priceCents: 30_000 });
    await room({ title: 'one bedroom', location: 'Comporta, Portugal', category: 'Beach', guests: 4, bedrooms: 1, priceCents: 15_000 });
    const taken = await room({ title: 'taken', location: 'Comporta, Portugal', category: 'Beach', guests: 4, bedrooms: 2, priceCents: 15_000 });
    await book(taken, day(12), day(14));
    const page = await search({
      category: 'Beach', where: 'portugal', checkin: day(10), checkout: day(15), guests: 3, minPrice: 80, maxPrice: 250, bedrooms: 2,
    });
    expect(page.items.map((r) => r.title)).toEqual(['hit']);
    expect(page.items[0]).toMatchObject({ _id: hit.id, nights: 5, totalCents: 75_000 });
    expect(page.total).toEqual({ count: 1, more: false });
  });

  describe('paging', () => {
    const orders: Query[] = [{}, { sort: 'price-asc' }, { sort: 'price-desc' }, { where: 'lisbon' }, { where: 'lisbon', checkin: day(2), checkout: day(4) }];

    it.each(orders)('returns every match exactly once, page by page (%o)', async (query) => {
      const base = Date.now();
      const made: Room[] = [];
      for (let i = 0; i < 17; i += 1) {
        // Shared creation times and prices make the id break ties.
        made.push(
          await room({
            title: `room ${i}`,
            location: i % 3 ? 'Lisbon, Portugal' : 'Lisboa, Portugal',
            priceCents: 10_000 + (i % 4) * 1_000,
            createdAt: new Date(base - Math.floor(i / 3) * 1000),
          }),
        );
      }
      await book(made[0]!, day(1), day(3));
      const all = await search({ ...query, limit: 60 });
      const seen: string[] = [];
      let cursor: string | null = null;
      let first = true;
      do {
        const page: RoomsPage = await search({ ...query, limit: 4, ...(cursor ? { cursor } : {}) });
        // Only the first page counts.
        expect(page.total !== undefined).toBe(first);
        first = false;
        seen.push(...page.items.map((r) => r._id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all.items.map((r) => r._id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(all.total?.count).toBe(seen.length);
      expect(seen.length).toBeGreaterThan(8);
    });

    it("refuses another order's cursor or a made-up one", async () => {
      for (let i = 0; i < 3; i += 1) await room({ title: `r${i}` });
      const { nextCursor } = await search({ limit: 1 });
      expect(nextCursor).not.toBeNull();
      expect(await refused(`limit=1&sort=price-asc&cursor=${nextCursor!}`)).toHaveProperty('cursor');
      expect(await refused(`cursor=${Buffer.from('["m","x"]').toString('base64url')}`)).toHaveProperty('cursor');
      expect(await refused('cursor=%%%')).toHaveProperty('cursor');
      // Times JavaScript reads leniently and PostgreSQL refuses; scores a `real` cannot hold.
      const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
      for (const at of ['2026-02-30', '2026-11', '2026-02-30T00:00:00.000Z', '2026-11-28T10:00:00Z']) {
        expect(await refused(`cursor=${forged([at, randomUUID()])}`), at).toHaveProperty('cursor');
        expect(await refused(`place=Lisbon&cursor=${forged(['m', 0.5, at, randomUUID()])}`), at).toHaveProperty('cursor');
      }
      for (const score of [1e300, 1e-50]) {
        expect(await refused(`place=Lisbon&cursor=${forged(['m', score, new Date().toISOString(), randomUUID()])}`), String(score)).toHaveProperty('cursor');
      }
    });

    it('counts up to the cap and then says there are more', async () => {
      const values = Array.from({ length: SEARCH_LIMITS.countCap + 1 }, (_, i) => sql`(${randomUUID()}::uuid, ${hostId}, ${`bulk ${i}`})`);
      await t.database.db.execute(sql`
        insert into ${rooms} (id, host_id, title, location, category, available_from, available_to, price_cents, guests, bedrooms, bathrooms, description, image, photos)
        select v.id, v.host, v.title, 'Lisbon, Portugal', 'Modern', ${day(1)}::date, ${day(30)}::date, 10000, 2, 1, 1, 'd', '/uploads/x.webp', array['/uploads/x.webp']
        from (values ${sql.join(values, sql`, `)}) as v(id, host, title)`);
      await t.app.listing.roomsChanged();
      expect((await search({})).total).toEqual({ count: SEARCH_LIMITS.countCap, more: true });
      await t.database.db.execute(sql`delete from ${rooms} where title = 'bulk 0'`);
      await t.app.listing.roomsChanged();
      expect((await search({})).total).toEqual({ count: SEARCH_LIMITS.countCap, more: false });
    });
  });

  describe('a wrong parameter is a 400 that names it', () => {
    it.each([
      ['guests=0', 'guests'],
      ['guests=17', 'guests'],
      ['guests=2.5', 'guests'],
      ['guests=many', 'guests'],
      ['bedrooms=0', 'bedrooms'],
      ['minPrice=-1', 'minPrice'],
      ['maxPrice=abc', 'maxPrice'],
      ['minPrice=300&maxPrice=100', 'maxPrice'],
      ['sort=cheapest', 'sort'],
      ['category=Moon', 'category'],
      [`where=${'x'.repeat(101)}`, 'where'],
      ['where=%20%20', 'where'],
      ['checkin=2027-02-30&checkout=2027-03-02', 'checkin'],
      [`checkin=${day(5)}`, 'checkout'],
      [`checkout=${day(5)}`, 'checkin'],
      [`checkin=${day(5)}&checkout=${day(5)}`, 'checkout'],
      [`checkin=${day(5)}&checkout=${day(3)}`, 'checkout'],
      [`checkin=${day(5)}&checkout=${day(400)}`, 'checkout'],
      [`checkin=${day(-3)}&checkout=${day(2)}`, 'checkin'],
      ['limit=0', 'limit'],
    ])('%s → %s', async (query, field) => {
      expect(Object.keys(await refused(query))).toContain(field);
    });

    it('refuses a check-in past the furthest any room takes bookings, up to the calendar\'s last days', async () => {
      await room({ title: 'r' });
      for (const [checkin, checkout] of [['9999-12-30', '9999-12-31'], ['9999-01-01', '9999-01-08'], [day(6 * 366), day(6 * 366 + 2)]]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/rooms?checkin=${checkin}&checkout=${checkout}` });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          error: { code: 'VALIDATION_FAILED', message: 'checkin: Check-in can be at most 5 years ahead', fields: { checkin: 'Check-in can be at most 5 years ahead' } },
        });
      }
      // A check-out alone that far ahead is a check-out without its check-in.
      expect(await refused('checkout=9999-12-31')).toEqual({ checkin: 'Check-in is required with a check-out date' });
      // Well ahead, but not past it: a search that finds nothing.
      expect(await titles({ checkin: day(4 * 365), checkout: day(4 * 365 + 3) })).toEqual([]);
    });

    it('ignores parameters it does not know', async () => {
      await room({ title: 'r' });
      expect(await titles({ utm_source: 'mail' })).toEqual(['r']);
    });
  });

  describe('kept answers', () => {
    it('a dated search leaves out a room once it is booked, and shows it again once that stay is cancelled', async () => {
      const guest = await t.signUp({ name: 'Gus Guest' });
      const r = await room({ title: 'r' });
      const stay = { checkin: day(5), checkout: day(10) };
      expect(await titles(stay)).toEqual(['r']);
      const booking = await bookStay(t, guest, { roomId: r.id, from: day(6), to: day(8) });
      expect(await titles(stay)).toEqual([]);
      const cancelled = await t.call('DELETE', `/api/booking/${booking._id}`, { as: guest });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await titles(stay)).toEqual(['r']);
    });

    it("depends on the zones of every room it counts, not only those it shows, on every stay when dated, and on every rating by rating", async () => {
      await room({ title: 'lisbon', timeZone: 'Europe/Lisbon' });
      await room({ title: 'tokyo', timeZone: 'Asia/Tokyo' });
      const { page, dependencies } = await searchRooms(t.database.db, { search: {}, limit: 1 });
      expect(page.items).toHaveLength(1);
      expect(dependencies.roomIds).toEqual([page.items[0]!._id]);
      expect(dependencies.timeZones.sort()).toEqual(['Asia/Tokyo', 'Europe/Lisbon']);
      expect(dependencies.anyStay).toBe(false);
      expect(dependencies.anyRating).toBe(false);
      const dated = await searchRooms(t.database.db, { search: { checkin: day(3), checkout: day(5) }, limit: 1 });
      expect(dated.dependencies.anyStay).toBe(true);
      // 'Top rated' hangs on every room's rating, and on no stay.
      const topRated = await searchRooms(t.database.db, { search: { sort: 'top-rated' }, limit: 1 });
      expect(topRated.dependencies).toMatchObject({ anyStay: false, anyRating: true });
    });

    it('one search is one answer, whatever the order of its parameters', async () => {
      await room({ title: 'r', guests: 4, category: 'Lake' as CategoryLabel });
      const a = await t.app.inject({ method: 'GET', url: '/api/rooms?guests=3&category=Lake' });
      const b = await t.app.inject({ method: 'GET', url: '/api/rooms?category=Lake&guests=3' });
      expect(a.headers.etag).toBeDefined();
      expect(b.headers.etag).toBe(a.headers.etag);
    });
  });
});
