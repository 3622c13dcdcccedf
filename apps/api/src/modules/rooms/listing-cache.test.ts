import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, roomSchema, roomsPageSchema, todayIso } from '@staybook/domain';
import { bookStay } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { describeNeeding, SERVER_DATABASE } from '../../test/needs.js';
import { listRoom, roomBody } from '../../test/rooms.js';
import { createSecondTestApp, createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import type { ChannelHandlers } from '../../db/listen.js';
import { createListingCache, type Computed } from './listing-cache.js';

const today = todayIso();

/** What a visitor sees: the list (all rooms and the room's category) and the room's page. */
async function visitorSees(t: TestApp, roomId: string) {
  const all = roomsPageSchema.parse((await t.call('GET', '/api/rooms?limit=60')).json()).items;
  const lake = roomsPageSchema.parse((await t.call('GET', '/api/rooms?category=Lake&limit=60')).json()).items;
  const page = await t.call('GET', `/api/room/${roomId}`);
  return {
    inList: all.find((r) => r._id === roomId) ?? null,
    inLake: lake.find((r) => r._id === roomId) ?? null,
    page: page.statusCode === 200 ? roomSchema.parse(page.json()) : page.statusCode,
  };
}

describe.each(TEST_DATABASE_KINDS)('the listing cache on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    host = await t.signUp({ role: 'host', name: 'Hana Host' });
    guest = await t.signUp({ name: 'Gina Guest' });
  });
  afterAll(() => t.close());

  it('keeps a visitor’s answers: the same bytes and ETag again, 304 when the client has them', async () => {
    await listRoom(t, host);
    const first = await t.call('GET', '/api/rooms');
    const again = await t.call('GET', '/api/rooms');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    expect(t.app.listing.stats().entries).toBeGreaterThan(0);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('Accept-Encoding');

    const unchanged = await t.call('GET', '/api/rooms', { headers: { 'if-none-match': first.headers.etag! } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(first.headers.etag);
    const other = await t.call('GET', '/api/rooms', { headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });

  it('sends br or gzip to clients that take them, each with its own ETag, and plain JSON otherwise', async () => {
    const plain = await t.call('GET', '/api/rooms', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.call('GET', '/api/rooms', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.call('GET', '/api/rooms', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const notBr = await t.call('GET', '/api/rooms', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(notBr.headers['content-encoding']).toBe('gzip');
    const revalidated = await t.call('GET', '/api/rooms', { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('compresses the other API answers too when the client takes it', async () => {
    for (let i = 0; i < 6; i += 1) await listRoom(t, host, { description: `A long description, number ${i}. `.repeat(20) });
    const res = await t.call('GET', '/api/my-listings?limit=60', { as: host, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(roomsPageSchema.parse(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).items.length).toBeGreaterThan(6);
  });

  it('never keeps or shares a signed-in viewer’s room answer', async () => {
    const room = await listRoom(t, host);
    const own = await t.call('GET', `/api/room/${room._id}`, { as: host });
    expect(roomSchema.parse(own.json()).host.email).toBe(host.email);
    expect(own.headers['cache-control']).toBe('no-store');
    const visitor = await t.call('GET', `/api/room/${room._id}`);
    expect(roomSchema.parse(visitor.json()).host.email).toBeUndefined();
    expect(visitor.headers['cache-control']).toBe('no-cache');
  });

  describe('every write a visitor would see is seen at once', () => {
    it('a new room', async () => {
      await visitorSees(t, randomUUID());
      const room = await listRoom(t, host);
      const seen = await visitorSees(t, room._id);
      expect(seen.inList?.title).toBe(room.title);
      expect(seen.inLake?.title).toBe(room.title);
      expect(seen.page).toEqual({ ...room, host: { id: host.id, name: 'Hana Host', image: room.host.image } });
    });

    it('an edited room', async () => {
      const room = await listRoom(t, host);
      expect((await visitorSees(t, room._id)).inList?.title).toBe('Cabin by the lake');
      const res = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: roomBody({ title: 'Renamed cabin', category: 'Beach', image: room.image }) });
      expect(res.statusCode, res.body).toBe(200);
      const seen = await visitorSees(t, room._id);
      expect(seen.inList?.title).toBe('Renamed cabin');
      expect(seen.inLake).toBeNull();
      expect(seen.page).toMatchObject({ title: 'Renamed cabin', category: 'Beach' });
    });

    it('a removed room', async () => {
      const room = await listRoom(t, host);
      expect((await visitorSees(t, room._id)).page).toMatchObject({ _id: room._id });
      expect((await t.call('DELETE', `/api/room/${room._id}`, { as: host })).statusCode).toBe(200);
      expect(await visitorSees(t, room._id)).toEqual({ inList: null, inLake: null, page: 404 });
    });

    it('a booking that takes the last free nights, and its cancellation', async () => {
      const room = await listRoom(t, host);
      expect((await visitorSees(t, room._id)).page).toMatchObject({ booked: false });
      const booking = await bookStay(t, guest, { roomId: room._id, from: room.from, to: room.to });
      const booked = await visitorSees(t, room._id);
      expect([booked.inList?.booked, booked.inLake?.booked, booked.page]).toEqual([true, true, expect.objectContaining({ booked: true })]);
      expect((await t.call('DELETE', `/api/booking/${booking._id}`, { as: guest })).statusCode).toBe(200);
      const free = await visitorSees(t, room._id);
      expect([free.inList?.booked, free.inLake?.booked, free.page]).toEqual([false, false, expect.objectContaining({ booked: false })]);
    });

    it("a host's new name", async () => {
      const room = await listRoom(t, host);
      expect((await visitorSees(t, room._id)).inList?.host.name).toBe('Hana Host');
      const res = await t.call('POST', '/api/auth/update-user', { as: host, body: { name: 'Hana Renamed' } });
      expect(res.statusCode, res.body).toBe(200);
      const seen = await visitorSees(t, room._id);
      expect([seen.inList?.host.name, seen.inLake?.host.name, seen.page]).toEqual([
        'Hana Renamed',
        'Hana Renamed',
        expect.objectContaining({ host: { id: host.id, name: 'Hana Renamed', image: expect.any(String) } }),
      ]);
    });
  });
});

describeNeeding(SERVER_DATABASE, 'two app instances on one PostgreSQL database', {}, () => {
  let a: TestApp;
  let b: TestApp;
  let host: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createSecondTestApp(a);
    host = await a.signUp({ role: 'host', name: 'Hana Host' });
    guest = await a.signUp({ name: 'Gina Guest' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Runs a write through `a` and answers once `b` has heard of it (NOTIFY reaches it after the commit). */
  async function throughA<T>(write: () => Promise<T>): Promise<T> {
    const heard = b.app.listing.nextRemoteInvalidation();
    const result = await write();
    await heard;
    return result;
  }

  it('a room listed, edited, booked and removed through one is fresh on the other', async () => {
    expect(b.app.listing.stats().listening).toBe(true);
    const room = await throughA(() => listRoom(a, host));
    expect((await visitorSees(b, room._id)).inList?.title).toBe(room.title);
    // Kept by b now; a's edit must reach it.
    expect((await visitorSees(b, room._id)).page).toMatchObject({ title: room.title });
    await throughA(() => a.call('PUT', `/api/room/update/${room._id}`, { as: host, body: roomBody({ title: 'Edited on a', image: room.image }) }));
    const edited = await visitorSees(b, room._id);
    expect([edited.inList?.title, edited.page]).toEqual(['Edited on a', expect.objectContaining({ title: 'Edited on a' })]);

    const booking = await throughA(() => bookStay(a, guest, { roomId: room._id, from: room.from, to: room.to }));
    expect((await visitorSees(b, room._id)).page).toMatchObject({ booked: true });
    await throughA(() => a.call('DELETE', `/api/booking/${booking._id}`, { as: guest }));
    expect((await visitorSees(b, room._id)).page).toMatchObject({ booked: false });

    await throughA(() => a.call('DELETE', `/api/room/${room._id}`, { as: host }));
    expect(await visitorSees(b, room._id)).toEqual({ inList: null, inLake: null, page: 404 });
  });

  it('keeps its answers at the version check when it heard every change, and drops them for a change it missed', async () => {
    const room = await throughA(() => listRoom(a, host));
    await a.app.listing.checkVersion();
    await b.app.listing.checkVersion();
    // A guest's booking through a: both servers heard it (a its own notice), so neither check forgets anything again.
    await throughA(() => bookStay(a, guest, { roomId: room._id, from: room.from, to: room.to }));
    expect((await visitorSees(b, room._id)).page).toMatchObject({ booked: true });
    const kept = b.app.listing.stats().entries;
    expect(kept).toBeGreaterThan(0);
    await a.app.listing.checkVersion();
    await b.app.listing.checkVersion();
    expect(b.app.listing.stats().entries).toBe(kept);

    // A change logged without its notice (as when a connection drops at the wrong moment): the check forgets it.
    await a.database.db.execute(sql`insert into listing_changes (room_id) values (${room._id})`);
    await b.app.listing.checkVersion();
    expect(b.app.listing.stats().entries).toBe(0);
  });
});

describe('the cache itself', () => {
  const log = { error: vi.fn(), warn: vi.fn() } as never;
  const database = { db: {} as never };
  afterEach(() => vi.useRealTimers());

  function counting() {
    let calls = 0;
    return {
      get calls() {
        return calls;
      },
      run: async () => {
        calls += 1;
        return { body: JSON.stringify({ n: calls }), roomIds: ['r1'] };
      },
    };
  }

  it('does not keep an answer computed while a change happened', async () => {
    const cache = createListingCache({ database, log });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.answer('k', async () => {
      await gate;
      return { body: '"old"', roomIds: [] };
    });
    await cache.roomsChanged();
    release();
    expect((await slow).identity.body.toString()).toBe('"old"');
    expect(cache.stats().entries).toBe(0);
    const fresh = await cache.answer('k', async () => ({ body: '"new"', roomIds: [] }));
    expect(fresh.identity.body.toString()).toBe('"new"');
  });

  it('shares one computation between requests that miss together, and drops only the answers showing a booked room', async () => {
    const cache = createListingCache({ database, log });
    const count = counting();
    const [x, y] = await Promise.all([cache.answer('k', count.run), cache.answer('k', count.run)]);
    expect(x).toBe(y);
    expect(count.calls).toBe(1);
    await cache.answer('other', async () => ({ body: '1', roomIds: ['r2'] }));
    await cache.staysChanged('r1');
    expect(cache.stats().entries).toBe(1);
    await cache.answer('k', count.run);
    expect(count.calls).toBe(2);
  });

  it("keeps a search's answer from the second time its key is asked, and makes the first at the fast compression", async () => {
    const cache = createListingCache({ database, log });
    const count = counting();
    const search = () => cache.answer('search', count.run, { searched: true });
    const first = await search();
    expect(first.key).toBe('');
    expect(cache.stats().entries).toBe(0);
    const second = await search();
    expect(second.key).toBe('search');
    expect(cache.stats().entries).toBe(1);
    expect(await search()).toBe(second);
    expect(count.calls).toBe(2);
    // The marketplace's own first page is kept from its first time.
    await cache.answer('first page', count.run);
    expect(cache.stats().entries).toBe(2);
  });

  /** A dated search, 'Top rated' and a plain list, all showing room r1; `kept` answers which are still kept. */
  function threeAnswers(cache: ReturnType<typeof createListingCache>) {
    const answers: Record<string, Computed> = {
      dated: { body: '1', roomIds: ['r1'], anyStay: true },
      'top-rated': { body: '2', roomIds: ['r1'], anyRating: true },
      plain: { body: '3', roomIds: ['r1'] },
    };
    // Each is asked for again, which fills the cache back up.
    return async () => {
      const found: string[] = [];
      for (const [key, answer] of Object.entries(answers)) {
        let computed = false;
        await cache.answer(key, async () => ((computed = true), answer));
        if (!computed) found.push(key);
      }
      return found;
    };
  }

  it("drops a dated search on a stay change in any room, 'Top rated' on a rating change in any room, and each only on its own", async () => {
    const cache = createListingCache({ database, log });
    const kept = threeAnswers(cache);
    expect(await kept()).toEqual([]);
    expect(await kept()).toEqual(['dated', 'top-rated', 'plain']);
    // A booking elsewhere: only the dated search could have changed.
    cache.forget('r9');
    expect(await kept()).toEqual(['top-rated', 'plain']);
    // A review published elsewhere: only the order by rating could have changed.
    cache.forget('r9', 'rating');
    expect(await kept()).toEqual(['dated', 'plain']);
    // Either change in a room an answer shows drops that answer.
    cache.forget('r1', 'rating');
    expect(await kept()).toEqual([]);
  });

  it("hears the same from another server: its notice names a room's stays or its rating", async () => {
    let handlers!: ChannelHandlers;
    const shared = {
      db: { execute: async () => ({ rows: [{ version: '0:0' }] }) } as never,
      listen: async (_channel: string, given: ChannelHandlers) => {
        handlers = given;
        given.ready();
        return { close: async () => {} };
      },
    };
    const cache = createListingCache({ database: shared, log });
    await cache.start();
    try {
      const kept = threeAnswers(cache);
      await kept();
      handlers.message('another-server room:r9');
      expect(await kept()).toEqual(['top-rated', 'plain']);
      handlers.message('another-server rating:r9');
      expect(await kept()).toEqual(['dated', 'plain']);
      handlers.message('another-server *');
      expect(await kept()).toEqual([]);
    } finally {
      await cache.stop();
    }
  });

  it('keeps an answer for the day it was computed on only (booked counts nights from today)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${today}T23:59:00Z`));
    const cache = createListingCache({ database, log });
    const count = counting();
    await cache.answer('k', count.run);
    await cache.answer('k', count.run);
    expect(count.calls).toBe(1);
    vi.setSystemTime(new Date(`${addDays(today, 1)}T00:00:01Z`));
    await cache.answer('k', count.run);
    expect(count.calls).toBe(2);
  });

  it("keeps an answer until midnight where its rooms are: a Sydney room's `booked` changes at Sydney's midnight", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 12:50 UTC on 14 January is 23:50 in Sydney (UTC+11 in summer) and 12:50 in Lisbon.
    vi.setSystemTime(new Date('2027-01-14T12:50:00Z'));
    const cache = createListingCache({ database, log });
    let calls = 0;
    const run = async () => {
      calls += 1;
      return { body: String(calls), roomIds: ['lisbon', 'sydney'], timeZones: ['Europe/Lisbon', 'Australia/Sydney'] };
    };
    await cache.answer('page', run);
    vi.setSystemTime(new Date('2027-01-14T12:59:59Z'));
    await cache.answer('page', run);
    expect(calls).toBe(1);
    // Midnight in Sydney: the page is made again, though it is the same day in UTC and in Lisbon.
    vi.setSystemTime(new Date('2027-01-14T13:00:01Z'));
    await cache.answer('page', run);
    expect(calls).toBe(2);
    // Then it lasts until the next midnight among its rooms' zones: Lisbon's.
    vi.setSystemTime(new Date('2027-01-14T23:59:59Z'));
    await cache.answer('page', run);
    expect(calls).toBe(2);
    vi.setSystemTime(new Date('2027-01-15T00:00:01Z'));
    await cache.answer('page', run);
    expect(calls).toBe(3);
  });

  it('keeps an answer that says until when it holds no longer than that (a same-day booking cut-off)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-14T12:50:10Z'));
    const cache = createListingCache({ database, log });
    let calls = 0;
    const run = async () => {
      calls += 1;
      return { body: String(calls), roomIds: [], timeZones: ['Europe/Lisbon'], keepUntil: Date.parse('2027-01-14T12:51:00Z') };
    };
    await cache.answer('today', run);
    vi.setSystemTime(new Date('2027-01-14T12:50:59Z'));
    await cache.answer('today', run);
    expect(calls).toBe(1);
    vi.setSystemTime(new Date('2027-01-14T12:51:00Z'));
    await cache.answer('today', run);
    expect(calls).toBe(2);
  });

  it('evicts the least recently used answers beyond its size', async () => {
    const cache = createListingCache({ database, log, maxBytes: 25 });
    for (const key of ['a', 'b', 'c']) await cache.answer(key, async () => ({ body: '"1234567890"', roomIds: [] }));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 24 });
  });
});
