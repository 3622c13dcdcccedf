import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  paymentIntentSchema,
  quickSaveSchema,
  RECENTLY_VIEWED_LIMIT,
  recentlyViewedSchema,
  savedRoomsSchema,
  wishlistPageSchema,
  wishlistSchema,
  wishlistsPageSchema,
  type Wishlist,
  WISHLISTS_MAX,
} from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { wishlists } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { signUpCast } from '../../test/cast.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { refusalInSpanish, SPANISH_PAGE } from '../../test/refusals.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

describe.each(TEST_DATABASE_KINDS)('wishlists API on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let otherGuest: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ host, otherGuest, admin } = await signUpCast(t));
  });
  afterAll(() => t.close());

  function newRoom(overrides: Partial<Parameters<typeof insertRoom>[1]> = {}) {
    return insertRoom(t.database.db, { hostId: host.id, title: 'Cabin by the lake', availableFrom: day(-10), availableTo: day(120), ...overrides });
  }

  async function ok<T>(res: { statusCode: number; body: string; json(): unknown }, schema: { parse(v: unknown): T }, status = 200): Promise<T> {
    expect(res.statusCode, res.body).toBe(status);
    return schema.parse(res.json());
  }

  async function create(as: TestUser, name: string): Promise<Wishlist> {
    return ok(await t.call('POST', '/api/wishlists', { as, body: { name } }), wishlistSchema, 201);
  }

  async function add(as: TestUser, listId: string, roomId: string) {
    return ok(await t.call('PUT', `/api/wishlists/${listId}/rooms/${roomId}`, { as }), quickSaveSchema);
  }

  async function read(as: TestUser | null, listId: string, query = '') {
    return ok(await t.call('GET', `/api/wishlists/${listId}${query}`, { as }), wishlistPageSchema);
  }

  async function myLists(as: TestUser, query = '') {
    return ok(await t.call('GET', `/api/wishlists${query}`, { as }), wishlistsPageSchema);
  }

  describe("a person's own lists", () => {
    it('makes, renames, lists with count and cover, and deletes a list', async () => {
      const person = await t.signUp();
      const list = await create(person, '  Summer  ');
      expect(list).toEqual({ id: list.id, name: 'Summer', count: 0, cover: null, stay: null, shareToken: null });
      const lake = await newRoom({ image: '/uploads/lake.webp' });
      const loft = await newRoom({ image: '/uploads/loft.webp' });
      await add(person, list.id, lake.id);
      await add(person, list.id, loft.id);
      // Saving again changes nothing: a home is on a list once.
      await add(person, list.id, lake.id);
      const renamed = await ok(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { name: 'Lakes' } }), wishlistSchema);
      expect(renamed).toMatchObject({ name: 'Lakes', count: 2, cover: '/uploads/loft.webp' });
      expect((await myLists(person)).items).toEqual([renamed]);
      expect((await read(person, list.id)).items.map((item) => item.room._id)).toEqual([loft.id, lake.id]);

      expect((await t.call('DELETE', `/api/wishlists/${list.id}/rooms/${loft.id}`, { as: person })).statusCode).toBe(204);
      expect((await t.call('DELETE', `/api/wishlists/${list.id}/rooms/${loft.id}`, { as: person })).statusCode).toBe(204);
      expect((await read(person, list.id)).items.map((item) => item.room._id)).toEqual([lake.id]);

      expect((await t.call('DELETE', `/api/wishlists/${list.id}`, { as: person })).statusCode).toBe(204);
      expect((await myLists(person)).items).toEqual([]);
      expect(errorOf(await t.call('GET', `/api/wishlists/${list.id}`, { as: person })).status).toBe(404);
      // The homes stay listed.
      expect((await t.call('GET', `/api/room/${lake.id}`)).statusCode).toBe(200);
    });

    it("answers another person's list as one that does not exist (404), for every call, admins included", async () => {
      const owner = await t.signUp();
      const list = await create(owner, 'Mine');
      const room = await newRoom();
      await add(owner, list.id, room.id);
      const notFound = { status: 404, error: { code: 'NOT_FOUND', message: 'Wishlist not found.' } };
      for (const outsider of [otherGuest, admin, host]) {
        expect(errorOf(await t.call('GET', `/api/wishlists/${list.id}`, { as: outsider }))).toEqual(notFound);
        expect(errorOf(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: outsider, body: { name: 'Taken' } }))).toEqual(notFound);
        expect(errorOf(await t.call('DELETE', `/api/wishlists/${list.id}`, { as: outsider }))).toEqual(notFound);
        expect(errorOf(await t.call('PUT', `/api/wishlists/${list.id}/rooms/${room.id}`, { as: outsider }))).toEqual(notFound);
        expect(errorOf(await t.call('DELETE', `/api/wishlists/${list.id}/rooms/${room.id}`, { as: outsider }))).toEqual(notFound);
        expect(errorOf(await t.call('POST', `/api/wishlists/${list.id}/share`, { as: outsider }))).toEqual(notFound);
        expect((await myLists(outsider)).items.map((l) => l.id)).not.toContain(list.id);
      }
      expect(await read(owner, list.id)).toMatchObject({ list: { name: 'Mine', count: 1, shareToken: null } });
      expect(errorOf(await t.call('GET', `/api/wishlists/${randomUUID()}`, { as: owner }))).toEqual(notFound);
    });

    it('asks people who are signed out to sign in on every call but the shared link', async () => {
      const id = randomUUID();
      const calls = [
        t.call('GET', '/api/wishlists'),
        t.call('POST', '/api/wishlists', { body: { name: 'x' } }),
        t.call('GET', `/api/wishlists/${id}`),
        t.call('PATCH', `/api/wishlists/${id}`, { body: { name: 'x' } }),
        t.call('DELETE', `/api/wishlists/${id}`),
        t.call('PUT', `/api/wishlists/${id}/rooms/${id}`),
        t.call('POST', '/api/wishlists/save', { body: { roomId: id } }),
        t.call('GET', `/api/wishlists/saved?roomIds=${id}`),
        t.call('GET', '/api/recently-viewed'),
        t.call('POST', '/api/recently-viewed', { body: { roomId: id } }),
      ];
      for (const res of await Promise.all(calls)) expect(errorOf(res)).toMatchObject({ status: 401, error: { code: 'UNAUTHORIZED' } });
    });

    it('pages through a list and through the lists, never repeating or skipping one', async () => {
      const person = await t.signUp();
      const lists: Wishlist[] = [];
      for (const name of ['One', 'Two', 'Three']) lists.push(await create(person, name));
      const first = await myLists(person, '?limit=2');
      expect(first.items.map((l) => l.name)).toEqual(['One', 'Two']);
      const second = await myLists(person, `?limit=2&cursor=${first.nextCursor}`);
      expect(second).toMatchObject({ items: [{ name: 'Three' }], nextCursor: null });

      const saved: string[] = [];
      for (let i = 0; i < 5; i++) {
        const room = await newRoom();
        await add(person, lists[0]!.id, room.id);
        saved.unshift(room.id);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await read(person, lists[0]!.id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((item) => item.room._id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(saved);
      expect(errorOf(await t.call('GET', `/api/wishlists/${lists[0]!.id}?cursor=nonsense`, { as: person }))).toMatchObject({ status: 400, error: { fields: { cursor: 'Invalid cursor' } } });
    });

    it(`keeps at most ${WISHLISTS_MAX} lists a person, and makes room when one is removed`, async () => {
      const person = await t.signUp();
      await t.database.db.insert(wishlists).values(Array.from({ length: WISHLISTS_MAX - 1 }, (_, i) => ({ ownerId: person.id, name: `Trip ${i}` })));
      const last = await create(person, 'The last one');
      const answer = await t.call('POST', '/api/wishlists', { as: person, body: { name: 'One more' } });
      const refused = errorOf(answer);
      expect(refused).toMatchObject({
        status: 409,
        error: { message: `You have ${WISHLISTS_MAX} lists, the most one can have. Remove one you no longer use first.`, facts: { refusal: 'too-many-wishlists', max: String(WISHLISTS_MAX) } },
      });
      expect(refusalInSpanish(answer)).toBe(`Tienes ${WISHLISTS_MAX} listas, el máximo que se puede tener. Elimina primero una que ya no uses.`);
      // Another person's lists count for them alone.
      expect(await create(otherGuest, 'Mine')).toMatchObject({ name: 'Mine' });
      expect((await t.call('DELETE', `/api/wishlists/${last.id}`, { as: person })).statusCode).toBe(204);
      expect(await create(person, 'One more')).toMatchObject({ name: 'One more' });
    });

    it('refuses a name that is empty or too long, dates out of order, and malformed ids with 400 naming the field', async () => {
      const person = await t.signUp();
      const empty = errorOf(await t.call('POST', '/api/wishlists', { as: person, body: { name: '   ' } }));
      expect(empty).toMatchObject({ status: 400, error: { fields: { name: 'Please name the list' } } });
      const long = errorOf(await t.call('POST', '/api/wishlists', { as: person, body: { name: 'x'.repeat(51) } }));
      expect(long).toMatchObject({ status: 400, error: { fields: { name: "A list's name can be at most 50 characters" } } });
      expect(await create(person, 'x'.repeat(50))).toMatchObject({ name: 'x'.repeat(50) });
      const list = await create(person, 'Dates');
      const reversed = errorOf(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin: day(20), checkout: day(18) } }));
      expect(reversed).toMatchObject({ status: 400, error: { fields: { checkout: 'Check-out must be after check-in' } } });
      const half = errorOf(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin: day(20) } }));
      expect(half).toMatchObject({ status: 400, error: { fields: { checkout: 'Choose both check-in and check-out, or neither' } } });
      // A date that is no calendar date is named as its own field's problem, whichever of the two it is.
      for (const bad of ['2026-02-30', '', 'x', '0000-01-01', '2'.repeat(10_000)]) {
        for (const [checkin, checkout, field] of [[bad, day(30), 'checkin'], [day(20), bad, 'checkout']] as const) {
          const res = await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin, checkout } });
          expect(errorOf(res), `${field} ${bad.slice(0, 12)}`).toMatchObject({ status: 400, error: { code: 'VALIDATION_FAILED', fields: { [field]: 'Expected a date as YYYY-MM-DD' } } });
        }
      }
      const bothBad = errorOf(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin: '2026-02-30', checkout: '2027-01-01' } }));
      expect(bothBad).toMatchObject({ status: 400, error: { fields: { checkin: 'Expected a date as YYYY-MM-DD' } } });
      // A stay a search would refuse is refused here too: past everywhere, years ahead, longer than a stay can be.
      const stays = [
        [day(-3), day(2), 'checkin', 'Check-in is in the past'],
        ['9999-12-30', '9999-12-31', 'checkin', 'Check-in can be at most 5 years ahead'],
        [day(10), addDays(day(10), 366), 'checkout', 'A stay can be at most 365 nights'],
      ] as const;
      for (const [checkin, checkout, field, message] of stays) {
        const refused = errorOf(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin, checkout } }));
        expect(refused, checkin).toMatchObject({ status: 400, error: { fields: { [field]: message } } });
      }
      const longest = await ok(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin: day(10), checkout: addDays(day(10), 365) } }), wishlistSchema);
      expect(longest.stay).toEqual({ checkin: day(10), checkout: addDays(day(10), 365), guests: 1 });
      expect((await ok(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin: null, checkout: null } }), wishlistSchema)).stay).toBeNull();
      const guests = errorOf(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { guests: 0 } }));
      expect(guests).toMatchObject({ status: 400, error: { fields: { guests: expect.any(String) } } });
      expect(errorOf(await t.call('GET', '/api/wishlists/not-a-list', { as: person }))).toMatchObject({ status: 400, error: { fields: { id: 'List id is malformed' } } });
      expect(errorOf(await t.call('PUT', `/api/wishlists/${list.id}/rooms/nope`, { as: person }))).toMatchObject({ status: 400, error: { fields: { roomId: 'Room id is malformed' } } });
      expect(errorOf(await t.call('GET', '/api/wishlists/saved?roomIds=nope', { as: person })).status).toBe(400);
      expect(errorOf(await t.call('PUT', `/api/wishlists/${list.id}/rooms/${randomUUID()}`, { as: person })).status).toBe(404);
      expect((await read(person, list.id)).list).toMatchObject({ name: 'Dates', stay: null, count: 0 });
    });
  });

  describe('the heart', () => {
    it("puts the first save in a new 'Saved' list, later ones in the first list, and tells which lists hold a room", async () => {
      const person = await t.signUp();
      const [a, b, c] = [await newRoom(), await newRoom(), await newRoom()];
      const heart = (roomId: string) => t.call('POST', '/api/wishlists/save', { as: person, body: { roomId } });
      const [first, second] = await Promise.all([heart(a.id), heart(b.id)]);
      const saves = [await ok(first!, quickSaveSchema), await ok(second!, quickSaveSchema)];
      expect(saves.map((s) => s.list.name)).toEqual(['Saved', 'Saved']);
      expect(saves.filter((s) => s.created)).toHaveLength(1);
      expect(saves[0]!.list.id).toBe(saves[1]!.list.id);
      const other = await create(person, 'Later');
      await add(person, other.id, a.id);

      const saved = await ok(await t.call('GET', `/api/wishlists/saved?roomIds=${[a.id, b.id, c.id].join(',')}`, { as: person }), savedRoomsSchema);
      const byRoom = Object.fromEntries(saved.saved.map((s) => [s.roomId, s.lists.map((l) => l.name)]));
      expect(byRoom).toEqual({ [a.id]: ['Saved', 'Later'], [b.id]: ['Saved'] });
      // Nobody else's hearts show these saves.
      expect((await ok(await t.call('GET', `/api/wishlists/saved?roomIds=${a.id}`, { as: otherGuest }), savedRoomsSchema)).saved).toEqual([]);
    });

    it("names the first list in the language of the page the heart was pressed on, and keeps that name", async () => {
      const person = await t.signUp();
      const [a, b] = [await newRoom(), await newRoom()];
      const spanish = await ok(await t.call('POST', '/api/wishlists/save', { as: person, body: { roomId: a.id }, headers: SPANISH_PAGE }), quickSaveSchema);
      expect(spanish).toMatchObject({ created: true, list: { name: 'Guardados' } });
      // Their list now: an English page saves to it under the same name.
      const english = await ok(await t.call('POST', '/api/wishlists/save', { as: person, body: { roomId: b.id } }), quickSaveSchema);
      expect(english).toMatchObject({ created: false, list: { id: spanish.list.id, name: 'Guardados' } });
    });

    it('shows the host nothing of who saved their home', async () => {
      const saver = await t.signUp({ name: 'Priya Saver', email: 'priya.saver@example.com' });
      const room = await newRoom();
      await ok(await t.call('POST', '/api/wishlists/save', { as: saver, body: { roomId: room.id } }), quickSaveSchema);
      const answers = [
        await t.call('GET', `/api/room/${room.id}`, { as: host }),
        await t.call('GET', '/api/my-listings', { as: host }),
        await t.call('GET', `/api/room/${room.id}`),
        await t.call('GET', '/api/rooms'),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(200);
        for (const secret of ['Priya', 'priya.saver@example.com', saver.id, 'saved', 'wishlist']) expect(res.body.toLowerCase()).not.toContain(secret.toLowerCase());
      }
    });
  });

  describe('sharing', () => {
    it('answers a shared list read-only to anyone with the link, without its owner; a revoked link reads nothing', async () => {
      const owner = await t.signUp({ name: 'Mara Owner', email: 'mara.owner@example.com' });
      const list = await create(owner, 'Trip ideas');
      const room = await newRoom();
      await add(owner, list.id, room.id);
      const shared = await ok(await t.call('POST', `/api/wishlists/${list.id}/share`, { as: owner }), wishlistSchema);
      const token = shared.shareToken!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Sharing again keeps the link.
      expect((await ok(await t.call('POST', `/api/wishlists/${list.id}/share`, { as: owner }), wishlistSchema)).shareToken).toBe(token);

      for (const reader of [null, otherGuest]) {
        const res = await t.call('GET', `/api/wishlists/shared/${token}`, { as: reader });
        const page = await ok(res, wishlistPageSchema);
        expect(page).toMatchObject({ list: { name: 'Trip ideas', count: 1, shareToken: null }, owner: { firstName: 'Mara' } });
        expect(page.items.map((item) => item.room._id)).toEqual([room.id]);
        expect(res.body).not.toContain('mara.owner@example.com');
        expect(res.body).not.toContain(owner.id);
      }
      // The link reads; it never writes. Nobody else may change the list by its id, with or without the token.
      const other = await newRoom();
      for (const [method, url, body] of [
        ['PUT', `/api/wishlists/${list.id}/rooms/${other.id}`, undefined],
        ['DELETE', `/api/wishlists/${list.id}/rooms/${room.id}`, undefined],
        ['PATCH', `/api/wishlists/${list.id}`, { name: 'Mine now' }],
        ['DELETE', `/api/wishlists/${list.id}/share`, undefined],
        ['GET', `/api/wishlists/${list.id}`, undefined],
      ] as const) {
        expect(errorOf(await t.call(method, url, { as: otherGuest, body })).status).toBe(404);
        expect(errorOf(await t.call(method, `${url}?token=${token}`, { as: otherGuest, body })).status).toBe(404);
      }
      for (const method of ['PUT', 'DELETE', 'PATCH', 'POST'] as const) {
        expect([404, 401]).toContain((await t.call(method, `/api/wishlists/shared/${token}`, { as: otherGuest, body: { name: 'x' } })).statusCode);
        expect([404, 401]).toContain((await t.call(method, `/api/wishlists/shared/${token}/rooms/${other.id}`, { as: otherGuest })).statusCode);
      }
      expect(await read(owner, list.id)).toMatchObject({ list: { name: 'Trip ideas', count: 1 } });

      const stopped = await ok(await t.call('DELETE', `/api/wishlists/${list.id}/share`, { as: owner }), wishlistSchema);
      expect(stopped.shareToken).toBeNull();
      expect(errorOf(await t.call('GET', `/api/wishlists/shared/${token}`))).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
      // Sharing again makes a new link; the old one stays dead.
      const again = await ok(await t.call('POST', `/api/wishlists/${list.id}/share`, { as: owner }), wishlistSchema);
      expect(again.shareToken).not.toBe(token);
      expect((await t.call('GET', `/api/wishlists/shared/${token}`)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/wishlists/shared/${again.shareToken}`)).statusCode).toBe(200);
      expect(errorOf(await t.call('GET', '/api/wishlists/shared/short')).status).toBe(400);
    });
  });

  describe("a list's stay", () => {
    it("shows each home's total for the list's dates and guests, the amount a payment for that stay would be, or why not", async () => {
      const person = await t.signUp();
      const list = await create(person, 'Autumn');
      const priced = await newRoom({ priceCents: 15_000, cleaningFeeCents: 4_000, extraGuestFeeCents: 1_500, guestsIncluded: 1, taxRateBp: 800, guests: 4, weekendPriceCents: 19_000 });
      const taken = await newRoom({ priceCents: 10_000 });
      const small = await newRoom({ guests: 1 });
      for (const room of [priced, taken, small]) await add(person, list.id, room.id);
      const stay = { checkin: day(30), checkout: day(34), guests: 2 };
      await insertBooking(t.database.db, { room: taken, guestId: otherGuest.id, checkIn: day(31), checkOut: day(33) });

      const before = await read(person, list.id);
      expect(before.items.every((item) => item.stay === null)).toBe(true);
      const updated = await ok(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: stay }), wishlistSchema);
      expect(updated.stay).toEqual(stay);

      const page = await read(person, list.id);
      const byRoom = new Map(page.items.map((item) => [item.room._id, item.stay]));
      const intent = await ok(
        await t.call('POST', '/api/create-payment-intent', { as: person, body: { roomId: priced.id, from: stay.checkin, to: stay.checkout, guests: 2 } }),
        paymentIntentSchema,
      );
      expect(byRoom.get(priced.id)).toEqual({ available: true, nights: 4, totalCents: intent.totalCents });
      // Why not: the sentence in English, and the problem with its figures for a page in another language.
      expect(byRoom.get(taken.id)).toEqual({
        available: false,
        reason: 'These dates were just booked by someone else. Please choose other dates.',
        reasonFacts: { problem: 'taken', count: null, from: null, to: null, weekdays: null, time: null, totalCents: null },
      });
      expect(byRoom.get(small.id)).toEqual({
        available: false,
        reason: 'This room takes at most 1 guest.',
        reasonFacts: { problem: 'too-many-guests', count: 1, from: null, to: null, weekdays: null, time: null, totalCents: null },
      });

      // The shared link prices the same stay.
      const shared = await ok(await t.call('POST', `/api/wishlists/${list.id}/share`, { as: person }), wishlistSchema);
      const sharedPage = await ok(await t.call('GET', `/api/wishlists/shared/${shared.shareToken}`), wishlistPageSchema);
      expect(sharedPage.items.find((item) => item.room._id === priced.id)?.stay).toEqual({ available: true, nights: 4, totalCents: intent.totalCents });

      const cleared = await ok(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin: null, checkout: null } }), wishlistSchema);
      expect(cleared.stay).toBeNull();
      expect((await read(person, list.id)).items.every((item) => item.stay === null)).toBe(true);
    });
  });

  describe('a removed home', () => {
    it('leaves every list (and recently viewed) when its host removes it, with or without a booking history', async () => {
      const person = await t.signUp();
      const list = await create(person, 'Gone soon');
      const fresh = await newRoom();
      const booked = await newRoom();
      await insertBooking(t.database.db, { room: booked, guestId: otherGuest.id, checkIn: day(-8), checkOut: day(-6) });
      for (const room of [fresh, booked]) {
        await add(person, list.id, room.id);
        expect((await t.call('POST', '/api/recently-viewed', { as: person, body: { roomId: room.id } })).statusCode).toBe(204);
      }
      for (const room of [fresh, booked]) {
        const res = await t.call('DELETE', `/api/room/${room.id}`, { as: host });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await read(person, list.id)).toMatchObject({ list: { count: 0, cover: null }, items: [] });
      expect((await myLists(person)).items[0]).toMatchObject({ count: 0 });
      expect((await ok(await t.call('GET', '/api/recently-viewed', { as: person }), recentlyViewedSchema)).items).toEqual([]);
      expect(errorOf(await t.call('PUT', `/api/wishlists/${list.id}/rooms/${fresh.id}`, { as: person })).status).toBe(404);
    });
  });

  describe('recently viewed', () => {
    it('keeps the last 12 homes a person opened, newest first, each once', async () => {
      const person = await t.signUp();
      const homes = [];
      for (let i = 0; i < RECENTLY_VIEWED_LIMIT + 2; i++) homes.push(await newRoom({ title: `Home ${i}` }));
      const view = async (roomId: string) => expect((await t.call('POST', '/api/recently-viewed', { as: person, body: { roomId } })).statusCode).toBe(204);
      for (const home of homes) await view(home.id);
      // Opening the second-newest again moves it to the front without a second entry.
      await view(homes[homes.length - 2]!.id);
      const seen = await ok(await t.call('GET', '/api/recently-viewed', { as: person }), recentlyViewedSchema);
      const expected = [homes[homes.length - 2]!, homes[homes.length - 1]!, ...homes.slice(2, homes.length - 2).reverse()].map((h) => h.id);
      expect(seen.items.map((room) => room._id)).toEqual(expected);
      expect(seen.items).toHaveLength(RECENTLY_VIEWED_LIMIT);
      // Kept per person: someone else's views are their own.
      expect((await ok(await t.call('GET', '/api/recently-viewed', { as: otherGuest }), recentlyViewedSchema)).items.map((r) => r._id)).not.toContain(homes[0]!.id);
      // An unknown home is not kept, and says nothing.
      await view(randomUUID());
      expect((await ok(await t.call('GET', '/api/recently-viewed', { as: person }), recentlyViewedSchema)).items.map((r) => r._id)).toEqual(expected);
      expect(errorOf(await t.call('POST', '/api/recently-viewed', { as: person, body: { roomId: 'nope' } }))).toMatchObject({ status: 400, error: { fields: { roomId: 'Room id is malformed' } } });
    });
  });

  it('keeps the stay dates it was given (the guests default to one)', async () => {
    const person = await t.signUp();
    const list = await create(person, 'Weekend');
    const updated = await ok(await t.call('PATCH', `/api/wishlists/${list.id}`, { as: person, body: { checkin: day(40), checkout: addDays(day(40), 2) } }), wishlistSchema);
    expect(updated.stay).toEqual({ checkin: day(40), checkout: day(42), guests: 1 });
  });
});
