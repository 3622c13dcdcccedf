import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingSchema, bookingsPageSchema } from '@staybook/domain';
import { bookings, payments } from '../../db/schema.js';
import { useBookingSuite } from '../../test/booking-suite.js';
import { bookStay, confirmCard, startPayment } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';


/** The guest count of a stay: chosen before paying, checked and recorded by the server, shown with the booking. */
describe.each(TEST_DATABASE_KINDS)('guests of a stay on %s', (kind) => {
  const s = useBookingSuite(kind);

  function createIntent(body: object) {
    return s.t.call('POST', '/api/create-payment-intent', { as: s.guest, body });
  }

  it('records the guest count on the payment, copies it to the booking, and answers it in both lists', async () => {
    const room = await s.newRoom({ guests: 4, priceCents: 10_000 });
    const intent = await startPayment(s.t, s.guest, { roomId: room.id, from: day(3), to: day(5), guests: 3 });
    expect(intent).toMatchObject({ guests: 3, nights: 2, totalCents: 20_000 });
    expect(await s.paymentOf(intent.paymentIntentId)).toMatchObject({ guests: 3, amountCents: 20_000 });

    expect((await confirmCard(s.t, intent)).statusCode).toBe(200);
    const res = await s.t.call('POST', '/api/booking', { as: s.guest, body: { paymentIntentId: intent.paymentIntentId } });
    expect(res.statusCode).toBe(201);
    const booking = bookingSchema.parse(res.json());
    expect(booking.guests).toBe(3);
    const [stored] = await s.t.database.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(stored!.guests).toBe(3);

    for (const [as, path] of [[s.guest, '/api/my-bookings'], [s.host, '/api/manage-bookings']] as const) {
      const page = bookingsPageSchema.parse((await s.t.call('GET', path, { as })).json());
      expect(page.items.find((b) => b._id === booking._id)?.guests, path).toBe(3);
    }
  });

  it('books one guest when an older client sends no count', async () => {
    const room = await s.newRoom({ guests: 2 });
    const booking = await bookStay(s.t, s.guest, { roomId: room.id, from: day(3), to: day(4) });
    expect(booking.guests).toBe(1);
  });

  it('takes exactly as many guests as the room does, and refuses one more with 400 naming guests', async () => {
    const room = await s.newRoom({ guests: 2 });
    expect((await startPayment(s.t, s.guest, { roomId: room.id, from: day(3), to: day(4), guests: 2 })).guests).toBe(2);
    const res = await createIntent({ roomId: room.id, from: day(3), to: day(4), guests: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'This room takes at most 2 guests.', fields: { guests: 'This room takes at most 2 guests.' } },
    });
    expect(await s.t.database.db.select().from(payments).where(eq(payments.roomId, room.id))).toHaveLength(1);
  });

  it('refuses a count that is not a whole number from 1 with 400 naming guests, before any payment', async () => {
    const room = await s.newRoom({ guests: 4 });
    for (const guests of [0, -1, 1.5, 'x', '2', null, 51, 2 ** 40]) {
      const res = await createIntent({ roomId: room.id, from: day(3), to: day(4), guests });
      expect(res.statusCode, JSON.stringify(guests)).toBe(400);
      const { error } = res.json() as { error: { code: string; fields?: Record<string, string> } };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields, JSON.stringify(guests)).toEqual({ guests: 'Guests must be a whole number from 1 to 50' });
    }
    expect(await s.t.database.db.select().from(payments).where(eq(payments.roomId, room.id))).toHaveLength(0);
  });

  it('never reuses a payment with another count: a second intent for the same stay is its own payment and books its own count', async () => {
    const room = await s.newRoom({ guests: 4 });
    const stay = { roomId: room.id, from: day(10), to: day(12) };
    const first = await startPayment(s.t, s.guest, { ...stay, guests: 2 });
    const second = await startPayment(s.t, s.guest, { ...stay, guests: 4 });
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect((await s.paymentOf(first.paymentIntentId)).guests).toBe(2);
    expect((await s.paymentOf(second.paymentIntentId)).guests).toBe(4);

    expect((await confirmCard(s.t, second)).statusCode).toBe(200);
    const booked = await s.t.call('POST', '/api/booking', { as: s.guest, body: { paymentIntentId: second.paymentIntentId } });
    expect(bookingSchema.parse(booked.json()).guests).toBe(4);
  });

  it('ignores a guest count, a price or a room sent to POST /api/booking: the payment decides', async () => {
    const room = await s.newRoom({ guests: 4, priceCents: 10_000 });
    const other = await s.newRoom({ guests: 4 });
    const intent = await startPayment(s.t, s.guest, { roomId: room.id, from: day(20), to: day(23), guests: 2 });
    await confirmCard(s.t, intent);
    const res = await s.t.call('POST', '/api/booking', {
      as: s.guest,
      body: { paymentIntentId: intent.paymentIntentId, guests: 4, price: 1, priceCents: 100, roomId: other.id, from: day(20), to: day(40) },
    });
    expect(res.statusCode).toBe(201);
    expect(bookingSchema.parse(res.json())).toMatchObject({ roomId: room.id, guests: 2, from: day(20), to: day(23), priceCents: 30_000, price: 300 });
  });
});
