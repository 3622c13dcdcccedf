import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hostRoomsPageSchema, roomSchema, roomsPageSchema, tripSchema, type Room } from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { rooms } from '../../db/schema.js';
import { bookStay } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { listRoom, roomBody, removeEveryRoom } from '../../test/rooms.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';


describe.each(TEST_DATABASE_KINDS)("a room's amenities, check-in and check-out times and house rules on %s", (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [host, guest] = await Promise.all([t.signUp({ role: 'host', name: 'Hana Host' }), t.signUp({ name: 'Gus Guest' })]);
  });
  afterAll(() => t.close());

  async function getRoom(id: string, as: TestUser | null = null): Promise<Room> {
    const res = await t.call('GET', `/api/room/${id}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return roomSchema.parse(res.json());
  }

  async function update(room: Room, changes: Record<string, unknown>) {
    return t.call('PUT', `/api/room/update/${room._id}`, {
      as: host,
      body: roomBody({ from: room.from, to: room.to, image: room.image, ...changes }),
    });
  }

  function refusal(res: { statusCode: number; json(): unknown }) {
    expect(res.statusCode).toBe(400);
    return (res.json() as { error: { code: string; fields: Record<string, string> } }).error;
  }

  describe('writing them', () => {
    it("stores amenities once each in the list's order, and answers them so on the room and in My Listings", async () => {
      const room = await listRoom(t, host, {
        amenities: ['pool', 'wifi', 'tv', 'wifi', 'air-conditioning'],
        checkInTime: '15:00',
        checkOutTime: '11:00',
        houseRules: 'No parties.\nQuiet after 22:00.',
      });
      const expected = {
        amenities: ['wifi', 'air-conditioning', 'tv', 'pool'],
        checkInTime: '15:00',
        checkOutTime: '11:00',
        houseRules: 'No parties.\nQuiet after 22:00.',
      };
      expect(room).toMatchObject(expected);
      const [row] = await t.database.db.select({ amenities: rooms.amenities }).from(rooms).where(eq(rooms.id, room._id));
      expect(row!.amenities).toEqual(expected.amenities);
      // A visitor's answer (kept by the listing cache) and the host's own.
      expect(await getRoom(room._id)).toMatchObject(expected);
      expect(await getRoom(room._id, host)).toMatchObject(expected);
      const listings = hostRoomsPageSchema.parse((await t.call('GET', '/api/my-listings?limit=60', { as: host })).json());
      expect(listings.items.find((r) => r._id === room._id)).toMatchObject(expected);
    });

    it('gives a room listed without them none: no amenities, no times, no rules', async () => {
      const room = await listRoom(t, host);
      expect(room).toMatchObject({ amenities: [], checkInTime: null, checkOutTime: null, houseRules: '' });
    });

    it('refuses an unknown amenity, naming the field, and stores nothing', async () => {
      const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rooms);
      const error = refusal(await t.call('POST', '/api/room', { as: host, body: roomBody({ amenities: ['wifi', 'sauna'] }) }));
      expect(error).toEqual({ code: 'VALIDATION_FAILED', message: 'amenities: Unknown amenity: sauna', fields: { amenities: 'Unknown amenity: sauna' } });
      expect(refusal(await t.call('POST', '/api/room', { as: host, body: roomBody({ amenities: 'wifi' }) })).fields).toEqual({
        amenities: 'Amenities must be a list of amenity keys',
      });
      expect(refusal(await t.call('POST', '/api/room', { as: host, body: roomBody({ amenities: [{ key: 'wifi' }] }) })).fields).toEqual({
        amenities: 'Amenities must be a list of amenity keys',
      });
      expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rooms)).toEqual(before);
    });

    it("takes times as 24-hour HH:MM only, and an empty time as none", async () => {
      for (const [field, value, message] of [
        ['checkInTime', '3pm', 'Check-in time must be a time such as 15:00'],
        ['checkInTime', '24:00', 'Check-in time must be a time such as 15:00'],
        ['checkOutTime', '11:00:00', 'Check-out time must be a time such as 11:00'],
        ['checkOutTime', 1100, 'Check-out time must be a time such as 11:00'],
      ] as const) {
        const error = refusal(await t.call('POST', '/api/room', { as: host, body: roomBody({ [field]: value }) }));
        expect(error.fields, `${field}=${value}`).toEqual({ [field]: message });
      }
      const room = await listRoom(t, host, { checkInTime: '', checkOutTime: '09:30' });
      expect(room).toMatchObject({ checkInTime: null, checkOutTime: '09:30' });
    });

    it('keeps house rules as the text typed, line breaks and markup characters included, up to 2,000 characters', async () => {
      const rules = 'Shoes off <please> & thank you.\r\nNo "parties".\n\n\tQuiet hours: 22:00-08:00';
      const room = await listRoom(t, host, { houseRules: `  ${rules}  ` });
      expect(room.houseRules).toBe(rules);
      expect((await getRoom(room._id)).houseRules).toBe(rules);
      expect((await listRoom(t, host, { houseRules: 'x'.repeat(2000) })).houseRules).toHaveLength(2000);
      expect(refusal(await t.call('POST', '/api/room', { as: host, body: roomBody({ houseRules: 'x'.repeat(2001) }) })).fields).toEqual({
        houseRules: 'House rules must be at most 2,000 characters',
      });
      expect(refusal(await t.call('POST', '/api/room', { as: host, body: roomBody({ houseRules: 'No\u0007bells' }) })).fields).toEqual({
        houseRules: 'House rules contain characters that are not allowed',
      });
    });

    it('on an update: left out is unchanged, an empty list, time or text clears, a new value replaces', async () => {
      const room = await listRoom(t, host, { amenities: ['wifi', 'pool'], checkInTime: '15:00', checkOutTime: '11:00', houseRules: 'No pets.' });
      // An older client that does not know the fields keeps what the host set.
      const kept = await update(room, { title: 'Renamed cabin' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(roomSchema.parse(kept.json())).toMatchObject({
        title: 'Renamed cabin',
        amenities: ['wifi', 'pool'],
        checkInTime: '15:00',
        checkOutTime: '11:00',
        houseRules: 'No pets.',
      });
      const replaced = await update(room, { amenities: ['kitchen'], checkInTime: '16:30', houseRules: 'Pets welcome.' });
      expect(roomSchema.parse(replaced.json())).toMatchObject({ amenities: ['kitchen'], checkInTime: '16:30', checkOutTime: '11:00', houseRules: 'Pets welcome.' });
      const cleared = await update(room, { amenities: [], checkInTime: '', checkOutTime: null, houseRules: '' });
      expect(roomSchema.parse(cleared.json())).toMatchObject({ amenities: [], checkInTime: null, checkOutTime: null, houseRules: '' });
      // A refused update changes nothing.
      expect(refusal(await update(room, { amenities: ['hammock'], houseRules: 'Changed?' })).fields).toEqual({ amenities: 'Unknown amenity: hammock' });
      expect((await getRoom(room._id)).houseRules).toBe('');
    });
  });

  describe('searching by them', () => {
    beforeEach(async () => {
      await removeEveryRoom(t.database.db);
      await t.app.listing.roomsChanged();
    });

    async function titles(query: string): Promise<string[]> {
      const res = await t.call('GET', `/api/rooms?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return roomsPageSchema
        .parse(res.json())
        .items.map((r) => r.title)
        .sort();
    }

    async function room(title: string, amenities: string[]) {
      await insertRoom(t.database.db, { hostId: host.id, title, amenities, availableFrom: day(1), availableTo: day(60) });
      await t.app.listing.roomsChanged();
    }

    it('by one amenity, and by several: only rooms having all of them', async () => {
      await room('bare', []);
      await room('wifi', ['wifi']);
      await room('wifi kitchen', ['wifi', 'kitchen']);
      await room('wifi kitchen pool', ['wifi', 'kitchen', 'pool']);
      await room('kitchen pool', ['kitchen', 'pool']);
      expect(await titles('amenities=wifi')).toEqual(['wifi', 'wifi kitchen', 'wifi kitchen pool']);
      expect(await titles('amenities=wifi,kitchen')).toEqual(['wifi kitchen', 'wifi kitchen pool']);
      // The order and repeats in the address do not matter.
      expect(await titles('amenities=pool,kitchen,wifi,pool')).toEqual(['wifi kitchen pool']);
      expect(await titles('amenities=ev-charger')).toEqual([]);
      // With the other filters, and counted.
      const res = await t.call('GET', '/api/rooms?amenities=kitchen&sort=price-asc');
      expect(roomsPageSchema.parse(res.json()).total).toEqual({ count: 3, more: false });
    });

    it("leaves out of search answers what only a room's page shows", async () => {
      await room('wifi', ['wifi']);
      const [listed] = roomsPageSchema.parse((await t.call('GET', '/api/rooms?amenities=wifi')).json()).items;
      const raw = (await t.call('GET', '/api/rooms?amenities=wifi')).json() as { items: Record<string, unknown>[] };
      expect(listed?.title).toBe('wifi');
      for (const field of ['amenities', 'checkInTime', 'checkOutTime', 'houseRules']) expect(raw.items[0]).not.toHaveProperty(field);
    });

    it('answers 400 naming amenities for an unknown, empty or malformed one', async () => {
      for (const [query, message] of [
        ['amenities=wifi,sauna', 'Unknown amenity: sauna'],
        ['amenities=', 'Amenities must name at least one amenity'],
        ['amenities=wifi,,pool', 'Amenities must be amenity keys separated by commas'],
        ['amenities=WIFI', 'Unknown amenity: WIFI'],
      ]) {
        const error = refusal(await t.call('GET', `/api/rooms?${query}`));
        expect(error.fields, query).toEqual({ amenities: message });
      }
    });

    it('can answer the filter from the GIN index on amenities', async () => {
      // A handful of rows: the planner would rather read them all, so it is told not to. The containment test is
      // one the index's operator class answers (on a real table the planner weighs it against the listing indexes).
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = (await tx.execute(sql`explain select id from rooms where amenities @> array['wifi', 'pool']::text[]`)) as unknown as { rows: unknown[] };
        expect(JSON.stringify(plan.rows)).toContain('rooms_amenities_idx');
      });
    });
  });

  it("shows the room's check-in and check-out times on the trip page, or none when it has none", async () => {
    const timed = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60), checkInTime: '15:00', checkOutTime: '10:30' });
    const untimed = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60) });
    for (const [room, checkInTime, checkOutTime] of [
      [timed, '15:00', '10:30'],
      [untimed, null, null],
    ] as const) {
      const stay = await bookStay(t, guest, { roomId: room.id, from: day(3), to: day(5) });
      for (const viewer of [guest, host]) {
        const res = await t.call('GET', `/api/trips/${stay._id}`, { as: viewer });
        expect(res.statusCode, res.body).toBe(200);
        expect(tripSchema.parse(res.json()).stay).toEqual({ from: day(3), to: day(5), nights: 2, guests: 1, checkInTime, checkOutTime });
      }
    }
  });
});
