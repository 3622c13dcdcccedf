import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, latestAvailabilityEnd, roomSchema, roomsPageSchema, storedImageUrl, todayIso, type Room } from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { bookings, payments, rooms, uploads } from '../../db/schema.js';
import { createLocalImageStore, localUploadsDir } from '../../integrations/images/image-store.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { listRoom as listRoomThroughApi, ownRoomBody, roomBody } from '../../test/rooms.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

const SIGN_IN = { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } };
const WRONG_ROLE = { error: { code: 'FORBIDDEN', message: 'You do not have the role this needs.' } };
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Room not found. It may have been removed by its host.' } };

function validationError(field: string, message: string) {
  return { error: { code: 'VALIDATION_FAILED', message: `${field}: ${message}`, fields: { [field]: message } } };
}

describe.each(TEST_DATABASE_KINDS)('hosting API on %s', (kind) => {
  let t: TestApp;
  let guest: TestUser;
  let host: TestUser;
  let otherHost: TestUser;
  let admin: TestUser;
  const today = todayIso();

  beforeAll(async () => {
    t = await createTestApp(kind);
    [guest, host, otherHost, admin] = [
      await t.signUp({ name: 'Gina Guest' }),
      await t.signUp({ role: 'host', name: 'Hana Host' }),
      await t.signUp({ role: 'host', name: 'Otto Other' }),
      await t.signUp({ role: 'admin', name: 'Ada Admin' }),
    ];
  });
  afterAll(() => t.close());

  /** A room listed through the API by `owner`. */
  const listRoom = (owner: TestUser, overrides: Record<string, unknown> = {}) => listRoomThroughApi(t, owner, overrides);

  async function roomRow(id: string) {
    const [row] = await t.database.db.select().from(rooms).where(eq(rooms.id, id));
    return row;
  }

  async function browse(query = ''): Promise<string[]> {
    const res = await t.call('GET', `/api/rooms?limit=60${query}`);
    return roomsPageSchema.parse(res.json()).items.map((r) => r._id);
  }

  describe('POST /api/room', () => {
    it('answers 401 to a visitor and 403 to guests and admins, creating nothing', async () => {
      const before = await t.database.db.select({ id: rooms.id }).from(rooms);
      const visitor = await t.call('POST', '/api/room', { body: roomBody() });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(SIGN_IN);
      for (const user of [guest, admin]) {
        const res = await t.call('POST', '/api/room', { as: user, body: roomBody() });
        expect(res.statusCode, user.role).toBe(403);
        expect(res.json()).toEqual(WRONG_ROLE);
      }
      // Who is asking comes before what they sent.
      expect((await t.call('POST', '/api/room', { body: { price: 'x' } })).json()).toEqual(SIGN_IN);
      expect((await t.call('POST', '/api/room', { as: guest, body: { price: 'x' } })).json()).toEqual(WRONG_ROLE);
      expect(await t.database.db.select({ id: rooms.id }).from(rooms)).toEqual(before);
    });

    it('lists the room for the signed-in host, whatever host the body names, first on the home page in its category', async () => {
      const res = await t.call('POST', '/api/room', {
        as: host,
        body: await ownRoomBody(t, host, {
          title: '  Spoofed? ',
          category: 'Castles',
          host: { name: 'Otto Other', email: otherHost.email, image: null },
          hostId: otherHost.id,
          host_id: otherHost.id,
          _id: randomUUID(),
          booked: true,
        }),
      });
      expect(res.statusCode).toBe(201);
      const room = roomSchema.parse(res.json());
      expect(room).toMatchObject({
        title: 'Spoofed?',
        location: 'Hallstatt, Austria',
        category: 'Castles',
        price: 150.5,
        priceCents: 15_050,
        guests: 4,
        bedrooms: 2,
        bathrooms: 1,
        booked: false,
        host: { name: 'Hana Host' },
      });
      expect((await roomRow(room._id))!.hostId).toBe(host.id);
      expect((await browse())[0]).toBe(room._id);
      expect(await browse('&category=Castles')).toEqual([room._id]);
      expect(await browse('&category=Lake')).not.toContain(room._id);
    });

    it('refuses an image from anywhere but our own uploads, with the field message', async () => {
      for (const image of ['https://tracker.example/pixel.gif', '/uploads/placeholder.webp', `/uploads/${randomUUID()}-320w.webp`, '']) {
        const res = await t.call('POST', '/api/room', { as: host, body: roomBody({ image }) });
        expect(res.statusCode, image).toBe(400);
        expect(res.json()).toEqual(
          validationError('image', image === '' ? 'Please upload a photo of the room' : 'Please upload the photo here; pictures from other sites are not accepted'),
        );
      }
    });

    it('answers every limit with its field message, and accepts the values at the limits', async () => {
      const refused: [Record<string, unknown>, string, string][] = [
        [{ title: undefined }, 'title', 'Title is required'],
        [{ title: '   ' }, 'title', 'Title is required'],
        [{ title: 'T'.repeat(121) }, 'title', 'Title must be at most 120 characters'],
        [{ location: '' }, 'location', 'Location is required'],
        [{ location: 'L'.repeat(121) }, 'location', 'Location must be at most 120 characters'],
        [{ category: 'Volcano' }, 'category', 'Please choose a category'],
        [{ description: 'D'.repeat(5001) }, 'description', 'Description must be at most 5,000 characters'],
        [{ price: undefined }, 'price', 'Price is required'],
        [{ price: 'cheap' }, 'price', 'Price must be a number'],
        [{ price: 0.99 }, 'price', 'Price must be at least $1'],
        [{ price: '100000.01' }, 'price', 'Price must be at most $100,000'],
        [{ price: 10.999 }, 'price', 'Price can have at most two decimals'],
        [{ guests: 0 }, 'guests', 'The number of guests must be at least 1'],
        [{ guests: 51 }, 'guests', 'The number of guests must be at most 50'],
        [{ guests: 1.5 }, 'guests', 'The number of guests must be a whole number'],
        [{ total_guest: 3, guests: undefined }, 'guests', 'Please enter the number of guests'],
        [{ bedrooms: 0 }, 'bedrooms', 'The number of bedrooms must be at least 1'],
        [{ bedrooms: 51 }, 'bedrooms', 'The number of bedrooms must be at most 50'],
        [{ bathrooms: 0 }, 'bathrooms', 'The number of bathrooms must be at least 1'],
        [{ bathrooms: 51 }, 'bathrooms', 'The number of bathrooms must be at most 50'],
        [{ from: addDays(today, -1) }, 'from', 'Availability cannot start before today'],
        [{ from: '2027-02-30' }, 'from', 'Please enter a date as YYYY-MM-DD'],
        [{ from: addDays(today, 3), to: addDays(today, 3) }, 'to', 'Availability must end after it starts'],
        [{ from: '2030-04-01', to: '2032-04-02' }, 'to', 'Availability can be at most two years long'],
      ];
      for (const [overrides, field, message] of refused) {
        const res = await t.call('POST', '/api/room', { as: otherHost, body: roomBody(overrides) });
        expect(res.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
        expect(res.json()).toEqual(validationError(field, message));
      }

      const atLimits = await listRoom(otherHost, {
        title: 'T'.repeat(120),
        location: 'L'.repeat(120),
        description: 'D'.repeat(5000),
        price: 100_000,
        guests: 50,
        bedrooms: '50',
        bathrooms: 50,
        from: today,
        to: latestAvailabilityEnd(today),
      });
      expect(atLimits).toMatchObject({ priceCents: 10_000_000, guests: 50, bedrooms: 50, bathrooms: 50, from: today, to: latestAvailabilityEnd(today) });
      expect(await listRoom(otherHost, { price: 1, guests: 1, bedrooms: 1, bathrooms: 1, from: '2030-04-01', to: '2032-04-01' })).toMatchObject({
        price: 1,
        priceCents: 100,
        from: '2030-04-01',
        to: '2032-04-01',
      });
    });

    it('limits each host to 30 new rooms an hour', async () => {
      const busy = await t.signUp({ role: 'host' });
      for (let i = 0; i < 30; i += 1) await listRoom(busy);
      const res = await t.call('POST', '/api/room', { as: busy, body: await ownRoomBody(t, busy) });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) },
      });
      // Another host from the same address is not held back.
      const fresh = await t.signUp({ role: 'host' });
      expect((await t.call('POST', '/api/room', { as: fresh, body: await ownRoomBody(t, fresh) })).statusCode).toBe(201);
    });
  });

  describe('GET /api/my-listings', () => {
    let lister: TestUser;
    let mine: Room[];

    beforeAll(async () => {
      lister = await t.signUp({ role: 'host', email: 'Lister.Host@Example.com' });
      mine = [];
      for (let i = 0; i < 5; i += 1) mine.unshift(await listRoom(lister, { title: `Mine ${i}` }));
      await listRoom(otherHost, { title: 'Not mine' });
      const removed = await listRoom(lister, { title: 'Removed' });
      expect((await t.call('DELETE', `/api/room/${removed._id}`, { as: lister })).statusCode).toBe(200);
    });

    async function pageThrough(path: string, limit: number): Promise<string[]> {
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await t.call('GET', `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { as: lister });
        expect(res.statusCode).toBe(200);
        const page = roomsPageSchema.parse(res.json());
        titles.push(...page.items.map((r) => r.title));
        cursor = page.nextCursor;
      } while (cursor);
      return titles;
    }

    it("answers the host's own live rooms, newest first, a page at a time", async () => {
      const expected = mine.map((r) => r.title);
      expect(expected).toEqual(['Mine 4', 'Mine 3', 'Mine 2', 'Mine 1', 'Mine 0']);
      expect(await pageThrough('/api/my-listings', 60)).toEqual(expected);
      expect(await pageThrough('/api/my-listings', 2)).toEqual(expected);
      expect(await pageThrough(`/api/my-listings/${lister.email}`, 3)).toEqual(expected);
      expect(await pageThrough('/api/my-listings/LISTER.HOST@example.com', 60)).toEqual(expected);
    });

    it("answers 403 for another host's e-mail, 401 to a visitor and 403 to guests and admins", async () => {
      const other = await t.call('GET', `/api/my-listings/${otherHost.email}`, { as: lister });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You can only see your own listings.' } });
      for (const path of ['/api/my-listings', `/api/my-listings/${lister.email}`]) {
        const visitor = await t.call('GET', path);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.json()).toEqual(SIGN_IN);
        for (const user of [guest, admin]) {
          const res = await t.call('GET', path.replace(lister.email, user.email), { as: user });
          expect(res.statusCode, `${user.role} ${path}`).toBe(403);
          expect(res.json()).toEqual(WRONG_ROLE);
        }
      }
    });

    it('answers 400 for a cursor it did not make', async () => {
      const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
      for (const cursor of ['not-a-cursor', forged(['2026-02-30', randomUUID()]), forged(['2026-11', randomUUID()])]) {
        const res = await t.call('GET', `/api/my-listings?cursor=${cursor}`, { as: lister });
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json()).toEqual({
          error: { code: 'VALIDATION_FAILED', message: 'The page cursor is not valid; start again from the first page.', fields: { cursor: 'Invalid cursor' } },
        });
      }
    });
  });

  describe('PUT /api/room/update/:id', () => {
    it('answers 401 to a visitor and 403 to guests, other hosts and admins, changing nothing', async () => {
      const room = await listRoom(host);
      const change = roomBody({ title: 'Taken over' });
      const visitor = await t.call('PUT', `/api/room/update/${room._id}`, { body: change });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(SIGN_IN);
      for (const [user, body] of [
        [guest, WRONG_ROLE],
        [admin, WRONG_ROLE],
        [otherHost, { error: { code: 'FORBIDDEN', message: 'Only the host of this room can change it.' } }],
      ] as const) {
        const res = await t.call('PUT', `/api/room/update/${room._id}`, { as: user, body: change });
        expect(res.statusCode, user.role).toBe(403);
        expect(res.json()).toEqual(body);
      }
      // Another host hears that the room is not theirs, not what was wrong with what they sent.
      for (const bad of [{}, { ...change, price: -1 }, [change]]) {
        const res = await t.call('PUT', `/api/room/update/${room._id}`, { as: otherHost, body: bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(403);
      }
      expect((await t.call('PUT', `/api/room/update/${randomUUID()}`, { as: otherHost, body: {} })).statusCode).toBe(404);
      expect((await t.call('PUT', '/api/room/update/not-a-uuid', { as: otherHost, body: change })).statusCode).toBe(400);
      expect((await roomRow(room._id))!.title).toBe('Cabin by the lake');
    });

    it("replaces the owner's room with what the form sends; the host stays the owner", async () => {
      const room = await listRoom(host);
      const body = await ownRoomBody(t, host, {
        title: 'Cabin, renovated',
        location: 'Gosau, Austria',
        category: 'Countryside',
        from: addDays(today, 10),
        to: addDays(today, 20),
        price: 99.99,
        guests: '6',
        bedrooms: 3,
        bathrooms: 2,
        description: 'New kitchen.',
        host: { name: 'Otto Other', email: otherHost.email },
        hostId: otherHost.id,
      });
      const res = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body });
      expect(res.statusCode).toBe(200);
      expect(roomSchema.parse(res.json())).toEqual({
        ...room,
        title: 'Cabin, renovated',
        location: 'Gosau, Austria',
        category: 'Countryside',
        from: addDays(today, 10),
        to: addDays(today, 20),
        price: 99.99,
        priceCents: 9999,
        guests: 6,
        bedrooms: 3,
        bathrooms: 2,
        description: 'New kitchen.',
        image: body.image,
        photos: [body.image],
      });
      expect((await roomRow(room._id))!.hostId).toBe(host.id);
      expect((await t.call('GET', `/api/room/${room._id}`)).json()).toMatchObject({ title: 'Cabin, renovated', priceCents: 9999 });
    });

    it('answers 404 for an unknown or removed room and 400 for a malformed id or a bad field', async () => {
      const unknown = await t.call('PUT', `/api/room/update/${randomUUID()}`, { as: host, body: roomBody() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(NOT_FOUND);
      const removed = await listRoom(host);
      expect((await t.call('DELETE', `/api/room/${removed._id}`, { as: host })).statusCode).toBe(200);
      const gone = await t.call('PUT', `/api/room/update/${removed._id}`, { as: host, body: roomBody() });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual(NOT_FOUND);
      const malformed = await t.call('PUT', '/api/room/update/123', { as: host, body: roomBody() });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual(validationError('id', 'Room id is malformed'));
      const room = await listRoom(host);
      const outside = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: roomBody({ image: 'https://elsewhere.example/a.jpg' }) });
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toEqual(validationError('image', 'Please upload the photo here; pictures from other sites are not accepted'));
    });

    it('lets a window that has begun keep its start, but never move it into the past', async () => {
      const row = await insertRoom(t.database.db, { hostId: host.id, availableFrom: addDays(today, -10), availableTo: addDays(today, 20), image: storedImageUrl(randomUUID()) });
      const keep = await t.call('PUT', `/api/room/update/${row.id}`, {
        as: host,
        body: roomBody({ from: row.availableFrom, to: addDays(today, 30), image: row.image }),
      });
      expect(keep.statusCode).toBe(200);
      expect(keep.json()).toMatchObject({ from: row.availableFrom, to: addDays(today, 30) });
      const earlier = await t.call('PUT', `/api/room/update/${row.id}`, {
        as: host,
        body: roomBody({ from: addDays(today, -5), to: addDays(today, 30), image: row.image }),
      });
      expect(earlier.statusCode).toBe(400);
      expect(earlier.json()).toEqual(validationError('from', 'Availability cannot start before today'));
    });

    it('refuses to leave a confirmed stay outside the window, naming its dates; a cancelled or past one does not count', async () => {
      const row = await insertRoom(t.database.db, { hostId: host.id, availableFrom: '2027-01-01', availableTo: '2027-02-01', image: storedImageUrl(randomUUID()) });
      const stay = await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: '2027-01-05', checkOut: '2027-01-08' });
      const base = { image: row.image };
      for (const [from, to] of [
        ['2027-01-06', '2027-02-01'],
        ['2027-01-01', '2027-01-07'],
        ['2027-01-09', '2027-02-01'],
      ]) {
        const res = await t.call('PUT', `/api/room/update/${row.id}`, { as: host, body: roomBody({ ...base, from, to }) });
        expect(res.statusCode, `${from}..${to}`).toBe(409);
        expect(res.json()).toEqual({
          error: { code: 'CONFLICT', message: 'A confirmed stay from Jan 5, 2027 to Jan 8, 2027 falls outside the new dates.' },
        });
      }
      await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: '2027-01-20', checkOut: '2027-01-25' });
      const both = await t.call('PUT', `/api/room/update/${row.id}`, { as: host, body: roomBody({ ...base, from: '2027-01-10', to: '2027-01-15' }) });
      expect(both.statusCode).toBe(409);
      expect(both.json()).toEqual({
        error: { code: 'CONFLICT', message: '2 confirmed stays fall outside the new dates; the first is from Jan 5, 2027 to Jan 8, 2027.' },
      });
      expect((await roomRow(row.id))!).toMatchObject({ availableFrom: '2027-01-01', availableTo: '2027-02-01' });

      // Shrinking to the stays' own edges is allowed: check-out is exclusive.
      const tight = await t.call('PUT', `/api/room/update/${row.id}`, { as: host, body: roomBody({ ...base, from: '2027-01-05', to: '2027-01-25' }) });
      expect(tight.statusCode).toBe(200);

      await t.database.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, stay.booking.id));
      const afterCancel = await t.call('PUT', `/api/room/update/${row.id}`, { as: host, body: roomBody({ ...base, from: '2027-01-10', to: '2027-01-25' }) });
      expect(afterCancel.statusCode).toBe(200);
      expect(afterCancel.json()).toMatchObject({ from: '2027-01-10', to: '2027-01-25' });

      // A stay that has ended holds nothing; one in progress keeps the window's start where it is.
      const started = await insertRoom(t.database.db, { hostId: host.id, availableFrom: addDays(today, -20), availableTo: addDays(today, 20), image: storedImageUrl(randomUUID()) });
      await insertBooking(t.database.db, { room: started, guestId: guest.id, checkIn: addDays(today, -15), checkOut: addDays(today, -12) });
      const pastOnly = await t.call('PUT', `/api/room/update/${started.id}`, { as: host, body: roomBody({ image: started.image, from: today, to: addDays(today, 20) }) });
      expect(pastOnly.statusCode).toBe(200);
      const current = await insertRoom(t.database.db, { hostId: host.id, availableFrom: addDays(today, -20), availableTo: addDays(today, 20), image: storedImageUrl(randomUUID()) });
      await insertBooking(t.database.db, { room: current, guestId: guest.id, checkIn: addDays(today, -2), checkOut: addDays(today, 3) });
      const cut = await t.call('PUT', `/api/room/update/${current.id}`, { as: host, body: roomBody({ image: current.image, from: today, to: addDays(today, 20) }) });
      expect(cut.statusCode).toBe(409);
      expect((cut.json() as { error: { message: string } }).error.message).toMatch(/^A confirmed stay from .+ falls outside the new dates\.$/);
    });

    it('applies a new price to new bookings only', async () => {
      const row = await insertRoom(t.database.db, { hostId: host.id, priceCents: 12_000, availableFrom: addDays(today, 5), availableTo: addDays(today, 30), image: storedImageUrl(randomUUID()) });
      const { booking, payment } = await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: addDays(today, 6), checkOut: addDays(today, 9) });
      const res = await t.call('PUT', `/api/room/update/${row.id}`, {
        as: host,
        body: roomBody({ image: row.image, from: row.availableFrom, to: row.availableTo, price: 200 }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ price: 200, priceCents: 20_000 });
      const [keptBooking] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(keptBooking).toMatchObject({ nightlyPriceCents: 12_000, totalCents: 36_000, roomTitle: row.title });
      const [keptPayment] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(keptPayment).toMatchObject({ nightlyPriceCents: 12_000, amountCents: 36_000 });
    });
  });

  describe('DELETE /api/room/:id', () => {
    it('answers 401 to a visitor and 403 to guests and other hosts, removing nothing', async () => {
      const room = await listRoom(host);
      const visitor = await t.call('DELETE', `/api/room/${room._id}`);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(SIGN_IN);
      const asGuest = await t.call('DELETE', `/api/room/${room._id}`, { as: guest });
      expect(asGuest.statusCode).toBe(403);
      expect(asGuest.json()).toEqual(WRONG_ROLE);
      const asOther = await t.call('DELETE', `/api/room/${room._id}`, { as: otherHost });
      expect(asOther.statusCode).toBe(403);
      expect(asOther.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only the host of this room or an admin can remove it.' } });
      expect(await roomRow(room._id)).toMatchObject({ deletedAt: null });
    });

    it('lets the owner delete a room nobody booked for good, and an admin remove any listing', async () => {
      for (const remover of [host, admin]) {
        const room = await listRoom(host);
        const res = await t.call('DELETE', `/api/room/${room._id}`, { as: remover });
        expect(res.statusCode, remover.role).toBe(200);
        expect(res.json()).toEqual({ deletedCount: 1 });
        expect(await roomRow(room._id)).toBeUndefined();
        expect(await browse()).not.toContain(room._id);
        const again = await t.call('DELETE', `/api/room/${room._id}`, { as: remover });
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual(NOT_FOUND);
      }
      const malformed = await t.call('DELETE', '/api/room/not-an-id', { as: host });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual(validationError('id', 'Room id is malformed'));
    });

    it('refuses while confirmed stays have not ended, saying how many', async () => {
      const row = await insertRoom(t.database.db, { hostId: host.id, availableFrom: addDays(today, -10), availableTo: addDays(today, 30), image: storedImageUrl(randomUUID()) });
      await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: addDays(today, 5), checkOut: addDays(today, 8) });
      // Written behind the app's back (the hosting routes tell the listing cache themselves).
      await t.app.listing.roomsChanged();
      const one = await t.call('DELETE', `/api/room/${row.id}`, { as: host });
      expect(one.statusCode).toBe(409);
      expect(one.json()).toEqual({ error: { code: 'CONFLICT', message: 'This room has 1 upcoming stay. Cancel it in Manage Bookings first.' } });
      // A stay in progress blocks as well; past and cancelled ones do not count.
      await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: addDays(today, -1), checkOut: addDays(today, 1) });
      await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: addDays(today, -8), checkOut: addDays(today, -5) });
      await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: addDays(today, 10), checkOut: addDays(today, 12), status: 'cancelled' });
      const two = await t.call('DELETE', `/api/room/${row.id}`, { as: host });
      expect(two.statusCode).toBe(409);
      expect(two.json()).toEqual({ error: { code: 'CONFLICT', message: 'This room has 2 upcoming stays. Cancel them in Manage Bookings first.' } });
      // An admin has no Manage Bookings: the answer says who can clear the stays.
      const asAdmin = await t.call('DELETE', `/api/room/${row.id}`, { as: admin });
      expect(asAdmin.statusCode).toBe(409);
      expect(asAdmin.json()).toEqual({ error: { code: 'CONFLICT', message: 'This room has 2 upcoming stays. Its host must cancel them first.' } });
      expect(await roomRow(row.id)).toMatchObject({ deletedAt: null });
      expect(await browse()).toContain(row.id);
    });

    it('removes a room with only past or cancelled stays from browsing but keeps it for the guests’ history', async () => {
      const listed = await listRoom(host, { category: 'Arctic' });
      const row = (await roomRow(listed._id))!;
      const past = await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: addDays(today, -30), checkOut: addDays(today, -27) });
      const cancelled = await insertBooking(t.database.db, { room: row, guestId: guest.id, checkIn: addDays(today, 8), checkOut: addDays(today, 10), status: 'cancelled' });
      const res = await t.call('DELETE', `/api/room/${listed._id}`, { as: host });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect((await roomRow(listed._id))!.deletedAt).toBeInstanceOf(Date);
      const kept = await t.database.db.select().from(bookings).where(eq(bookings.roomId, listed._id));
      expect(kept.map((b) => b.id).sort()).toEqual([past.booking.id, cancelled.booking.id].sort());
      expect(kept.find((b) => b.id === past.booking.id)).toMatchObject({ status: 'confirmed', roomTitle: row.title, roomImage: row.image });
      expect(await browse()).not.toContain(listed._id);
      expect(await browse('&category=Arctic')).not.toContain(listed._id);
      const page = await t.call('GET', `/api/room/${listed._id}`);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual(NOT_FOUND);
      const listings = roomsPageSchema.parse((await t.call('GET', '/api/my-listings?limit=60', { as: host })).json());
      expect(listings.items.map((r) => r._id)).not.toContain(listed._id);
    });

    it('keeps a room that a payment refers to, even without a booking', async () => {
      const row = await insertRoom(t.database.db, { hostId: host.id, image: storedImageUrl(randomUUID()) });
      await t.database.db.insert(payments).values({
        provider: 'test',
        providerPaymentId: `pi_${randomUUID()}`,
        guestId: guest.id,
        roomId: row.id,
        checkIn: addDays(today, 20),
        checkOut: addDays(today, 22),
        nightlyPriceCents: row.priceCents,
        amountCents: 2 * row.priceCents,
        status: 'canceled',
      });
      const res = await t.call('DELETE', `/api/room/${row.id}`, { as: host });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect((await roomRow(row.id))!.deletedAt).toBeInstanceOf(Date);
    });
  });

  // Two connections are needed to interleave; the embedded database has one.
  describe.runIf(kind === 'postgres')('against a booking being confirmed at the same moment', () => {
    it('waits for it, then refuses to delete the room or leave the stay outside the window', async () => {
      if (t.target.kind !== 'postgres') return;
      for (const attempt of ['delete', 'shrink'] as const) {
        const listed = await listRoom(host);
        const room = (await roomRow(listed._id))!;
        const other = new pg.Client({ connectionString: t.target.url });
        await other.connect();
        try {
          // What the booking transaction does: share-lock the live room, then write the stay.
          await other.query('begin');
          await other.query('select id from rooms where id = $1 and deleted_at is null for share', [room.id]);
          await insertBooking(drizzle(other, { schema }) as unknown as Db, {
            room,
            guestId: guest.id,
            checkIn: addDays(room.availableFrom, 1),
            checkOut: addDays(room.availableFrom, 3),
          });
          const pending =
            attempt === 'delete'
              ? t.call('DELETE', `/api/room/${room.id}`, { as: host })
              : t.call('PUT', `/api/room/update/${room.id}`, { as: host, body: roomBody({ image: room.image, from: addDays(room.availableFrom, 2), to: room.availableTo }) });
          // The request waits on the room's lock; only then does the booking commit.
          for (let i = 0; i < 400; i += 1) {
            const { rows } = await other.query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            );
            if (Number(rows[0]!.n) > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          await other.query('commit');
          const res = await pending;
          expect(res.statusCode, attempt).toBe(409);
          expect((res.json() as { error: { message: string } }).error.message).toBe(
            attempt === 'delete'
              ? 'This room has 1 upcoming stay. Cancel it in Manage Bookings first.'
              : `A confirmed stay from ${formatIsoDate(addDays(room.availableFrom, 1))} to ${formatIsoDate(addDays(room.availableFrom, 3))} falls outside the new dates.`,
          );
          expect(await roomRow(room.id)).toMatchObject({ deletedAt: null, availableFrom: room.availableFrom });
        } finally {
          await other.end();
        }
      }
    });
  });

  describe('image files', () => {
    let png: Buffer;
    const store = () => createLocalImageStore(t.dataDir);

    beforeAll(async () => {
      png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0ea5e9' } }).png().toBuffer();
    });

    /** The stored files of an image: the canonical name and each width. */
    async function filesOf(url: string): Promise<string[]> {
      const key = url.slice('/uploads/'.length, -'.webp'.length);
      const names = await readdir(localUploadsDir(t.dataDir));
      return names.filter((n) => n.startsWith(key)).sort();
    }

    it('removes a replaced image once nothing refers to it, and keeps one a booking still shows', async () => {
      const [first, second, third] = [await store().saveImage(png), await store().saveImage(png), await store().saveImage(png)];
      expect(await filesOf(first)).toHaveLength(5);
      const room = await listRoom(host, { image: first });
      const replaced = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: await ownRoomBody(t, host, { image: second }) });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ image: second });
      expect(await filesOf(first)).toEqual([]);
      expect(await filesOf(second)).toHaveLength(5);
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

      // A guest's booking shows the room as booked, picture included: that picture stays.
      await insertBooking(t.database.db, { room: (await roomRow(room._id))!, guestId: guest.id, checkIn: addDays(today, 8), checkOut: addDays(today, 9), status: 'cancelled' });
      const again = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: await ownRoomBody(t, host, { image: third }) });
      expect(again.statusCode).toBe(200);
      expect(await filesOf(second)).toHaveLength(5);
    });

    it('removes the image of a room deleted for good, keeps that of a room kept for history or shared with another room', async () => {
      const [alone, shared, historic] = [await store().saveImage(png), await store().saveImage(png), await store().saveImage(png)];
      const lonely = await listRoom(host, { image: alone });
      expect((await t.call('DELETE', `/api/room/${lonely._id}`, { as: host })).statusCode).toBe(200);
      expect(await filesOf(alone)).toEqual([]);

      const a = await listRoom(host, { image: shared });
      // Two rooms showing one picture: only the seed writes such rooms (a host may attach only their own uploads).
      await insertRoom(t.database.db, { hostId: otherHost.id, image: shared });
      expect((await t.call('DELETE', `/api/room/${a._id}`, { as: host })).statusCode).toBe(200);
      expect(await filesOf(shared)).toHaveLength(5);

      const booked = await listRoom(host, { image: historic });
      await insertBooking(t.database.db, { room: (await roomRow(booked._id))!, guestId: guest.id, checkIn: addDays(today, -9), checkOut: addDays(today, -7) });
      expect((await t.call('DELETE', `/api/room/${booked._id}`, { as: host })).statusCode).toBe(200);
      expect(await filesOf(historic)).toHaveLength(5);
    });

    it('removes every photo one change drops, with its upload record, and keeps those the room still shows', async () => {
      const [a, b, c, d] = [await store().saveImage(png), await store().saveImage(png), await store().saveImage(png), await store().saveImage(png)];
      const room = await listRoom(host, { photos: [a, b, c, d] });
      const res = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: await ownRoomBody(t, host, { photos: [d, a] }) });
      expect(res.statusCode, res.body).toBe(200);
      for (const dropped of [b, c]) expect(await filesOf(dropped)).toEqual([]);
      for (const kept of [a, d]) expect(await filesOf(kept)).toHaveLength(5);
      const records = await t.database.db.select({ url: uploads.url }).from(uploads).where(inArray(uploads.url, [a, b, c, d]));
      expect(records.map((r) => r.url).sort()).toEqual([a, d].sort());
    });

    it('deletes only images of ours, and twice is harmless', async () => {
      const url = await store().saveImage(png);
      await store().deleteImage(url);
      await store().deleteImage(url);
      expect(await filesOf(url)).toEqual([]);
      const before = await readdir(localUploadsDir(t.dataDir));
      await store().deleteImage('/uploads/../pglite');
      await store().deleteImage(`/uploads/${randomUUID()}-320w.webp`);
      expect(await readdir(localUploadsDir(t.dataDir))).toEqual(before);
    });
  });
});
