import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingSchema,
  cancellationQuoteSchema,
  guestStatsSchema,
  usersPageSchema,
  type Booking,
  type CancellationPolicy,
} from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { bookings, payments, rooms, testPaymentIntents } from '../../db/schema.js';
import { bookStay, confirmBooking, confirmCard, startPayment } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { refusalInSpanish } from '../../test/refusals.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

const HOUR = 3_600_000;

describe.each(TEST_DATABASE_KINDS)('cancellation policies on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [host, guest, stranger, admin] = await Promise.all([
      t.signUp({ role: 'host', name: 'Hana Host' }),
      t.signUp({ name: 'Gus Guest' }),
      t.signUp(),
      t.signUp({ role: 'admin' }),
    ]);
  });
  afterAll(() => t.close());

  /** A room of its own per stay (UTC, so "today where the room is" is the test's today), at an odd price. */
  async function stayUnder(policy: CancellationPolicy, { inDays, bookedHoursAgo = 0, priceCents = 10_001 }: { inDays: number; bookedHoursAgo?: number; priceCents?: number }) {
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60), priceCents, cancellationPolicy: policy });
    const stay = await bookStay(t, guest, { roomId: room.id, from: day(inDays), to: day(inDays + 1) });
    if (bookedHoursAgo > 0) {
      await t.database.db.update(bookings).set({ createdAt: new Date(Date.now() - bookedHoursAgo * HOUR) }).where(eq(bookings.id, stay._id));
    }
    return { room, stay };
  }

  async function quote(stay: Booking, as: TestUser = guest) {
    const res = await t.call('GET', `/api/booking/${stay._id}/cancellation`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return cancellationQuoteSchema.parse(res.json());
  }

  /** Cancels and checks that our record, the booking's answer and the provider's record agree on the refund. */
  async function cancel(stay: Booking, as: TestUser = guest): Promise<number> {
    const res = await t.call('DELETE', `/api/booking/${stay._id}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = bookingSchema.parse(res.json());
    expect(cancelled.status).toBe('cancelled');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, stay.transactionId));
    // The built-in processor's own record, as Stripe's would be.
    const [atProvider] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, stay.transactionId));
    expect(atProvider!.amountRefundedCents).toBe(cancelled.refundedCents);
    expect(payment!.refundedCents).toBe(cancelled.refundedCents);
    expect(atProvider!.amountRefundedCents).toBeLessThanOrEqual(atProvider!.amountReceivedCents);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, stay._id));
    expect(row!.keptCents).toBe(cancelled.priceCents - cancelled.refundedCents);
    return cancelled.refundedCents;
  }

  // [policy, days before check-in, hours since booking, refund of a $100.01 stay]
  const boundaries: [CancellationPolicy, number, number, number][] = [
    ['flexible', 1, 0, 10_001],
    ['flexible', 30, 200, 10_001],
    ['moderate', 5, 200, 10_001],
    ['moderate', 4, 0, 5_001],
    ['moderate', 1, 0, 5_001],
    ['strict', 14, 47, 10_001],
    ['strict', 13, 1, 5_001],
    ['strict', 14, 49, 5_001],
    ['strict', 7, 200, 5_001],
    ['strict', 6, 0, 0],
    ['strict', 1, 0, 0],
  ];

  it.each(boundaries)('%s, %i days before check-in, booked %i hours ago: refunds %i cents, as quoted', async (policy, inDays, hoursAgo, refund) => {
    const { stay } = await stayUnder(policy, { inDays, bookedHoursAgo: hoursAgo });
    expect(stay.cancellationPolicy).toBe(policy);
    const before = await quote(stay);
    expect(before).toMatchObject({ policy, cancelledBy: 'guest', refundCents: refund, totalCents: 10_001 });
    expect(await cancel(stay)).toBe(refund);
  });

  it("ends Strict's 48 hours at the 48th hour", async () => {
    const { stay: inside } = await stayUnder('strict', { inDays: 20, bookedHoursAgo: 47.95 });
    const { stay: outside } = await stayUnder('strict', { inDays: 20, bookedHoursAgo: 48.05 });
    expect((await quote(inside)).share).toBe('full');
    expect((await quote(outside)).share).toBe('half');
  });

  it("refunds a host's cancellation in full, whatever the policy says", async () => {
    const { stay } = await stayUnder('strict', { inDays: 2 });
    expect(await quote(stay, host)).toMatchObject({ cancelledBy: 'host', share: 'full', refundCents: 10_001 });
    expect(await cancel(stay, host)).toBe(10_001);
  });

  it('keeps the policy a stay was booked under when the host changes it afterwards', async () => {
    const { room, stay } = await stayUnder('strict', { inDays: 3 });
    await t.database.db.update(rooms).set({ cancellationPolicy: 'flexible' }).where(eq(rooms.id, room.id));
    expect((await quote(stay)).policy).toBe('strict');
    expect(await cancel(stay)).toBe(0);
  });

  it('books under the policy the guest was shown when paying started, not one the host chose meanwhile', async () => {
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60), cancellationPolicy: 'flexible' });
    const intent = await startPayment(t, guest, { roomId: room.id, from: day(3), to: day(4) });
    expect(intent.cancellationPolicy).toBe('flexible');
    await t.database.db.update(rooms).set({ cancellationPolicy: 'strict' }).where(eq(rooms.id, room.id));
    expect((await confirmCard(t, intent)).statusCode).toBe(200);
    const res = await confirmBooking(t, guest, intent.paymentIntentId);
    expect(res.statusCode, res.body).toBe(201);
    const stay = bookingSchema.parse(res.json());
    expect(stay.cancellationPolicy).toBe('flexible');
    expect(await cancel(stay)).toBe(stay.priceCents);
  });

  it('cancels nothing when the refund the guest was shown is no longer the refund', async () => {
    const { stay } = await stayUnder('moderate', { inDays: 3 });
    const shown = (await quote(stay)).refundCents + 1;
    const refused = await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest, body: { expectedRefundCents: shown } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CONFLICT',
      message: 'The refund for cancelling this stay is now $50.01 of $100.01. Please look again before cancelling.',
      facts: { refusal: 'refund-changed', refundCents: '5001', totalCents: '10001' },
    });
    // A Spanish page writes it from the facts, the amounts as the currency setting writes them.
    expect(refusalInSpanish(refused)).toBe('El reembolso por cancelar esta estancia es ahora de $50.01 de $100.01. Revísalo antes de cancelar.');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, stay._id));
    expect(row).toMatchObject({ status: 'confirmed', cancelRequestedAt: null });
    const agreed = await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest, body: { expectedRefundCents: 5_001 } });
    expect(agreed.statusCode, agreed.body).toBe(200);
  });

  it('quotes only to the two parties, and only while the stay can be cancelled', async () => {
    const { stay } = await stayUnder('flexible', { inDays: 9 });
    for (const outsider of [stranger, admin]) {
      expect((await t.call('GET', `/api/booking/${stay._id}/cancellation`, { as: outsider })).statusCode).toBe(404);
    }
    expect((await t.call('GET', `/api/booking/${stay._id}/cancellation`)).statusCode).toBe(401);
    await cancel(stay);
    expect((await t.call('GET', `/api/booking/${stay._id}/cancellation`, { as: guest })).statusCode).toBe(409);
  });

  it('counts sales as what was kept: captured minus refunded', async () => {
    const spender = await t.signUp();
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60), priceCents: 20_000, cancellationPolicy: 'moderate' });
    const kept = await bookStay(t, spender, { roomId: room.id, from: day(10), to: day(12) });
    const half = await bookStay(t, spender, { roomId: room.id, from: day(2), to: day(3) });
    const full = await bookStay(t, spender, { roomId: room.id, from: day(20), to: day(21) });
    expect(await cancel(half, spender)).toBe(10_000);
    expect(await cancel(full, spender)).toBe(20_000);
    const res = await t.call('GET', '/api/guest-stat?range=all&tz=UTC', { as: spender });
    expect(res.statusCode, res.body).toBe(200);
    const stats = guestStatsSchema.parse(res.json());
    expect(stats).toMatchObject({ totalPriceCents: kept.priceCents + 10_000, totalBookings: 1 });
    expect(stats.chartData.reduce((sum, point) => sum + point.salesCents, 0)).toBe(kept.priceCents + 10_000);
  });

  it("shows admins how many stays each host cancelled in the last 12 months", async () => {
    const busyHost = await t.signUp({ role: 'host', email: `aaa-busy-${Date.now()}@example.com` });
    const room = await insertRoom(t.database.db, { hostId: busyHost.id, availableFrom: day(1), availableTo: day(60) });
    const first = await bookStay(t, guest, { roomId: room.id, from: day(5), to: day(6) });
    const second = await bookStay(t, guest, { roomId: room.id, from: day(7), to: day(8) });
    const third = await bookStay(t, guest, { roomId: room.id, from: day(9), to: day(10) });
    await cancel(first, busyHost);
    await cancel(second, busyHost);
    await cancel(third, guest);
    const old = await bookStay(t, guest, { roomId: room.id, from: day(11), to: day(12) });
    await cancel(old, busyHost);
    await t.database.db.update(bookings).set({ cancelledAt: new Date(Date.now() - 400 * 24 * HOUR) }).where(eq(bookings.id, old._id));

    const res = await t.call('GET', '/api/users?limit=100', { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    const listed = usersPageSchema.parse(res.json()).items;
    expect(listed.find((u) => u.email === busyHost.email)?.hostCancellations).toBe(2);
    expect(listed.find((u) => u.email === guest.email)?.hostCancellations).toBe(0);
  });
});
