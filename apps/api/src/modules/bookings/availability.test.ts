import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { roomAvailabilitySchema, roomSchema, roomsPageSchema, timeOfDayIn, timeOfDayOnClock, todayIn, todayOnClock } from '@staybook/domain';
import { insertBooking } from '../../db/factories.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';

/** The nights a room offers from today on, and the booked flag every room answer carries. */
describe.each(TEST_DATABASE_KINDS)('bookings API on %s', (kind) => {
  const s = useBookingSuite(kind);

  describe('availability and the booked flag', () => {
    async function roomAnswers(id: string) {
      // The rooms and stays here are written by factories, behind the app's back: tell its listing cache.
      await s.t.app.listing.roomsChanged();
      const one = roomSchema.parse((await s.t.call('GET', `/api/room/${id}`)).json());
      const listed = roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?limit=60')).json()).items.find((x) => x._id === id);
      const availability = roomAvailabilitySchema.parse((await s.t.call('GET', `/api/room/${id}/availability`)).json());
      expect(listed?.booked).toBe(one.booked);
      expect(availability.booked).toBe(one.booked);
      return availability;
    }

    it('offers the window from today on, with the stays taken and the first free night', async () => {
      const r = await s.newRoom({ availableFrom: day(-5), availableTo: day(10) });
      await insertBooking(s.t.database.db, { room: r, guestId: s.guest.id, checkIn: day(-5), checkOut: day(-2) });
      await insertBooking(s.t.database.db, { room: r, guestId: s.guest.id, checkIn: day(-1), checkOut: day(2) });
      await insertBooking(s.t.database.db, { room: r, guestId: s.guest.id, checkIn: day(2), checkOut: day(3) });
      await insertBooking(s.t.database.db, { room: r, guestId: s.guest.id, checkIn: day(5), checkOut: day(7) });
      await insertBooking(s.t.database.db, { room: r, guestId: s.guest.id, checkIn: day(3), checkOut: day(4), status: 'cancelled' });
      expect(await roomAnswers(r.id)).toEqual({
        from: day(0),
        to: day(10),
        taken: [
          { from: day(-1), to: day(2) },
          { from: day(2), to: day(3) },
          { from: day(5), to: day(7) },
        ],
        firstBookable: day(3),
        booked: false,
        nights: [],
        clock: expect.objectContaining({ utcOffsetMinutes: 0 }),
      });
      expect((await s.t.call('GET', `/api/room/${randomUUID()}/availability`)).statusCode).toBe(404);
      expect((await s.t.call('GET', '/api/room/nope/availability')).statusCode).toBe(400);
    });

    it("carries the room's clock: its day and time of day read from it are the zone's own, as long as it holds", async () => {
      // St John's is 3.5 hours behind UTC, 2.5 in summer; Kathmandu 5.75 ahead; Lord Howe moves by half an hour.
      for (const timeZone of ['America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC']) {
        const r = await s.newRoom({ timeZone });
        const before = Date.now();
        const { clock } = roomAvailabilitySchema.parse((await s.t.call('GET', `/api/room/${r.id}/availability`)).json());
        const after = Date.now();
        expect(Date.parse(clock.since)).toBeLessThanOrEqual(before);
        expect(Date.parse(clock.until)).toBeGreaterThan(after);
        for (const at of [before, after, Date.parse(clock.since), Date.parse(clock.until) - 1]) {
          expect(todayOnClock(clock, new Date(at)), `${timeZone} at ${new Date(at).toISOString()}`).toBe(todayIn(timeZone, new Date(at)));
          expect(timeOfDayOnClock(clock, new Date(at)), `${timeZone} at ${new Date(at).toISOString()}`).toBe(timeOfDayIn(timeZone, new Date(at)));
        }
        expect(todayOnClock(clock, new Date(Date.parse(clock.until)))).toBeNull();
      }
    });

    it('is booked only when no night from today on remains: not for a partly booked room, not for past stays', async () => {
      const partly = await s.newRoom({ availableFrom: day(1), availableTo: day(6) });
      await insertBooking(s.t.database.db, { room: partly, guestId: s.guest.id, checkIn: day(1), checkOut: day(3) });
      await insertBooking(s.t.database.db, { room: partly, guestId: s.guest.id, checkIn: day(4), checkOut: day(6) });
      expect(await roomAnswers(partly.id)).toMatchObject({ firstBookable: day(3), booked: false });

      const pastOnly = await s.newRoom({ availableFrom: day(-10), availableTo: day(5) });
      await insertBooking(s.t.database.db, { room: pastOnly, guestId: s.guest.id, checkIn: day(-10), checkOut: day(0) });
      expect(await roomAnswers(pastOnly.id)).toMatchObject({ firstBookable: day(0), booked: false });

      // Every night from today on is taken, though earlier nights of the window were free.
      const full = await s.newRoom({ availableFrom: day(-10), availableTo: day(5) });
      await insertBooking(s.t.database.db, { room: full, guestId: s.guest.id, checkIn: day(-1), checkOut: day(2) });
      await insertBooking(s.t.database.db, { room: full, guestId: s.guest.id, checkIn: day(2), checkOut: day(5) });
      expect(await roomAnswers(full.id)).toMatchObject({ from: day(0), firstBookable: null, booked: true });

      const ended = await s.newRoom({ availableFrom: day(-10), availableTo: day(0) });
      expect(await roomAnswers(ended.id)).toMatchObject({ taken: [], firstBookable: null, booked: true });
    });
  });
});
