import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToDate,
  nightsBetween,
  AMENITY_KEYS,
  applyNightChange,
  CATEGORY_LABELS,
  searchOf,
  todayIso,
  roomSchema,
  roomsPageSchema,
  roomsQuerySchema,
  type NightSetting,
  type RoomSearch,
} from '@staybook/domain';
import { insertBooking, insertRoom, insertUser } from '../../../db/factories.js';
import { calendarBlocks, calendarImports, roomNightSettings, rooms, users } from '../../../db/schema.js';
import { seededRandom } from '../../../seeded-random.js';
import { TEST_DATABASE_KINDS } from '../../../test/databases.js';
import { bookStay } from '../../../test/bookings.js';
import { describeNeeding, SERVER_DATABASE } from '../../../test/needs.js';
import { ownRoomBody } from '../../../test/rooms.js';
import { createSecondTestApp, createTestApp, type TestApp } from '../../../test/test-app.js';
import { searchRooms, type SearchAnswer } from '../room-search.js';
import { createSearchIndex, type SearchIndex } from './search-index.js';

/*
 * The search index answers every search as the database does (decision 057): random rooms (places with typos and
 * accents, pins near and far, the antimeridian, every stay rule, calendar runs, stays and imported blocks, ratings)
 * and random searches (a place, dates or flexible dates, guests, price, bedrooms, amenities, an area, every order),
 * each followed page by page through its cursors, must give equal pages, counts, totals and cursors.
 */

const PLACES = ['Lisbon, Portugal', 'São Paulo, Brazil', 'Porto, Portugal', 'New York, USA', 'Zermatt, Switzerland', 'Kyoto, Japan', 'Suva, Fiji', 'Łódź, Poland'];
const TITLES = ['Sunny loft', 'Cabin by the lake', 'Old town flat', 'Quiet room', 'Beach house', 'Château de la Loire'];
const TYPED = ['lisbon', 'lisbn', 'LISBOA', 'sao paulo', 'são', 'porto', 'nwe york', 'zermat', 'kyoto', 'suva', 'lodz', 'cabin', 'chateau', 'beach porto', 'xyz'];
/** Pins: around Lisbon, Porto, Zermatt, across the antimeridian near Suva, and none. */
const PINS: ([number, number] | null)[] = [[38.72, -9.14], [38.9, -9.3], [41.15, -8.61], [46.02, 7.75], [-18.14, 178.44], [-16.5, -179.9], null];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

