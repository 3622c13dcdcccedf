import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, bookingsPageSchema } from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { bookings, payments } from '../../db/schema.js';
import { bookStay, confirmCard, startPayment } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';


/** The guest count of a stay: chosen before paying, checked and recorded by the server, shown with the booking. */
describe.each(TEST_DATABASE_KINDS)('guests of a stay on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [host, guest] = await Promise.all([t.signUp({ role: 'host', name: 'Hana Host' }), t.signUp({ name: 'Gus Guest' })]);
  });
  afterAll(() => t.close());

  function newRoom(guests = 4) {
    return insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60), priceCents: 10_000, guests });
  }

  async function paymentOf(intentId: string) {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
    return row!;
  }

  function createIntent(body: object) {
    return t.call('POST', '/api/create-payment-intent', { as: guest, body });
  }

  it('records the guest count on the payment, copies it to the booking, and answers it in both lists', async () => {
    const room = await newRoom(4);
    const intent = await startPayment(t, guest, { roomId: room.id, from: day(3), to: day(5), guests: 3 });
    expect(intent).toMatchObject({ guests: 3, nights: 2, totalCents: 20_000 });
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({ guests: 3, amountCents: 20_000 });

    expect((await confirmCard(t, intent)).statusCode).toBe(200);
    const res = await t.call('POST', '/api/booking', { as: guest, body: { paymentIntentId: intent.paymentIntentId } });
    expect(res.statusCode).toBe(201);
    const booking = bookingSchema.parse(res.json());
    expect(booking.guests).toBe(3);
    const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(stored!.guests).toBe(3);

    for (const [as, path] of [[guest, '/api/my-bookings'], [host, '/api/manage-bookings']] as const) {
      const page = bookingsPageSchema.parse((await t.call('GET', path, { as })).json());
      expect(page.items.find((b) => b._id === booking._id)?.guests, path).toBe(3);
    }
  });

  it('books one guest when an older client sends no count', async () => {
    const room = await newRoom(2);
    const booking = await bookStay(t, guest, { roomId: room.id, from: day(3), to: day(4) });
    expect(booking.guests).toBe(1);
  });

  it('takes exactly as many guests as the room does, and refuses one more with 400 naming guests', async () => {
    const room = await newRoom(2);
    expect((await startPayment(t, guest, { roomId: room.id, from: day(3), to: day(4), guests: 2 })).guests).toBe(2);
    const res = await createIntent({ roomId: room.id, from: day(3), to: day(4), guests: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'This room takes at most 2 guests.', fields: { guests: 'This room takes at most 2 guests.' } },
    });
    expect(await t.database.db.select().from(payments).where(eq(payments.roomId, room.id))).toHaveLength(1);
  });

  it('refuses a count that is not a whole number from 1 with 400 naming guests, before any payment', async () => {
    const room = await newRoom(4);
    for (const guests of [0, -1, 1.5, 'x', '2', null, 51, 2 ** 40]) {
      const res = await createIntent({ roomId: room.id, from: day(3), to: day(4), guests });
      expect(res.statusCode, JSON.stringify(guests)).toBe(400);
      const { error } = res.json() as { error: { code: string; fields?: Record<string, string> } };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields, JSON.stringify(guests)).toEqual({ guests: 'Guests must be a whole number from 1 to 50' });
    }
    expect(await t.database.db.select().from(payments).where(eq(payments.roomId, room.id))).toHaveLength(0);
  });

  it('never reuses a payment with another count: a second intent for the same stay is its own payment and books its own count', async () => {
    const room = await newRoom(4);
    const stay = { roomId: room.id, from: day(10), to: day(12) };
    const first = await startPayment(t, guest, { ...stay, guests: 2 });
    const second = await startPayment(t, guest, { ...stay, guests: 4 });
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect((await paymentOf(first.paymentIntentId)).guests).toBe(2);
    expect((await paymentOf(second.paymentIntentId)).guests).toBe(4);

    expect((await confirmCard(t, second)).statusCode).toBe(200);
    const booked = await t.call('POST', '/api/booking', { as: guest, body: { paymentIntentId: second.paymentIntentId } });
    expect(bookingSchema.parse(booked.json()).guests).toBe(4);
  });

  it('ignores a guest count, a price or a room sent to POST /api/booking: the payment decides', async () => {
    const room = await newRoom(4);
    const other = await newRoom(4);
    const intent = await startPayment(t, guest, { roomId: room.id, from: day(20), to: day(23), guests: 2 });
    await confirmCard(t, intent);
    const res = await t.call('POST', '/api/booking', {
      as: guest,
      body: { paymentIntentId: intent.paymentIntentId, guests: 4, price: 1, priceCents: 100, roomId: other.id, from: day(20), to: day(40) },
    });
    expect(res.statusCode).toBe(201);
    expect(bookingSchema.parse(res.json())).toMatchObject({ roomId: room.id, guests: 2, from: day(20), to: day(23), priceCents: 30_000, price: 300 });
  });
});
