import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, roomAvailabilitySchema, roomSchema } from '@staybook/domain';
import { insertBooking } from '../../db/factories.js';
import { bookings, testPaymentIntents } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { openBookingSuite, type BookingSuite } from '../../test/booking-suite.js';
import { bookStay } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';

/** Cancelling a stay: the refund, made once however often it is asked for, the nights freed, and when it is too late. */
describe.each(TEST_DATABASE_KINDS)('bookings API on %s', (kind) => {
  // Set before the tests run (openBookingSuite).
  let { t, host, guest, otherGuest, newRoom, eventsOf, paymentOf } = {} as BookingSuite;

  beforeAll(async () => {
    ({ t, host, guest, otherGuest, newRoom, eventsOf, paymentOf } = await openBookingSuite(kind));
  });
  afterAll(() => t.close());

  describe('cancellation', () => {
    it('refunds in full once, frees the nights at once, and a second cancel refunds nothing more', async () => {
      const r = await newRoom({ availableFrom: day(1), availableTo: day(4) });
      const stay = await bookStay(t, guest, { roomId: r.id, from: day(1), to: day(4) });
      const roomBefore = roomSchema.parse((await t.call('GET', `/api/room/${r.id}`)).json());
      expect(roomBefore.booked).toBe(true);
      await t.clearMail();

      const res = await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest });
      expect(res.statusCode).toBe(200);
      const cancelled = bookingSchema.parse(res.json());
      expect(cancelled).toMatchObject({ _id: stay._id, status: 'cancelled', state: 'cancelled', cancellable: false, refundedCents: 36_000 });
      expect(cancelled.cancelledAt).not.toBeNull();
      expect(await paymentOf(stay.transactionId)).toMatchObject({ status: 'refunded', refundedCents: 36_000 });

      const again = await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest });
      expect(again.statusCode).toBe(200);
      expect(bookingSchema.parse(again.json())).toEqual(cancelled);
      expect((await eventsOf(stay.transactionId)).filter((e) => e === 'charge.refunded')).toHaveLength(1);

      expect(roomSchema.parse((await t.call('GET', `/api/room/${r.id}`)).json()).booked).toBe(false);
      expect(roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${r.id}/availability`)).json())).toEqual({
        from: day(1),
        to: day(4),
        taken: [],
        firstBookable: day(1),
        booked: false,
      });
      await bookStay(t, otherGuest, { roomId: r.id, from: day(1), to: day(4) });
    });

    it('refunds once when cancelled many times at once', async () => {
      const r = await newRoom();
      const stay = await bookStay(t, guest, { roomId: r.id, from: day(8), to: day(10) });
      const results = await Promise.all(
        [guest, guest, host, guest, host].map((as) => t.call('DELETE', `/api/booking/${stay._id}`, { as })),
      );
      expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      for (const res of results) expect(bookingSchema.parse(res.json())).toMatchObject({ status: 'cancelled', refundedCents: 24_000 });
      expect((await eventsOf(stay.transactionId)).filter((e) => e === 'charge.refunded')).toHaveLength(1);
      const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, stay.transactionId));
      expect(intent).toMatchObject({ amountReceivedCents: 24_000, amountRefundedCents: 24_000 });
    });

    it("answers 409 'This stay has already started' on or after the check-in day, and refunds nothing", async () => {
      const r = await newRoom({ availableFrom: day(-10), availableTo: day(10) });
      for (const [from, to] of [[0, 2], [-3, 0], [-8, -5]]) {
        const { booking } = await insertBooking(t.database.db, { room: r, guestId: guest.id, checkIn: day(from!), checkOut: day(to!) });
        for (const as of [guest, host]) {
          expect(errorOf(await t.call('DELETE', `/api/booking/${booking.id}`, { as }))).toEqual({
            status: 409,
            error: { code: 'CONFLICT', message: 'This stay has already started' },
          });
        }
      }
      expect(await t.database.db.select().from(bookings).where(and(eq(bookings.roomId, r.id), eq(bookings.status, 'cancelled')))).toHaveLength(0);
    });
  });
});