describe.each(TEST_DATABASE_KINDS)('the search index on %s', (kind) => {
  let t: TestApp;
  let index: SearchIndex;
  const random = seededRandom(56);
  const today = todayIso();
  const day = (n: number) => addDays(today, n);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    const hosts = await Promise.all(['Hana Host', 'Hugo Host'].map((name) => insertUser(db, { name, role: 'host' })));
    const guest = await insertUser(db, { name: 'Gus Guest' });
    for (let i = 0; i < 60; i++) {
      const pin = pick(random, PINS);
      const start = Math.floor(random() * 20) - 5;
      const room = await insertRoom(db, {
        hostId: pick(random, hosts).id,
        title: `${pick(random, TITLES)} ${i}`,
        location: pick(random, PLACES),
        category: pick(random, CATEGORY_LABELS),
        availableFrom: day(start),
        availableTo: day(start + 20 + Math.floor(random() * 300)),
        priceCents: random() < 0.1 ? 100 : 5_000 + Math.floor(random() * 40) * 1_000,
        guests: 1 + Math.floor(random() * 6),
        bedrooms: 1 + Math.floor(random() * 3),
        amenities: AMENITY_KEYS.filter(() => random() < 0.3),
        createdAt: new Date(Date.now() - Math.floor(random() * 5) * 60_000),
        reviewCount: Math.floor(random() * 5),
        ratingSum: Math.floor(random() * 20),
        ...(pin ? { latitude: pin[0], longitude: pin[1], areaLatitude: pin[0] + random() / 200, areaLongitude: pin[1] + random() / 200 } : {}),
        ...(random() < 0.5
          ? {
              weekendPriceCents: random() < 0.5 ? 9_000 : null,
              minNights: 1 + Math.floor(random() * 4),
              maxNights: pick(random, [365, 6, 12]),
              checkInDays: pick(random, [0b111_1111, 1 << 6, 0b011_1110]),
              checkOutDays: pick(random, [0b111_1111, 1 << 0, 0b110_0001]),
              bookingWindowMonths: pick(random, [null, 3]),
              preparationNights: Math.floor(random() * 3),
              cleaningFeeCents: random() < 0.5 ? 2_500 : 0,
              extraGuestFeeCents: random() < 0.5 ? 1_000 : 0,
              guestsIncluded: 1 + Math.floor(random() * 2),
              weeklyDiscountPct: random() < 0.5 ? 10 : 0,
              monthlyDiscountPct: random() < 0.5 ? 20 : 0,
              taxRateBp: random() < 0.5 ? 725 : 0,
              ...(random() < 0.5 ? { noticeDays: Math.floor(random() * 3) } : { noticeDays: 0, sameDayUntil: pick(random, [null, '00:00', '23:59']) }),
            }
          : // Notice alone: a check-in today or tomorrow is then refused.
            { noticeDays: random() < 0.3 ? 1 + Math.floor(random() * 2) : 0 }),
      });
      let settings: NightSetting[] = [];
      for (let k = Math.floor(random() * 3); k > 0; k--) {
        const from = day(Math.floor(random() * 60));
        settings = applyNightChange(settings, { from, to: addDays(from, 1 + Math.floor(random() * 6)) }, random() < 0.5 ? { priceCents: 15_000 } : random() < 0.5 ? { blocked: true } : { minNights: 3 });
      }
      if (settings.length > 0) {
        await db.insert(roomNightSettings).values(settings.map((s) => ({ roomId: room.id, checkIn: s.from, checkOut: s.to, priceCents: s.priceCents, minNights: s.minNights, blocked: s.blocked, note: s.note })));
      }
      let next = Math.floor(random() * 10);
      for (let k = Math.floor(random() * 4); k > 0; k--) {
        const nights = 1 + Math.floor(random() * 5);
        await insertBooking(db, { room, guestId: guest.id, checkIn: day(next), checkOut: day(next + nights), status: random() < 0.2 ? 'cancelled' : 'confirmed' });
        next += nights + Math.floor(random() * 8);
      }
      if (random() < 0.2) {
        const [calendar] = await db.insert(calendarImports).values({ roomId: room.id, url: `https://calendar.example.com/${randomUUID()}.ics` }).returning();
        const from = day(Math.floor(random() * 40));
        await db.insert(calendarBlocks).values({ importId: calendar!.id, roomId: room.id, checkIn: from, checkOut: addDays(from, 3) });
      }
    }
    index = createSearchIndex({ db, log: t.app.log });
    await index.start();
  });
  afterAll(() => t.close());

  /** A random search, as the address would carry it (read by the API's own schema). */
  function randomSearch(): Record<string, string> {
    const query: Record<string, string> = {};
    if (random() < 0.5) query['where'] = pick(random, TYPED);
    const dates = random();
    if (dates < 0.35) {
      const from = pick(random, [0, 0, 1, 1, 2, 10, 20, 40, 95, 120]) + (random() < 0.5 ? 0 : Math.floor(random() * 5));
      query['checkin'] = day(from);
      query['checkout'] = day(from + pick(random, [1, 2, 3, 5, 7, 9, 28, 30]));
    } else if (dates < 0.5) {
      query['stay'] = pick(random, ['weekend', 'week'] as const);
      query['months'] = addMonths(today.slice(0, 7), 1);
    }
    if (random() < 0.3) query['guests'] = String(1 + Math.floor(random() * 4));
    if (random() < 0.2) query['bedrooms'] = String(1 + Math.floor(random() * 2));
    if (random() < 0.2) query['maxPrice'] = String(80 + Math.floor(random() * 300));
    if (random() < 0.1) query['minPrice'] = String(60 + Math.floor(random() * 100));
    if (random() < 0.15) query['category'] = pick(random, CATEGORY_LABELS);
    if (random() < 0.15) query['amenities'] = pick(random, AMENITY_KEYS);
    if (random() < 0.15) query['area'] = pick(random, ['37,-10,40,-8', '-20,170,-15,-170', '-90,-180,90,180', '45,6,47,9']);
    if (random() < 0.5) query['sort'] = pick(random, ['price-asc', 'price-desc', 'top-rated'] as const);
    query['limit'] = String(pick(random, [3, 7, 25]));
    return query;
  }

  /** What a page shows, and what keeping it depends on (the zones in a set: their order is the database's). */
  const comparable = (answer: SearchAnswer) => ({ ...answer, dependencies: { ...answer.dependencies, timeZones: [...answer.dependencies.timeZones].sort() } });

  it('gives the database’s answer to every search, page after page', async () => {
    let pages = 0;
    let found = 0;
    for (let run = 0; run < 120; run++) {
      const query = randomSearch();
      const parsed = roomsQuerySchema.safeParse(query);
      if (!parsed.success) continue;
      const search: RoomSearch = searchOf(parsed.data);
      const limit = parsed.data.limit;
      let cursor: string | undefined;
      for (let page = 0; page < 4; page++) {
        const expected = await searchRooms(t.database.db, { search, cursor, limit });
        const actual = await index.search({ search, cursor, limit });
        // Each reads the clock itself: a dated answer is kept until the next minute, and when a minute turns between
        // the two searches the index's answer is rightly kept a minute longer.
        const keptAMinuteLonger = actual?.dependencies.keepUntil !== undefined && actual.dependencies.keepUntil === (expected.dependencies.keepUntil ?? NaN) + 60_000;
        if (keptAMinuteLonger) actual.dependencies.keepUntil = expected.dependencies.keepUntil;
        expect(actual && comparable(actual), JSON.stringify({ query, page })).toEqual(comparable(expected));
        pages += 1;
        found += expected.page.items.length;
        if (!expected.page.nextCursor) break;
        cursor = expected.page.nextCursor;
      }
    }
    // The searches found rooms and paged through them.
    expect(pages).toBeGreaterThan(150);
    expect(found).toBeGreaterThan(300);
  });

  it('follows a change it is told of: an edit, a booking, a removal', async () => {
    const db = t.database.db;
    const [room] = await db.select().from(rooms).where(and(isNull(rooms.deletedAt), eq(rooms.minNights, 1), eq(rooms.preparationNights, 0)));
    const [guest] = await db.select().from(users).where(eq(users.name, 'Gus Guest'));
    const stay = { from: day(300), to: day(302) };
    await db.update(rooms).set({ title: 'Hidden gem', availableTo: day(400), checkInDays: 0b111_1111, checkOutDays: 0b111_1111, bookingWindowMonths: null }).where(eq(rooms.id, room!.id));
    const titles = async (query: Record<string, string>) =>
      (await index.search({ search: searchOf(roomsQuerySchema.parse({ ...query, limit: '5' })), limit: 5 }))?.page.items.map((r) => r.title);
    // Not told yet: the index still knows the old title.
    expect(await titles({ where: 'hidden gem' })).toEqual([]);
    index.changed(room!.id);
    expect(await titles({ where: 'hidden gem' })).toEqual(['Hidden gem']);
    expect(await titles({ where: 'hidden gem', checkin: stay.from, checkout: stay.to })).toEqual(['Hidden gem']);
    await insertBooking(db, { room: { ...room!, availableTo: day(400) }, guestId: guest!.id, checkIn: stay.from, checkOut: stay.to });
    index.changed(room!.id);
    expect(await titles({ where: 'hidden gem', checkin: stay.from, checkout: stay.to })).toEqual([]);
    await db.update(rooms).set({ deletedAt: new Date() }).where(eq(rooms.id, room!.id));
    index.changed(room!.id);
    expect(await titles({ where: 'hidden gem' })).toEqual([]);
  });

  it("marks a room booked when its stays hold every night left in its window, as the database does", async () => {
    const db = t.database.db;
    const [host] = await db.select().from(users).where(eq(users.name, 'Hana Host'));
    const [guest] = await db.select().from(users).where(eq(users.name, 'Gus Guest'));
    const room = await insertRoom(db, { hostId: host!.id, title: 'Nearly full barn', availableFrom: day(-10), availableTo: day(6) });
    const booked = async () => {
      index.changed(room.id);
      const search = searchOf(roomsQuerySchema.parse({ where: 'nearly full barn', limit: '5' }));
      const mine = (await index.search({ search, limit: 5 }))?.page.items.map((r) => r.booked);
      expect(mine).toEqual((await searchRooms(db, { search, limit: 5 })).page.items.map((r) => r.booked));
      return mine;
    };
    // Nights before today count for nothing; from today the window has six, held two stays at a time.
    await insertBooking(db, { room, guestId: guest!.id, checkIn: day(-8), checkOut: day(-2) });
    await insertBooking(db, { room, guestId: guest!.id, checkIn: day(0), checkOut: day(3) });
    expect(await booked()).toEqual([false]);
    await insertBooking(db, { room, guestId: guest!.id, checkIn: day(4), checkOut: day(6) });
    expect(await booked()).toEqual([false]);
    await insertBooking(db, { room, guestId: guest!.id, checkIn: day(3), checkOut: day(4) });
    expect(await booked()).toEqual([true]);
  });

  it('refuses what each rule refuses at its boundary, as the database does', async () => {
    const db = t.database.db;
    const [host] = await db.select().from(users).where(eq(users.name, 'Hana Host'));
    const titles = async (query: Record<string, string>) => {
      const search = searchOf(roomsQuerySchema.parse({ where: 'boundary', ...query, limit: '5' }));
      const mine = (await index.search({ search, limit: 5 }))?.page.items.map((r) => r.title);
      expect(mine, JSON.stringify(query)).toEqual((await searchRooms(db, { search, limit: 5 })).page.items.map((r) => r.title));
      return mine;
    };
    const room = await insertRoom(db, {
      hostId: host!.id,
      title: 'Boundary house',
      availableFrom: today,
      availableTo: day(200),
      noticeDays: 2,
      maxNights: 5,
      checkOutDays: 0b111_1111,
      bookingWindowMonths: 3,
    });
    index.changed(room.id);
    const stay = (from: number, nights: number) => ({ checkin: day(from), checkout: day(from + nights) });
    // Two days' notice: the day after tomorrow is the first check-in.
    expect(await titles(stay(1, 2))).toEqual([]);
    expect(await titles(stay(2, 2))).toEqual(['Boundary house']);
    // Five nights at most.
    expect(await titles(stay(10, 6))).toEqual([]);
    expect(await titles(stay(10, 5))).toEqual(['Boundary house']);
    // Three months ahead at most.
    const last = nightsBetween(today, addMonthsToDate(today, 3));
    expect(await titles(stay(last + 1, 2))).toEqual([]);
    expect(await titles(stay(last, 2))).toEqual(['Boundary house']);
  });

  it('leaves searches to the database while it reads every room again', async () => {
    index.changed(null);
    expect(await index.search({ search: {}, limit: 5 })).toBeNull();
    await index.start();
    expect(await index.search({ search: {}, limit: 5 })).not.toBeNull();
  });
});

