import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, roomSchema, roomsPageSchema, type CategoryLabel } from '@staybook/domain';
import type { Schema } from '@staybook/client';
import { insertBooking, insertRoom, insertUser } from '../../db/factories.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

describe.each(TEST_DATABASE_KINDS)('rooms API on %s', (kind) => {
  let t: TestApp;
  let all: Awaited<ReturnType<typeof insertRoom>>[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const host = await insertUser(t.database.db, { name: 'Hana Host', email: 'Hana.Host@Example.com', role: 'host', image: '/uploads/h.webp' });
    const other = await insertUser(t.database.db, { name: 'Marco', role: 'host' });
    // Several rooms share a creation time so the id has to break ties for a stable order.
    const base = Date.now();
    all = [];
    for (let i = 0; i < 23; i += 1) {
      const room = await insertRoom(t.database.db, {
        hostId: i % 2 ? other.id : host.id,
        category: CATEGORY_LABELS[i % 4]!,
        title: `Room ${i}`,
        createdAt: new Date(base - Math.floor(i / 3) * 1000),
      });
      all.push(room);
    }
  });
  afterAll(() => t.close());

  /** A page of the search, through the typed client (the contract's `GET /api/rooms`). */
  async function getRooms(query: { category?: CategoryLabel; limit?: number; cursor?: string } = {}): Promise<Schema<'RoomsPage'>> {
    const { data, response } = await t.client().GET('/api/rooms', { params: { query } });
    expect(response.status).toBe(200);
    return roomsPageSchema.parse(data);
  }

  async function pageThrough(query: { category?: CategoryLabel }, limit: number): Promise<Schema<'ListedRoom'>[]> {
    const seen: Schema<'ListedRoom'>[] = [];
    let cursor: string | null = null;
    do {
      const page = await getRooms({ ...query, limit, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  }

  /** One room, through the typed client (the contract's `GET /api/room/{id}`). */
  const getRoom = (id: string, as: TestUser | null = null) => t.client(as).GET('/api/room/{id}', { params: { path: { id } } });

  it("lists every room with the public room fields when no category is given (what only the room's page shows left out)", async () => {
    const page = await getRooms();
    expect(page.items).toHaveLength(23);
    expect(page.nextCursor).toBeNull();
    const room = page.items.find((r) => r.title === 'Room 0')!;
    const pageOnly = ['photos', 'amenities', 'checkInTime', 'checkOutTime', 'houseRules', 'rules', 'serviceFeeBp'];
    expect(Object.keys(room).sort()).toEqual(Object.keys(roomSchema.shape).filter((key) => !pageOnly.includes(key)).sort());
    expect(room).toMatchObject({ price: 120, priceCents: 12_000, booked: false });
    expect(room.host).toEqual({ name: 'Hana Host', image: '/uploads/h.webp' });
  });

  it('lists only the rooms of the category asked for', async () => {
    for (const category of CATEGORY_LABELS.slice(0, 5)) {
      const rooms = await pageThrough({ category }, 60);
      expect(rooms.map((r) => r._id).sort()).toEqual(all.filter((r) => r.category === category).map((r) => r.id).sort());
      expect(rooms.every((r) => r.category === category)).toBe(true);
    }
  });

  it('pages through all rooms in a stable order without repeats or gaps', async () => {
    const whole = await pageThrough({}, 60);
    for (const limit of [1, 4, 7]) {
      const paged = await pageThrough({}, limit);
      expect(paged.map((r) => r._id)).toEqual(whole.map((r) => r._id));
    }
    expect(new Set(whole.map((r) => r._id)).size).toBe(all.length);
    const withinCategory = await pageThrough({ category: CATEGORY_LABELS[1] }, 2);
    expect(withinCategory.map((r) => r._id)).toEqual(
      whole.filter((r) => r.category === CATEGORY_LABELS[1]).map((r) => r._id),
    );
  });

  it('answers 400 with the error shape for a bad category, limit or cursor', async () => {
    for (const query of ['?category=Volcano', '?limit=0', '?limit=1000', '?limit=abc', '?cursor=not-a-cursor', `?cursor=${Buffer.from('["x","y"]').toString('base64url')}`, `?cursor=${Buffer.from(`["+275760-09-13T00:00:00.000Z","${randomUUID()}"]`).toString('base64url')}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/rooms${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    }
  });

  it('answers one room by id, 404 for an unknown id and 400 for a malformed one', async () => {
    const ok = await getRoom(all[0]!.id);
    expect(ok.response.status).toBe(200);
    expect(roomSchema.parse(ok.data)._id).toBe(all[0]!.id);

    const unknown = await getRoom(randomUUID());
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({ error: { code: 'NOT_FOUND', message: expect.stringMatching(/room not found/i) } });

    for (const bad of ['123', 'abc', '64b7f0c2e4b0a1a2b3c4d5e6', `${all[0]!.id}x`]) {
      const res = await getRoom(bad);
      expect(res.response.status, bad).toBe(400);
      expect(res.error?.error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/malformed/i) });
    }
  });

  it('marks a room booked while a confirmed stay in it has not ended', async () => {
    const room = all[5]!;
    const guest = await insertUser(t.database.db, { role: 'guest' });
    const before = (await getRoom(room.id)).data!;
    expect(before.booked).toBe(false);
    await insertBooking(t.database.db, { room, guestId: guest.id, checkIn: before.from, checkOut: before.to });
    // Written behind the app's back (the booking routes tell the listing cache themselves).
    await t.app.listing.staysChanged(room.id);
    expect((await getRoom(room.id)).data!.booked).toBe(true);
  });

  it('leaves removed rooms out of browsing: not listed, and 404 on their page', async () => {
    const host = await insertUser(t.database.db, { role: 'host' });
    const removed = await insertRoom(t.database.db, { hostId: host.id, category: 'Arctic', deletedAt: new Date() });
    const listed = await getRooms({ category: 'Arctic', limit: 60 });
    expect(listed.items.map((r) => r._id)).not.toContain(removed.id);
    const page = await getRoom(removed.id);
    expect(page.response.status).toBe(404);
    expect(page.error?.error.code).toBe('NOT_FOUND');
  });

  describe("the host's e-mail", () => {
    const hana = { name: 'Hana Host', image: '/uploads/h.webp' };
    // Room 0 and Room 2 are Hana's, Room 1 is Marco's.
    const roomOf = (title: string) => all[Number(title.split(' ')[1])]!;

    async function hostSeenBy(as: TestUser | null, title: string) {
      const { data, response } = await getRoom(roomOf(title).id, as);
      expect(response.status).toBe(200);
      // Every viewer sees the host's id (a public uuid, by which the page knows its own host).
      const { id, ...host } = roomSchema.parse(data).host;
      expect(id).toBe(roomOf(title).hostId);
      return { host, cacheControl: response.headers.get('cache-control') };
    }

    it('is never in the public list, whoever asks', async () => {
      const admin = await t.signUp({ role: 'admin' });
      for (const as of [null, admin]) {
        const res = await t.call('GET', '/api/rooms?limit=60', { as });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('hana.host@example.com');
        for (const room of roomsPageSchema.parse(res.json()).items) expect(Object.keys(room.host).sort()).toEqual(['image', 'name']);
      }
    });

    it('is hidden from visitors and from guests without a booking with that host', async () => {
      expect(await hostSeenBy(null, 'Room 0')).toEqual({ host: hana, cacheControl: 'no-cache' });
      const guest = await t.signUp();
      expect(await hostSeenBy(guest, 'Room 0')).toEqual({ host: hana, cacheControl: 'no-store' });
      const host = await t.signUp({ role: 'host' });
      expect((await hostSeenBy(host, 'Room 0')).host).toEqual(hana);
    });

    it("is shown to a guest with a booking of any of the host's rooms, in any status, and to admins", async () => {
      const guest = await t.signUp();
      await insertBooking(t.database.db, { room: roomOf('Room 2'), guestId: guest.id, checkIn: '2031-01-01', checkOut: '2031-01-03', status: 'cancelled' });
      expect(await hostSeenBy(guest, 'Room 0')).toEqual({ host: { ...hana, email: 'hana.host@example.com' }, cacheControl: 'no-store' });
      // A booking with Hana says nothing about Marco.
      expect((await hostSeenBy(guest, 'Room 1')).host).toEqual({ name: 'Marco', image: null });

      const admin = await t.signUp({ role: 'admin' });
      expect(await hostSeenBy(admin, 'Room 0')).toEqual({ host: { ...hana, email: 'hana.host@example.com' }, cacheControl: 'no-store' });
    });

    it('is shown to the host on their own room, so the page knows it is theirs', async () => {
      const host = await t.signUp({ role: 'host', name: 'Olga Owner' });
      const room = await insertRoom(t.database.db, { hostId: host.id });
      const { data } = await getRoom(room.id, host);
      expect(roomSchema.parse(data).host).toEqual({ id: host.id, name: 'Olga Owner', image: expect.any(String), email: host.email });
    });
  });

  it('answers JSON 404 for unknown API paths and serves the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', database: kind });
  });
});
