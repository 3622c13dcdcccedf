import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingSchema, formatIsoDate, type PaymentIntent } from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { bookings, payments, testPaymentEvents, testPaymentIntents } from '../../db/schema.js';
import { OVERLAPPING_BOOKING_MESSAGE } from '../../errors.js';
import { bookStay, confirmBooking, confirmCard, startPayment } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import { AUTHORIZED_GRACE_MS, UNPAID_INTENT_MAX_AGE_MS } from './payment-sweeper.js';

const later = (ms: number) => new Date(Date.now() + ms + 1_000);

/** Racing confirmations and the sweeper: one payment books one stay, one night is sold once. */
describe.each(TEST_DATABASE_KINDS)('booking confirmation races on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guests: TestUser[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    host = await t.signUp({ role: 'host' });
    guests = [];
    // Sign-ups hash passwords: a few at a time keeps the machine responsive.
    for (let i = 0; i < 50; i += 10) guests.push(...(await Promise.all(Array.from({ length: 10 }, () => t.signUp()))));
  });
  afterAll(() => t.close());

  const newRoom = (title = 'A quiet place to stay') => insertRoom(t.database.db, { hostId: host.id, title, availableFrom: day(1), availableTo: day(30) });

  async function eventTypes(intentIds: string[]) {
    // In the order they happened (a select's own order is the heap's, which a busy PostgreSQL shuffles).
    const rows = await t.database.db.select().from(testPaymentEvents).where(inArray(testPaymentEvents.intentId, intentIds)).orderBy(asc(testPaymentEvents.createdAt));
    return rows.map((e) => e.type);
  }

  it('50 guests confirming overlapping stays at once: one booking, one capture, 49 voided holds answered 409', async () => {
    const room = await newRoom();
    // Every stay shares the night day(7) with every other.
    const intents: PaymentIntent[] = [];
    for (const [i, guest] of guests.entries()) {
      intents.push(await startPayment(t, guest, { roomId: room.id, from: day(3 + (i % 5)), to: day(8 + (i % 3)) }));
    }
    for (const intent of intents) expect((await confirmCard(t, intent)).statusCode).toBe(200);

    const answers = await Promise.all(guests.map((guest, i) => confirmBooking(t, guest, intents[i]!.paymentIntentId)));

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({ error: { code: 'CONFLICT', message: OVERLAPPING_BOOKING_MESSAGE } });
    }
    const winner = intents[statuses.indexOf(201)]!.paymentIntentId;
    expect(await t.database.db.select().from(bookings).where(eq(bookings.roomId, room.id))).toHaveLength(1);

    const ids = intents.map((i) => i.paymentIntentId);
    const events = await eventTypes(ids);
    expect(events.filter((e) => e === 'payment_intent.succeeded')).toHaveLength(1);
    expect(events.filter((e) => e === 'payment_intent.canceled')).toHaveLength(49);
    const processed = await t.database.db.select().from(testPaymentIntents).where(inArray(testPaymentIntents.id, ids));
    for (const p of processed) {
      expect(p.status, p.id).toBe(p.id === winner ? 'succeeded' : 'canceled');
      expect(p.amountCapturableCents).toBe(0);
      expect(p.amountReceivedCents).toBe(p.id === winner ? p.amountCents : 0);
    }
    const ours = await t.database.db.select().from(payments).where(eq(payments.roomId, room.id));
    expect(ours.filter((p) => p.status === 'succeeded').map((p) => p.providerPaymentId)).toEqual([winner]);
    expect(ours.filter((p) => p.status === 'canceled')).toHaveLength(49);
  });

  it.each([
    { preparationNights: 1, first: [3, 5], second: [5, 7] },
    { preparationNights: 2, first: [3, 5], second: [6, 8] },
  ])(
    'two stays too close for $preparationNights nights of preparation, paid for together and confirmed at once: one is booked, the other refused and voided',
    async ({ preparationNights, first, second }) => {
      const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30), preparationNights });
      const [a, b] = [guests[0]!, guests[1]!];
      // Both pass the payment's checks: neither stay is confirmed yet.
      const intentA = await startPayment(t, a, { roomId: room.id, from: day(first[0]!), to: day(first[1]!) });
      const intentB = await startPayment(t, b, { roomId: room.id, from: day(second[0]!), to: day(second[1]!) });
      for (const intent of [intentA, intentB]) expect((await confirmCard(t, intent)).statusCode).toBe(200);

      const answers = await Promise.all([confirmBooking(t, a, intentA.paymentIntentId), confirmBooking(t, b, intentB.paymentIntentId)]);

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json()).toMatchObject({ error: { code: 'CONFLICT', message: expect.stringContaining('keeps nights free between stays') } });
      expect(await t.database.db.select().from(bookings).where(eq(bookings.roomId, room.id))).toHaveLength(1);
      expect(await eventTypes([intentA.paymentIntentId, intentB.paymentIntentId])).toContain('payment_intent.canceled');
    },
  );

  it('stays back to back in a room without preparation time are both booked', async () => {
    const room = await newRoom('Back to back');
    const intentA = await startPayment(t, guests[2]!, { roomId: room.id, from: day(3), to: day(5) });
    const intentB = await startPayment(t, guests[3]!, { roomId: room.id, from: day(5), to: day(7) });
    for (const intent of [intentA, intentB]) expect((await confirmCard(t, intent)).statusCode).toBe(200);
    const answers = await Promise.all([confirmBooking(t, guests[2]!, intentA.paymentIntentId), confirmBooking(t, guests[3]!, intentB.paymentIntentId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
  });

  it('the same payment confirmed many times at once by the browser: one 201, the rest 200 with the same booking, one capture', async () => {
    const room = await newRoom();
    const guest = guests[5]!;
    const intent = await startPayment(t, guest, { roomId: room.id, from: day(2), to: day(4) });
    await confirmCard(t, intent);
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirmBooking(t, guest, intent.paymentIntentId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => bookingSchema.parse(a.json())._id)).size).toBe(1);
    expect((await eventTypes([intent.paymentIntentId])).filter((e) => e === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('the same payment confirmed many times at once, by the browser and the sweeper: one booking, one capture, one pair of mails', async () => {
    const room = await newRoom('Race house');
    const guest = guests[0]!;
    const intent = await startPayment(t, guest, { roomId: room.id, from: day(2), to: day(4) });
    await confirmCard(t, intent);
    // The browser's retries and, at the same moment, the sweeper (which confirms as a webhook does, with no user).
    const [answers, swept] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => confirmBooking(t, guest, intent.paymentIntentId))),
      t.app.paymentSweeper.sweep({ now: later(AUTHORIZED_GRACE_MS) }),
    ]);
    expect(swept).toMatchObject({ voided: 0, failed: 0 });
    for (const a of answers) expect([200, 201]).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 201).length).toBeLessThanOrEqual(1);
    expect(new Set(answers.map((a) => bookingSchema.parse(a.json())._id)).size).toBe(1);
    expect(await t.database.db.select().from(bookings).where(eq(bookings.roomId, room.id))).toHaveLength(1);
    expect((await eventTypes([intent.paymentIntentId])).filter((e) => e === 'payment_intent.succeeded')).toHaveLength(1);
    // Two mails (guest and host) for the one booking, not one pair per confirmation.
    await t.mailSent();
    expect(t.mail.filter((m) => m.subject.includes('Race house')).map((m) => m.to).sort()).toEqual([guest.email, host.email].sort());
  });

  describe('the payment sweeper', () => {
    it('books an authorized payment whose tab closed, once the grace period is over, and the browser then gets the same booking', async () => {
      const room = await newRoom();
      const guest = guests[1]!;
      const intent = await startPayment(t, guest, { roomId: room.id, from: day(5), to: day(9) });
      await confirmCard(t, intent);

      expect(await t.app.paymentSweeper.sweep()).toMatchObject({ booked: 0 });
      expect(await t.database.db.select().from(bookings).where(eq(bookings.roomId, room.id))).toHaveLength(0);

      await t.clearMail();
      expect(await t.app.paymentSweeper.sweep({ now: later(AUTHORIZED_GRACE_MS) })).toMatchObject({ booked: 1, voided: 0, failed: 0 });
      const [booked] = await t.database.db.select().from(bookings).where(eq(bookings.roomId, room.id));
      expect(booked).toMatchObject({ guestId: guest.id, checkIn: day(5), checkOut: day(9), status: 'confirmed' });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent.paymentIntentId));
      expect(payment).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
      await t.mailSent();
      expect(t.mail.map((m) => m.to).sort()).toEqual([guest.email, host.email].sort());

      const late = await confirmBooking(t, guest, intent.paymentIntentId);
      expect(late.statusCode).toBe(200);
      expect(bookingSchema.parse(late.json())._id).toBe(booked!.id);
      expect((await eventTypes([intent.paymentIntentId])).filter((e) => e === 'payment_intent.succeeded')).toHaveLength(1);
    });

    it('voids an abandoned hold whose dates were booked meanwhile', async () => {
      const room = await newRoom();
      const [first, second] = [guests[2]!, guests[3]!];
      const abandoned = await startPayment(t, first, { roomId: room.id, from: day(5), to: day(9) });
      await confirmCard(t, abandoned);
      await bookStay(t, second, { roomId: room.id, from: day(8), to: day(10) });

      expect(await t.app.paymentSweeper.sweep({ now: later(AUTHORIZED_GRACE_MS) })).toMatchObject({ booked: 0, voided: 1 });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, abandoned.paymentIntentId));
      expect(payment!.status).toBe('canceled');
      // Each once (two of them may share a millisecond, so not their order).
      expect((await eventTypes([abandoned.paymentIntentId])).sort()).toEqual([
        'payment_intent.amount_capturable_updated',
        'payment_intent.canceled',
        'payment_intent.created',
      ]);
    });

    /**
     * A stay booked while the capture failed (the provider was down), whose hold then expired before the
     * sweeper could capture it: what Stripe does to an authorization left uncaptured for seven days.
     */
    async function stayWithLostHold(guest: TestUser, title: string) {
      const room = await newRoom(title);
      const stay = await bookStay(t, guest, { roomId: room.id, from: day(3), to: day(6) });
      await t.database.db.update(payments).set({ status: 'authorized' }).where(eq(payments.providerPaymentId, stay.transactionId));
      await t.database.db
        .update(testPaymentIntents)
        .set({ status: 'canceled', amountReceivedCents: 0, amountCapturableCents: 0 })
        .where(eq(testPaymentIntents.id, stay.transactionId));
      await t.clearMail();
      return { room, stay };
    }

    it('cancels a booked stay whose card hold expired before capture, tells both sides once, and stops retrying', async () => {
      const guest = guests[6]!;
      const { room, stay } = await stayWithLostHold(guest, 'Lost hold cottage');
      const listingChanged = vi.spyOn(t.app.listing, 'forget');

      expect(await t.app.paymentSweeper.sweep({ now: later(AUTHORIZED_GRACE_MS) })).toMatchObject({ failed: 0 });
      // Visitors' cached answers for the room are dropped: its nights are free again.
      expect(listingChanged).toHaveBeenCalledWith(room.id);
      listingChanged.mockRestore();
      const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, stay._id));
      expect(booking).toMatchObject({ status: 'cancelled' });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, stay.transactionId));
      expect(payment).toMatchObject({ status: 'canceled', refundedCents: 0 });
      await t.mailSent();
      expect(t.mail.map((m) => [m.to, m.subject]).sort()).toEqual(
        [guest.email, host.email].sort().map((to) => [to, `Cancelled: Lost hold cottage, ${formatIsoDate(day(3))}`]),
      );
      await t.mailSent();
      expect(t.mail.find((m) => m.to === guest.email)!.text).toContain('Your card was not charged.');

      // Nothing is left for the sweeper, and the nights are free again.
      expect(await t.app.paymentSweeper.sweep({ now: later(AUTHORIZED_GRACE_MS) })).toEqual({ booked: 0, voided: 0, cancelled: 0, refunded: 0, expired: 0, failed: 0 });
      await t.mailSent();
      expect(t.mail).toHaveLength(2);
      await bookStay(t, guests[7]!, { roomId: room.id, from: day(3), to: day(6) });
    });

    it('lets the guest cancel a stay whose hold expired: cancelled, nothing refunded, nothing charged', async () => {
      const guest = guests[8]!;
      const { room, stay } = await stayWithLostHold(guest, 'Expired hold cabin');
      const listingChanged = vi.spyOn(t.app.listing, 'forget');
      const res = await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest });
      expect(res.statusCode, res.body).toBe(200);
      expect(listingChanged).toHaveBeenCalledWith(room.id);
      listingChanged.mockRestore();
      expect(bookingSchema.parse(res.json())).toMatchObject({ _id: stay._id, status: 'cancelled', refundedCents: 0 });
      expect(await eventTypes([stay.transactionId])).not.toContain('charge.refunded');
    });

    it('cancels an intent nobody paid within an hour, and leaves younger ones alone', async () => {
      const room = await newRoom();
      const guest = guests[4]!;
      const unpaid = await startPayment(t, guest, { roomId: room.id, from: day(2), to: day(3) });
      expect(await t.app.paymentSweeper.sweep({ now: later(AUTHORIZED_GRACE_MS) })).toMatchObject({ cancelled: 0 });
      expect(await t.app.paymentSweeper.sweep({ now: later(UNPAID_INTENT_MAX_AGE_MS) })).toMatchObject({ cancelled: 1, failed: 0 });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, unpaid.paymentIntentId));
      expect(payment!.status).toBe('canceled');
      const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, unpaid.paymentIntentId));
      expect(intent!.status).toBe('canceled');
      expect((await confirmCard(t, unpaid)).statusCode).toBe(409);
    });
  });
});
