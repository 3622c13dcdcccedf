import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingSchema, roomAvailabilitySchema, roomSchema } from '@staybook/domain';
import { insertBooking } from '../../db/factories.js';
import { bookings, testPaymentIntents } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { bookStay } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';

/** Cancelling a stay: the refund, made once however often it is asked for, the nights freed, and when it is too late. */
describe.each(TEST_DATABASE_KINDS)('bookings API on %s', (kind) => {
  const s = useBookingSuite(kind);

  describe('cancellation', () => {
    it('refunds in full once, frees the nights at once, and a second cancel refunds nothing more', async () => {
      const r = await s.newRoom({ availableFrom: day(1), availableTo: day(4) });
      const stay = await bookStay(s.t, s.guest, { roomId: r.id, from: day(1), to: day(4) });
      const roomBefore = roomSchema.parse((await s.t.call('GET', `/api/room/${r.id}`)).json());
      expect(roomBefore.booked).toBe(true);
      await s.t.clearMail();

      const res = await s.t.call('DELETE', `/api/booking/${stay._id}`, { as: s.guest });
      expect(res.statusCode).toBe(200);
      const cancelled = bookingSchema.parse(res.json());
      expect(cancelled).toMatchObject({ _id: stay._id, status: 'cancelled', state: 'cancelled', cancellable: false, refundedCents: 36_000 });
      expect(cancelled.cancelledAt).not.toBeNull();
      expect(await s.paymentOf(stay.transactionId)).toMatchObject({ status: 'refunded', refundedCents: 36_000 });

      const again = await s.t.call('DELETE', `/api/booking/${stay._id}`, { as: s.guest });
      expect(again.statusCode).toBe(200);
      expect(bookingSchema.parse(again.json())).toEqual(cancelled);
      expect((await s.eventsOf(stay.transactionId)).filter((e) => e === 'charge.refunded')).toHaveLength(1);

      expect(roomSchema.parse((await s.t.call('GET', `/api/room/${r.id}`)).json()).booked).toBe(false);
      expect(roomAvailabilitySchema.parse((await s.t.call('GET', `/api/room/${r.id}/availability`)).json())).toEqual({
        from: day(1),
        to: day(4),
        taken: [],
        firstBookable: day(1),
        booked: false,
        nights: [],
        clock: expect.objectContaining({ utcOffsetMinutes: 0 }),
      });
      await bookStay(s.t, s.otherGuest, { roomId: r.id, from: day(1), to: day(4) });
    });

    it('refunds once when cancelled many times at once', async () => {
      const r = await s.newRoom();
      const stay = await bookStay(s.t, s.guest, { roomId: r.id, from: day(8), to: day(10) });
      const results = await Promise.all(
        [s.guest, s.guest, s.host, s.guest, s.host].map((as) => s.t.call('DELETE', `/api/booking/${stay._id}`, { as })),
      );
      expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      for (const res of results) expect(bookingSchema.parse(res.json())).toMatchObject({ status: 'cancelled', refundedCents: 24_000 });
      expect((await s.eventsOf(stay.transactionId)).filter((e) => e === 'charge.refunded')).toHaveLength(1);
      const [intent] = await s.t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, stay.transactionId));
      expect(intent).toMatchObject({ amountReceivedCents: 24_000, amountRefundedCents: 24_000 });
    });

    it("answers 409 'This stay has already started' on or after the check-in day, and refunds nothing", async () => {
      const r = await s.newRoom({ availableFrom: day(-10), availableTo: day(10) });
      for (const [from, to] of [[0, 2], [-3, 0], [-8, -5]]) {
        const { booking } = await insertBooking(s.t.database.db, { room: r, guestId: s.guest.id, checkIn: day(from!), checkOut: day(to!) });
        for (const as of [s.guest, s.host]) {
          expect(errorOf(await s.t.call('DELETE', `/api/booking/${booking.id}`, { as }))).toEqual({
            status: 409,
            error: { code: 'CONFLICT', message: 'This stay has already started' },
          });
        }
      }
      expect(await s.t.database.db.select().from(bookings).where(and(eq(bookings.roomId, r.id), eq(bookings.status, 'cancelled')))).toHaveLength(0);
    });
  });
});
