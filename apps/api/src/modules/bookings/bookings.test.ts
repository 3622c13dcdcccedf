import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, bookingSchema, todayIn } from '@staybook/domain';
import { bookings, payments, rooms, testPaymentIntents } from '../../db/schema.js';
import { OVERLAPPING_BOOKING_MESSAGE } from '../../errors.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite, type FactoryRoom } from '../../test/booking-suite.js';
import { bookStay, confirmBooking, confirmCard, startPayment, testCard } from '../../test/bookings.js';
import { serverUrlOf, TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { untilBlockedBy } from '../../test/lock-waits.js';
import { itNeeding, twoConnectionsOn } from '../../test/needs.js';

/** Paying for a stay and booking it: the payment intent, the card, the booking, and what changes while the guest pays. */
describe.each(TEST_DATABASE_KINDS)('bookings API on %s', (kind) => {
  const s = useBookingSuite(kind);
  let room: FactoryRoom;

  beforeAll(async () => {
    room = await s.newRoom();
  });

  describe('POST /api/create-payment-intent', () => {
    it('charges the stored nightly price × nights, whatever price, guest or host the body names', async () => {
      const res = await s.t.call('POST', '/api/create-payment-intent', {
        as: s.guest,
        body: { roomId: room.id, from: day(2), to: day(5), price: 1, totalCents: 1, guest: { email: s.otherGuest.email }, host: { email: s.guest.email } },
      });
      expect(res.statusCode).toBe(200);
      const intent = res.json() as { paymentIntentId: string };
      expect(res.json()).toEqual({
        paymentIntentId: expect.stringMatching(/^pi_test_/),
        clientSecret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/),
        provider: 'test',
        nights: 3,
        nightlyPriceCents: 12_000,
        totalCents: 36_000,
        lines: [{ kind: 'nights', amountCents: 36_000, credit: false, nights: 3, unitCents: 12_000, weekend: false }],
        guests: 1,
        cancellationPolicy: 'flexible',
        request: false,
      });
      expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({
        guestId: s.guest.id,
        roomId: room.id,
        checkIn: day(2),
        checkOut: day(5),
        nightlyPriceCents: 12_000,
        amountCents: 36_000,
        status: 'requires_payment',
      });
      const [processed] = await s.t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.paymentIntentId));
      expect(processed).toMatchObject({ amountCents: 36_000, currency: 'usd', captureMethod: 'manual', metadata: { guestId: s.guest.id, roomId: room.id } });
    });

    it('refuses a total of $1 or less with 400: no payment is requested', async () => {
      const cheap = await s.newRoom({ priceCents: 100 });
      const res = await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId: cheap.id, from: day(2), to: day(3) } });
      expect(errorOf(res)).toEqual({ status: 400, error: { code: 'BAD_REQUEST', message: 'Card payments start above $1; this stay costs $1.' } });
      // Two nights at $1 come to $2: above the threshold.
      await startPayment(s.t, s.guest, { roomId: cheap.id, from: day(2), to: day(4) });
      expect(await s.t.database.db.select().from(payments).where(eq(payments.roomId, cheap.id))).toHaveLength(1);
    });

    it("refuses the host's own room with 403", async () => {
      const res = await s.t.call('POST', '/api/create-payment-intent', { as: s.host, body: { roomId: room.id, from: day(2), to: day(3) } });
      expect(errorOf(res)).toEqual({ status: 403, error: { code: 'FORBIDDEN', message: 'You cannot book your own room.' } });
    });

    it('refuses dates in the past, outside the window, of no nights or too many, with 400 and a clear message', async () => {
      const long = await s.newRoom({ availableFrom: day(0), availableTo: day(400) });
      const window = `This room can be booked from`;
      const cases: [object, string | RegExp][] = [
        [{ roomId: room.id, from: day(5), to: day(5) }, 'A stay is at least one night: choose a check-out day after the check-in day.'],
        [{ roomId: room.id, from: day(6), to: day(5) }, 'A stay is at least one night: choose a check-out day after the check-in day.'],
        [{ roomId: long.id, from: day(-1), to: day(2) }, 'A stay cannot start in the past. Please choose dates from today on.'],
        [{ roomId: room.id, from: day(0), to: day(2) }, new RegExp(`^${window} .+\\. Please choose dates in that range\\.$`)],
        [{ roomId: room.id, from: day(58), to: day(61) }, new RegExp(`^${window}`)],
        [{ roomId: long.id, from: day(1), to: day(367) }, 'A stay can be at most 365 nights.'],
      ];
      for (const [body, message] of cases) {
        const res = await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorOf(res).error.message).toMatch(message);
      }
      const malformed = await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId: room.id, from: '2030-02-30', to: day(2) } });
      expect(errorOf(malformed)).toMatchObject({ status: 400, error: { code: 'VALIDATION_FAILED', message: 'from: Expected a date as YYYY-MM-DD' } });
      const unknown = await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId: randomUUID(), from: day(2), to: day(3) } });
      expect(errorOf(unknown)).toEqual({ status: 404, error: { code: 'NOT_FOUND', message: 'Room not found. It may have been removed by its host.' } });
    });

    it('answers 409 at once for nights a confirmed stay holds; the check-out day stays free', async () => {
      const r = await s.newRoom();
      await bookStay(s.t, s.guest, { roomId: r.id, from: day(10), to: day(13) });
      for (const [from, to] of [[day(12), day(14)], [day(9), day(11)], [day(11), day(12)], [day(5), day(20)]] as const) {
        const res = await s.t.call('POST', '/api/create-payment-intent', { as: s.otherGuest, body: { roomId: r.id, from, to } });
        expect(errorOf(res), `${from}..${to}`).toEqual({ status: 409, error: { code: 'CONFLICT', message: OVERLAPPING_BOOKING_MESSAGE } });
      }
      await startPayment(s.t, s.otherGuest, { roomId: r.id, from: day(13), to: day(15) });
      await startPayment(s.t, s.otherGuest, { roomId: r.id, from: day(8), to: day(10) });
    });
  });

  describe('POST /api/test-processor/confirm', () => {
    it('answers a decline with 402, the message and the decline code, and books nothing', async () => {
      const intent = await startPayment(s.t, s.guest, { roomId: room.id, from: day(20), to: day(21) });
      const res = await confirmCard(s.t, intent, testCard('4000 0000 0000 0002'));
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: { code: 'CARD_DECLINED', message: 'Your card was declined.', declineCode: 'card_declined' } });
      const book = await confirmBooking(s.t, s.guest, intent.paymentIntentId);
      expect(errorOf(book)).toEqual({
        status: 400,
        error: { code: 'BAD_REQUEST', message: 'The card has not been authorized for this payment yet. Please confirm your card first.' },
      });
      expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'requires_payment' });
      expect(await s.eventsOf(intent.paymentIntentId)).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);
    });

    it('answers bad card details with 400 and the field, and an unknown client secret with 404', async () => {
      const intent = await startPayment(s.t, s.guest, { roomId: room.id, from: day(20), to: day(21) });
      const luhn = await confirmCard(s.t, intent, testCard('4242 4242 4242 4241'));
      expect(luhn.statusCode).toBe(400);
      expect(luhn.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'Your card number is invalid.', fields: { number: 'Your card number is invalid.' }, declineCode: 'invalid_number' },
      });
      const past = await confirmCard(s.t, intent, { ...testCard(), expYear: 2020 });
      expect(errorOf(past)).toMatchObject({ status: 400, error: { message: "Your card's expiration date is in the past." } });
      const unknown = await confirmCard(s.t, { ...intent, clientSecret: `${intent.paymentIntentId}_secret_${'x'.repeat(24)}` });
      expect(errorOf(unknown)).toEqual({ status: 404, error: { code: 'NOT_FOUND', message: 'This payment does not exist. Please start the payment again.' } });
    });
  });

  describe('POST /api/booking', () => {
    it('books the stay once the card is authorized, captures once, and answers the same booking again', async () => {
      const r = await s.newRoom({ title: 'Lake house', location: 'Como, Italy', image: '/uploads/lake.webp' });
      const intent = await startPayment(s.t, s.guest, { roomId: r.id, from: day(3), to: day(6) });
      expect((await confirmCard(s.t, intent, testCard('5555 5555 5555 4444'))).json()).toEqual({ id: intent.paymentIntentId, status: 'requires_capture' });
      expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'authorized' });

      const first = await s.t.call('POST', '/api/booking', {
        as: s.guest,
        body: { paymentIntentId: intent.paymentIntentId, price: 1, guest: { email: s.otherGuest.email }, roomId: room.id },
      });
      expect(first.statusCode).toBe(201);
      expect(first.headers['cache-control']).toBe('no-store');
      const booking = bookingSchema.parse(first.json());
      expect(booking).toMatchObject({
        roomId: r.id,
        title: 'Lake house',
        location: 'Como, Italy',
        image: '/uploads/lake.webp',
        from: day(3),
        to: day(6),
        nights: 3,
        nightlyPriceCents: 12_000,
        price: 360,
        priceCents: 36_000,
        refundedCents: 0,
        transactionId: intent.paymentIntentId,
        card: { brand: 'mastercard', last4: '4444' },
        status: 'confirmed',
        state: 'upcoming',
        cancellable: true,
        cancelledAt: null,
        guest: { name: 'Ana Lima', email: s.guest.email },
        host: { name: 'Hana Host', email: s.host.email },
      });
      expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'succeeded', cardBrand: 'mastercard', cardLast4: '4444' });

      const again = await confirmBooking(s.t, s.guest, intent.paymentIntentId);
      expect(again.statusCode).toBe(200);
      expect(bookingSchema.parse(again.json())._id).toBe(booking._id);
      expect(await s.eventsOf(intent.paymentIntentId)).toEqual([
        'payment_intent.created',
        'payment_intent.amount_capturable_updated',
        'payment_intent.succeeded',
      ]);
      expect(await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, r.id))).toHaveLength(1);
    });

    it('keeps the price the payment was made at, even if the host changes the room meanwhile', async () => {
      const r = await s.newRoom();
      const intent = await startPayment(s.t, s.guest, { roomId: r.id, from: day(3), to: day(5) });
      await confirmCard(s.t, intent);
      await s.t.database.db.update(rooms).set({ priceCents: 99_900, title: 'Renamed' }).where(eq(rooms.id, r.id));
      const booking = bookingSchema.parse((await confirmBooking(s.t, s.guest, intent.paymentIntentId)).json());
      expect(booking).toMatchObject({ title: 'Renamed', nightlyPriceCents: 12_000, priceCents: 24_000 });
    });

    it("refuses a payment the provider's records do not match, and books nothing", async () => {
      const r = await s.newRoom();
      const intent = await startPayment(s.t, s.guest, { roomId: r.id, from: day(3), to: day(5) });
      await confirmCard(s.t, intent);
      await s.t.database.db.update(testPaymentIntents).set({ amountCents: 100 }).where(eq(testPaymentIntents.id, intent.paymentIntentId));
      const res = await confirmBooking(s.t, s.guest, intent.paymentIntentId);
      expect(errorOf(res)).toEqual({
        status: 409,
        error: { code: 'CONFLICT', message: 'This payment does not match the stay it was created for, so the stay was not booked.' },
      });
      expect(await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, r.id))).toHaveLength(0);
      expect(await s.eventsOf(intent.paymentIntentId)).not.toContain('payment_intent.succeeded');
    });

    it('voids the hold and answers 409 when the host removed the room while the guest paid; a removed room takes no new payment', async () => {
      const r = await s.newRoom();
      const intent = await startPayment(s.t, s.guest, { roomId: r.id, from: day(3), to: day(5) });
      await confirmCard(s.t, intent);
      await s.t.database.db.update(rooms).set({ deletedAt: new Date() }).where(eq(rooms.id, r.id));
      expect(errorOf(await confirmBooking(s.t, s.guest, intent.paymentIntentId))).toEqual({
        status: 409,
        error: { code: 'CONFLICT', message: 'This room was removed by its host while you were paying, so it was not booked. You have not been charged.' },
      });
      expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
      expect(await s.eventsOf(intent.paymentIntentId)).toContain('payment_intent.canceled');
      const again = await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId: r.id, from: day(3), to: day(5) } });
      expect(errorOf(again)).toMatchObject({ status: 404, error: { message: 'Room not found. It may have been removed by its host.' } });
      expect((await s.t.call('GET', `/api/room/${r.id}/availability`)).statusCode).toBe(404);
    });

    it("voids the hold and answers 409 when the host moved the room's dates away from the stay while the guest paid", async () => {
      const r = await s.newRoom();
      const intent = await startPayment(s.t, s.guest, { roomId: r.id, from: day(20), to: day(25) });
      await confirmCard(s.t, intent);
      await s.t.database.db.update(rooms).set({ availableTo: day(22) }).where(eq(rooms.id, r.id));
      expect(errorOf(await confirmBooking(s.t, s.guest, intent.paymentIntentId))).toEqual({
        status: 409,
        error: {
          code: 'CONFLICT',
          message: "The host changed this room's dates while you were paying, so these nights can no longer be booked. You have not been charged.",
        },
      });
      expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
      expect(await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, r.id))).toHaveLength(0);
    });

    it('voids the hold and answers 409 when the check-in day passed where the room is while the guest paid', async () => {
      // Today in Pago Pago (UTC−11) is always yesterday or the day before in Kiritimati (UTC+14): moving the room
      // there between the hold and the confirmation is the clock passing midnight.
      const checkIn = todayIn('Pacific/Pago_Pago');
      const r = await s.newRoom({ timeZone: 'Pacific/Pago_Pago', availableFrom: addDays(checkIn, -1), availableTo: addDays(checkIn, 10) });
      const intent = await startPayment(s.t, s.guest, { roomId: r.id, from: checkIn, to: addDays(checkIn, 2) });
      await confirmCard(s.t, intent);
      await s.t.database.db.update(rooms).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(rooms.id, r.id));
      expect(errorOf(await confirmBooking(s.t, s.guest, intent.paymentIntentId))).toEqual({
        status: 409,
        error: { code: 'CONFLICT', message: 'The check-in day passed while you were paying, so this stay was not booked. You have not been charged.' },
      });
      expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
      expect(await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, r.id))).toHaveLength(0);
    });

    itNeeding(twoConnectionsOn(kind), 'waits for a host changing the room at the same moment, then sees the change', {}, async () => {
      const r = await s.newRoom();
      const intent = await startPayment(s.t, s.guest, { roomId: r.id, from: day(20), to: day(25) });
      await confirmCard(s.t, intent);
      const host = new pg.Client({ connectionString: serverUrlOf(s.t.target) });
      await host.connect();
      try {
        // What changing a room does: lock it for update, check its stays, write the new dates.
        await host.query('begin');
        await host.query('select id from rooms where id = $1 for update', [r.id]);
        await host.query('update rooms set available_to = $2 where id = $1', [r.id, day(22)]);
        const pending = confirmBooking(s.t, s.guest, intent.paymentIntentId);
        // The confirmation waits for the host's lock (the test fails if it finishes without waiting); then the host commits.
        await untilBlockedBy(host, pending);
        await host.query('commit');
        expect(errorOf(await pending)).toMatchObject({ status: 409, error: { message: expect.stringMatching(/^The host changed this room's dates/) } });
      } finally {
        await host.end();
      }
      expect(await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, r.id))).toHaveLength(0);
      expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'canceled' });
    });

    it('voids the hold and answers 409 when the dates were booked after the intent was created', async () => {
      const r = await s.newRoom();
      const late = await startPayment(s.t, s.otherGuest, { roomId: r.id, from: day(4), to: day(8) });
      await confirmCard(s.t, late);
      await bookStay(s.t, s.guest, { roomId: r.id, from: day(6), to: day(9) });
      const res = await confirmBooking(s.t, s.otherGuest, late.paymentIntentId);
      expect(errorOf(res)).toEqual({ status: 409, error: { code: 'CONFLICT', message: OVERLAPPING_BOOKING_MESSAGE } });
      expect(await s.paymentOf(late.paymentIntentId)).toMatchObject({ status: 'canceled' });
      expect(await s.eventsOf(late.paymentIntentId)).toEqual(['payment_intent.created', 'payment_intent.amount_capturable_updated', 'payment_intent.canceled']);
      const retry = await confirmBooking(s.t, s.otherGuest, late.paymentIntentId);
      expect(errorOf(retry)).toEqual({
        status: 409,
        error: { code: 'CONFLICT', message: 'This payment was cancelled, so it cannot book the stay. Please start the booking again.' },
      });
    });
  });

  describe('the same guest paying twice for the same nights (two tabs)', () => {
    const ALREADY_BOOKED = { code: 'ALREADY_BOOKED', message: 'You already booked these dates.' };

    it("answers 409 'You already booked these dates.' when the intent is asked for nights the guest holds", async () => {
      const r = await s.newRoom();
      await bookStay(s.t, s.guest, { roomId: r.id, from: day(10), to: day(13) });
      const res = await s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body: { roomId: r.id, from: day(11), to: day(14) } });
      expect(errorOf(res)).toEqual({ status: 409, error: ALREADY_BOOKED });
      // Someone else hears that the nights are taken, and nothing about whose they are.
      const other = await s.t.call('POST', '/api/create-payment-intent', { as: s.otherGuest, body: { roomId: r.id, from: day(11), to: day(14) } });
      expect(errorOf(other)).toEqual({ status: 409, error: { code: 'CONFLICT', message: OVERLAPPING_BOOKING_MESSAGE } });
    });

    it('says so when the second tab pays after the first booked, and still releases its hold', async () => {
      const r = await s.newRoom();
      const first = await startPayment(s.t, s.guest, { roomId: r.id, from: day(4), to: day(8) });
      const second = await startPayment(s.t, s.guest, { roomId: r.id, from: day(4), to: day(8) });
      await confirmCard(s.t, first);
      await confirmCard(s.t, second);
      expect((await confirmBooking(s.t, s.guest, first.paymentIntentId)).statusCode).toBe(201);

      const res = await confirmBooking(s.t, s.guest, second.paymentIntentId);
      expect(errorOf(res)).toEqual({ status: 409, error: ALREADY_BOOKED });
      expect(await s.paymentOf(second.paymentIntentId)).toMatchObject({ status: 'canceled' });
      expect(await s.eventsOf(second.paymentIntentId)).toEqual([
        'payment_intent.created',
        'payment_intent.amount_capturable_updated',
        'payment_intent.canceled',
      ]);
      expect(await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, r.id))).toHaveLength(1);
    });
  });
});
