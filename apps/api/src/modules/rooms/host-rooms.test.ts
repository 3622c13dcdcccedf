import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, furthestAvailabilityEnd, latestAvailabilityEnd, roomSchema, roomsPageSchema, todayIso, type Room } from '@staybook/domain';
import { rooms } from '../../db/schema.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { SIGN_IN, useHostingSuite, validationError, WRONG_ROLE } from '../../test/hosting-suite.js';
import { ownRoomBody, roomBody } from '../../test/rooms.js';
import type { TestUser } from '../../test/test-app.js';

/** Listing a room, and a host's own listings. */
describe.each(TEST_DATABASE_KINDS)('hosting API on %s', (kind) => {
  // Hana lists rooms; Ana, Otto and the admin may not list in her name or see her listings.
  const s = useHostingSuite(kind);

  describe('POST /api/room', () => {
    it('answers 401 to a visitor and 403 to guests and admins, creating nothing', async () => {
      const before = await s.t.database.db.select({ id: rooms.id }).from(rooms);
      const visitor = await s.t.call('POST', '/api/room', { body: roomBody() });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(SIGN_IN);
      for (const user of [s.guest, s.admin]) {
        const res = await s.t.call('POST', '/api/room', { as: user, body: roomBody() });
        expect(res.statusCode, user.role).toBe(403);
        expect(res.json()).toEqual(WRONG_ROLE);
      }
      // Who is asking comes before what they sent.
      expect((await s.t.call('POST', '/api/room', { body: { price: 'x' } })).json()).toEqual(SIGN_IN);
      expect((await s.t.call('POST', '/api/room', { as: s.guest, body: { price: 'x' } })).json()).toEqual(WRONG_ROLE);
      expect(await s.t.database.db.select({ id: rooms.id }).from(rooms)).toEqual(before);
    });

    it('lists the room for the signed-in host, whatever host the body names, first on the home page in its category', async () => {
      const res = await s.t.call('POST', '/api/room', {
        as: s.host,
        body: await ownRoomBody(s.t, s.host, {
          title: '  Spoofed? ',
          category: 'Castles',
          host: { name: 'Otto Other', email: s.otherHost.email, image: null },
          hostId: s.otherHost.id,
          host_id: s.otherHost.id,
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
      expect((await s.roomRow(room._id))!.hostId).toBe(s.host.id);
      expect((await s.browse())[0]).toBe(room._id);
      expect(await s.browse('&category=Castles')).toEqual([room._id]);
      expect(await s.browse('&category=Lake')).not.toContain(room._id);
    });

    it('refuses an image from anywhere but our own uploads, with the field message', async () => {
      for (const image of ['https://tracker.example/pixel.gif', '/uploads/placeholder.webp', `/uploads/${randomUUID()}-320w.webp`, '']) {
        const res = await s.t.call('POST', '/api/room', { as: s.host, body: roomBody({ image }) });
        expect(res.statusCode, image).toBe(400);
        expect(res.json()).toEqual(
          validationError('image', image === '' ? 'Please upload a photo of the room' : 'Please upload the photo here; pictures from other sites are not accepted'),
        );
      }
    });

    it('answers every limit with its field message, and accepts the values at the limits', async () => {
      // Read when the test runs, not when the file loads: a suite that runs past midnight would ask for yesterday.
      const today = todayIso();
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
        // Vienna's today is UTC's or the next day: two days past UTC's reach is past the room's.
        [{ from: addDays(today, 800), to: addDays(furthestAvailabilityEnd(today), 2) }, 'to', 'Availability can end at most three years from today'],
      ];
      for (const [overrides, field, message] of refused) {
        const res = await s.t.call('POST', '/api/room', { as: s.otherHost, body: roomBody(overrides) });
        expect(res.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
        expect(res.json()).toEqual(validationError(field, message));
      }

      const atLimits = await s.listRoom(s.otherHost, {
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
      const [far, furthest] = [addDays(today, 400), furthestAvailabilityEnd(today)];
      expect(await s.listRoom(s.otherHost, { price: 1, guests: 1, bedrooms: 1, bathrooms: 1, from: far, to: furthest })).toMatchObject({
        price: 1,
        priceCents: 100,
        from: far,
        to: furthest,
      });
    });

    it('limits each host to 30 new rooms an hour', async () => {
      const busy = await s.t.signUp({ role: 'host' });
      for (let i = 0; i < 30; i += 1) await s.listRoom(busy);
      const res = await s.t.call('POST', '/api/room', { as: busy, body: await ownRoomBody(s.t, busy) });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
          facts: { refusal: 'too-many-requests', seconds: expect.stringMatching(/^\d+$/) },
        },
      });
      // Another host from the same address is not held back.
      const fresh = await s.t.signUp({ role: 'host' });
      expect((await s.t.call('POST', '/api/room', { as: fresh, body: await ownRoomBody(s.t, fresh) })).statusCode).toBe(201);
    });
  });

  describe('GET /api/my-listings', () => {
    let lister: TestUser;
    let mine: Room[];

    beforeAll(async () => {
      lister = await s.t.signUp({ role: 'host', email: 'Lister.Host@Example.com' });
      mine = [];
      for (let i = 0; i < 5; i += 1) mine.unshift(await s.listRoom(lister, { title: `Mine ${i}` }));
      await s.listRoom(s.otherHost, { title: 'Not mine' });
      const removed = await s.listRoom(lister, { title: 'Removed' });
      expect((await s.t.call('DELETE', `/api/room/${removed._id}`, { as: lister })).statusCode).toBe(200);
    });

    async function pageThrough(path: string, limit: number): Promise<string[]> {
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await s.t.call('GET', `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { as: lister });
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
      const other = await s.t.call('GET', `/api/my-listings/${s.otherHost.email}`, { as: lister });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You can only see your own listings.' } });
      for (const path of ['/api/my-listings', `/api/my-listings/${lister.email}`]) {
        const visitor = await s.t.call('GET', path);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.json()).toEqual(SIGN_IN);
        for (const user of [s.guest, s.admin]) {
          const res = await s.t.call('GET', path.replace(lister.email, user.email), { as: user });
          expect(res.statusCode, `${user.role} ${path}`).toBe(403);
          expect(res.json()).toEqual(WRONG_ROLE);
        }
      }
    });

    it('answers 400 for a cursor it did not make', async () => {
      const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
      for (const cursor of ['not-a-cursor', forged(['2026-02-30', randomUUID()]), forged(['2026-11', randomUUID()])]) {
        const res = await s.t.call('GET', `/api/my-listings?cursor=${cursor}`, { as: lister });
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json()).toEqual({
          error: { code: 'VALIDATION_FAILED', message: 'The page cursor is not valid; start again from the first page.', fields: { cursor: 'Invalid cursor' } },
        });
      }
    });
  });
});
