import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bookingsPageSchema, roomAvailabilitySchema, roomSchema, storedImageUrl } from '@staybook/domain';
import { randomUUID } from 'node:crypto';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { rooms } from '../../db/schema.js';
import { TestPaymentProcessor } from '../../integrations/payments/test-processor.js';
import { STAY_STARTED_MESSAGE } from './cancel-booking.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { recordUploads } from '../../test/rooms.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import { zoneWhereTodayIsNotUtcToday } from '../../test/time-zones.js';

/**
 * A room's check-in days follow its own time zone (docs/decisions/026-room-time-zone.md). Each test puts the
 * room in a zone whose date differs from UTC's as it runs, so counting in UTC fails it whichever way it differs.
 */
describe.each(TEST_DATABASE_KINDS)("a room's days in its own time zone, on %s", (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;
  const { zone, local } = zoneWhereTodayIsNotUtcToday();
  const day = (n: number) => addDays(local, n);

  beforeAll(async () => {
    t = await createTestApp(kind, { TIME_ZONE: 'Europe/Lisbon' });
    [host, guest] = await Promise.all([t.signUp({ role: 'host' }), t.signUp()]);
  });
  afterAll(() => t.close());

  function newRoom(overrides: Partial<Parameters<typeof insertRoom>[1]> = {}) {
    return insertRoom(t.database.db, { hostId: host.id, timeZone: zone, availableFrom: day(-3), availableTo: day(30), ...overrides });
  }

  function stay(room: Awaited<ReturnType<typeof newRoom>>, from: string, to: string) {
    return insertBooking(t.database.db, { room, guestId: guest.id, checkIn: from, checkOut: to, processor: new TestPaymentProcessor(t.database.db) });
  }

  it("offers nights from today where the room is, and refuses a stay starting the day before", async () => {
    const room = await newRoom();
    const availability = roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${room.id}/availability`)).json());
    expect(availability).toMatchObject({ from: local, firstBookable: local });

    const today = await t.call('POST', '/api/create-payment-intent', { as: guest, body: { roomId: room.id, from: day(0), to: day(2) } });
    expect(today.statusCode, today.body).toBe(200);
    const yesterday = await t.call('POST', '/api/create-payment-intent', { as: guest, body: { roomId: room.id, from: day(-1), to: day(2) } });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json()).toMatchObject({ error: { message: 'A stay cannot start in the past. Please choose dates from today on.' } });
  });

  it("stops cancelling on the check-in day where the room is, and says which stays have begun", async () => {
    const room = await newRoom();
    const begun = await stay(room, day(0), day(1));
    const later = await stay(room, day(1), day(2));

    const mine = bookingsPageSchema.parse((await t.call('GET', '/api/my-bookings', { as: guest })).json()).items;
    const byId = new Map(mine.map((b) => [b._id, b]));
    expect(byId.get(begun.booking.id)).toMatchObject({ state: 'in-progress', cancellable: false });
    expect(byId.get(later.booking.id)).toMatchObject({ state: 'upcoming', cancellable: true });

    const refused = await t.call('DELETE', `/api/booking/${begun.booking.id}`, { as: guest });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: STAY_STARTED_MESSAGE } });
    const cancelled = await t.call('DELETE', `/api/booking/${later.booking.id}`, { as: guest });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', state: 'cancelled' });
  });

  it("marks a room booked when every night from today where it is is taken", async () => {
    // Only tonight is free in one; every night from tonight is taken in the other.
    const free = await newRoom({ availableTo: day(2) });
    await stay(free, day(1), day(2));
    const full = await newRoom({ availableTo: day(2) });
    await stay(full, day(0), day(2));

    const seen = async (id: string) => roomSchema.parse((await t.call('GET', `/api/room/${id}`)).json());
    expect(await seen(free.id)).toMatchObject({ booked: false, timeZone: zone });
    expect(await seen(full.id)).toMatchObject({ booked: true, timeZone: zone });
  });

  describe('Add Room and Update Room', () => {
    const input = () => ({
      title: 'Harbour flat',
      location: 'Lisbon, Portugal',
      category: 'Modern',
      from: day(0),
      to: day(20),
      price: 120,
      guests: 2,
      bedrooms: 1,
      bathrooms: 1,
      description: '',
      image: storedImageUrl(randomUUID()),
    });
    /** The room as the host sends it, its picture recorded as their own upload. */
    const own = async <T extends { image: string }>(body: T): Promise<T> => {
      await recordUploads(t, host, [body.image]);
      return body;
    };

    it("put a new room in the server's zone (TIME_ZONE) unless the host picks one, and let an update change it", async () => {
      const plain = await t.call('POST', '/api/room', { as: host, body: await own({ ...input(), from: addDays(local, 2) }) });
      expect(plain.statusCode, plain.body).toBe(201);
      expect(plain.json()).toMatchObject({ timeZone: 'Europe/Lisbon' });

      const placed = await t.call('POST', '/api/room', { as: host, body: await own({ ...input(), timeZone: zone.toLowerCase() }) });
      expect(placed.statusCode, placed.body).toBe(201);
      const room = roomSchema.parse(placed.json());
      expect(room.timeZone).toBe(zone);

      const moved = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: await own({ ...input(), from: room.from, timeZone: 'Asia/Tokyo' }) });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ timeZone: 'Asia/Tokyo' });
      const kept = await t.call('PUT', `/api/room/update/${room._id}`, { as: host, body: await own({ ...input(), from: room.from, title: 'Harbour loft' }) });
      expect(kept.json()).toMatchObject({ title: 'Harbour loft', timeZone: 'Asia/Tokyo' });
      const [stored] = await t.database.db.select({ timeZone: rooms.timeZone }).from(rooms).where(eq(rooms.id, room._id));
      expect(stored!.timeZone).toBe('Asia/Tokyo');
    });

    it("let availability start today where the room is, not the day before", async () => {
      const today = await t.call('POST', '/api/room', { as: host, body: await own({ ...input(), timeZone: zone }) });
      expect(today.statusCode, today.body).toBe(201);
      const yesterday = await t.call('POST', '/api/room', { as: host, body: await own({ ...input(), from: day(-1), timeZone: zone }) });
      expect(yesterday.statusCode).toBe(400);
      expect(yesterday.json()).toMatchObject({ error: { fields: { from: 'Availability cannot start before today' } } });
    });

    it('refuse a zone that is not an IANA name, naming the field', async () => {
      for (const timeZone of ['Lisbon', '+01:00', 'Mars/Olympus_Mons']) {
        const res = await t.call('POST', '/api/room', { as: host, body: await own({ ...input(), timeZone }) });
        expect(res.statusCode, timeZone).toBe(400);
        expect(res.json(), timeZone).toMatchObject({ error: { fields: { timeZone: 'Please choose a time zone such as Europe/Lisbon' } } });
      }
    });
  });

  it("tells the web app the server's zone", async () => {
    expect((await t.call('GET', '/api/config')).json()).toMatchObject({ timeZone: 'Europe/Lisbon' });
  });
});