describe.each(TEST_DATABASE_KINDS)('searching with the index on, through the API, on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { SEARCH_INDEX: '1' });
  });
  afterAll(() => t.close());

  const titlesFor = async (query: string) => {
    const res = await t.call('GET', `/api/rooms?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return roomsPageSchema.parse(res.json()).items.map((r) => r.title);
  };

  it('finds a room the moment its host lists it, and loses it the moment a guest books the dates', async () => {
    const host = await t.signUp({ role: 'host' });
    const guest = await t.signUp();
    const listed = await t.call('POST', '/api/room', { as: host, body: await ownRoomBody(t, host, { title: 'Fjord hideaway', location: 'Bergen, Norway' }) });
    expect(listed.statusCode, listed.body).toBe(201);
    const room = roomSchema.parse(listed.json());
    expect(await titlesFor('where=bergen')).toEqual(['Fjord hideaway']);
    const stay = `checkin=${room.from}&checkout=${addDays(room.from, 2)}`;
    expect(await titlesFor(`where=bergen&${stay}`)).toEqual(['Fjord hideaway']);
    await bookStay(t, guest, { roomId: room._id, from: room.from, to: addDays(room.from, 2) });
    expect(await titlesFor(`where=bergen&${stay}`)).toEqual([]);
    expect(await titlesFor('where=bergen')).toEqual(['Fjord hideaway']);
  });

  it('refuses a stay at the calendar\'s end with 400 before the index counts its nights', async () => {
    const host = await t.signUp({ role: 'host' });
    expect((await t.call('POST', '/api/room', { as: host, body: await ownRoomBody(t, host, { title: 'Edge of time' }) })).statusCode).toBe(201);
    expect(await titlesFor('where=edge')).toEqual(['Edge of time']);
    const res = await t.call('GET', '/api/rooms?checkin=9999-12-30&checkout=9999-12-31');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { checkin: 'Check-in can be at most 5 years ahead' } } });
  });
});

describeNeeding(SERVER_DATABASE, 'the search index of two servers on one PostgreSQL database', {}, () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp('postgres', { SEARCH_INDEX: '1' });
    second = await createSecondTestApp(first, { SEARCH_INDEX: '1' });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('hears a room listed or changed on the other server', async () => {
    const titles = async (where: string) => roomsPageSchema.parse((await second.call('GET', `/api/rooms?where=${where}`)).json()).items.map((r) => r.title);
    const host = await insertUser(first.database.db, { role: 'host' });
    expect(await titles('tromso')).toEqual([]);
    const room = await insertRoom(first.database.db, { hostId: host.id, title: 'Northern lights cabin', location: 'Tromsø, Norway' });
    let heard = second.app.listing.nextRemoteInvalidation();
    await first.app.listing.roomsChanged(room.id);
    await heard;
    expect(await titles('tromso')).toEqual(['Northern lights cabin']);
    await first.database.db.update(rooms).set({ title: 'Aurora cabin' }).where(eq(rooms.id, room.id));
    heard = second.app.listing.nextRemoteInvalidation();
    await first.app.listing.roomsChanged(room.id);
    await heard;
    expect(await titles('tromso')).toEqual(['Aurora cabin']);
  });
});
