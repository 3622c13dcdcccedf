import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_REFERENCE_PATTERN, cancellationQuoteSchema, tripSchema, type Booking } from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { users } from '../../db/schema.js';
import { markCancelRequested } from './payment-states.js';
import { bookStay } from '../../test/bookings.js';
import { signUpCast } from '../../test/cast.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';


describe.each(TEST_DATABASE_KINDS)('trip pages on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let otherHost: TestUser;
  let guest: TestUser;
  let otherGuest: TestUser;
  let admin: TestUser;
  /** Moderate, three days before check-in: the guest would get half back, the host's cancellation all. */
  let stay: Booking;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ host, otherHost, guest, otherGuest, admin } = await signUpCast(t));
    const room = await insertRoom(t.database.db, {
      hostId: host.id,
      title: 'Cabin by the lake',
      location: 'Hallstatt, Austria',
      availableFrom: day(1),
      availableTo: day(60),
      priceCents: 12_345,
      guests: 3,
      cancellationPolicy: 'moderate',
      timeZone: 'UTC',
    });
    stay = await bookStay(t, guest, { roomId: room.id, from: day(3), to: day(5), guests: 2 });
  });
  afterAll(() => t.close());

  const tripOf = (id: string, as: TestUser | null) => t.call('GET', `/api/trips/${id}`, { as });

  async function photoOf(user: TestUser) {
    const [row] = await t.database.db.select({ image: users.image }).from(users).where(eq(users.id, user.id));
    return row!.image;
  }

  it('shows the host, and only the host, what the stay pays them after the fee and commission it was booked with', async () => {
    const put = await t.call('PUT', '/api/admin/fees', { as: admin, body: { guestFeePercent: '10', hostCommissionPercent: '3' } });
    expect(put.statusCode, put.body).toBe(200);
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60), priceCents: 10_000, cleaningFeeCents: 2_000, taxRateBp: 1_000, cancellationPolicy: 'moderate' });
    const booked = await bookStay(t, guest, { roomId: room.id, from: day(20), to: day(22) });
    // Later rates never apply to it.
    await t.call('PUT', '/api/admin/fees', { as: admin, body: { guestFeePercent: '0', hostCommissionPercent: '20' } });
    // $220 charged by the host, $22 tax, $22 service fee; 3% of $220 is $6.60.
    const forHost = tripSchema.parse((await tripOf(booked._id, host)).json());
    expect(forHost.earnings).toEqual({ keptCents: 26_400, serviceFeeCents: 2_200, commissionBp: 300, commissionCents: 660, payoutCents: 22_000 - 660 + 2_200 });
    expect(tripSchema.parse((await tripOf(booked._id, guest)).json()).earnings).toBeNull();
    // Cancelled by the guest well ahead: all back, nothing earned.
    expect((await t.call('DELETE', `/api/booking/${booked._id}`, { as: guest })).statusCode).toBe(200);
    expect(tripSchema.parse((await tripOf(booked._id, host)).json()).earnings).toEqual({ keptCents: 0, serviceFeeCents: 0, commissionBp: 300, commissionCents: 0, payoutCents: 0 });
    await t.call('PUT', '/api/admin/fees', { as: admin, body: { guestFeePercent: '0', hostCommissionPercent: '0' } });
  });

  it("shows the guest their stay, the host as the other party and the policy's refund for a guest's cancellation", async () => {
    const res = await tripOf(stay._id, guest);
    expect(res.statusCode, res.body).toBe(200);
    const trip = tripSchema.parse(res.json());
    expect(trip.booking).toEqual(stay);
    expect(trip).toMatchObject({
      viewerRole: 'guest',
      reference: stay.reference,
      room: { id: stay.roomId, title: 'Cabin by the lake', location: 'Hallstatt, Austria', image: stay.image },
      stay: { from: day(3), to: day(5), nights: 2, guests: 2 },
      price: { nightlyCents: 12_345, nights: 2, totalCents: 24_690 },
      payment: { card: { brand: 'visa', last4: '4242' }, capturedCents: 24_690, refundedCents: 0, status: 'captured' },
      policy: 'moderate',
      // Three days before check-in under Moderate: half, rounded in the guest's favour.
      refundIfCancelledToday: { share: 'half', refundCents: 12_345, totalCents: 24_690 },
      otherParty: { name: 'Hana Host', image: await photoOf(host) },
    });
    expect(trip.reference).toMatch(BOOKING_REFERENCE_PATTERN);
  });

  it("shows the host the same stay with the guest as the other party, and a host's cancellation refunds in full", async () => {
    const res = await tripOf(stay._id, host);
    expect(res.statusCode, res.body).toBe(200);
    const trip = tripSchema.parse(res.json());
    expect(trip).toMatchObject({
      viewerRole: 'host',
      reference: stay.reference,
      refundIfCancelledToday: { share: 'full', refundCents: 24_690, totalCents: 24_690 },
      otherParty: { name: 'Ana Lima', image: await photoOf(guest) },
    });
  });

  it('answers anyone else, admins included, as if the booking did not exist', async () => {
    for (const someone of [otherGuest, otherHost, admin]) {
      const res = await tripOf(stay._id, someone);
      expect(res.statusCode, someone.email).toBe(404);
      expect(res.json()).toMatchObject({ error: { message: 'Booking not found.' } });
    }
    const missing = await tripOf('00000000-0000-4000-8000-000000000000', guest);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { message: 'Booking not found.' } });
  });

  it('asks a signed-out visitor to sign in, and refuses a malformed id naming the field', async () => {
    expect((await tripOf(stay._id, null)).statusCode).toBe(401);
    const malformed = await tripOf('not-a-booking', guest);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { fields: { bookingId: expect.any(String) } } });
  });

  it('shows a cancelled stay with what was refunded and no refund left to offer', async () => {
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30), priceCents: 10_000, timeZone: 'UTC' });
    const booked = await bookStay(t, guest, { roomId: room.id, from: day(10), to: day(12) });
    const cancelled = await t.call('DELETE', `/api/booking/${booked._id}`, { as: guest });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    for (const viewer of [guest, host]) {
      const trip = tripSchema.parse((await tripOf(booked._id, viewer)).json());
      expect(trip.booking).toMatchObject({ status: 'cancelled', state: 'cancelled', cancellable: false, cancelledBy: 'guest' });
      expect(trip.payment).toEqual({
        card: { brand: 'visa', last4: '4242' },
        capturedCents: 20_000,
        refundedCents: 20_000,
        status: 'refunded',
        refundLines: [{ kind: 'nights', refundCents: 20_000 }],
      });
      expect(trip.refundIfCancelledToday).toBeNull();
    }
    // An upcoming stay has refunded nothing, line by line or otherwise.
    expect(tripSchema.parse((await tripOf(stay._id, guest)).json()).payment.refundLines).toEqual([]);
  });

  it("shows a cancelled stay's refund line by line, as the cancel dialog quoted it", async () => {
    // $100 a night less 10% for the week, $60 cleaning, $20 a night for the third guest, 10% tax; Moderate.
    const room = await insertRoom(t.database.db, {
      hostId: host.id,
      availableFrom: day(1),
      availableTo: day(30),
      priceCents: 10_000,
      weeklyDiscountPct: 10,
      cleaningFeeCents: 6_000,
      extraGuestFeeCents: 2_000,
      guestsIncluded: 2,
      taxRateBp: 1_000,
      guests: 4,
      cancellationPolicy: 'moderate',
      timeZone: 'UTC',
    });
    // 7 nights, $700 less $70 = $630; cleaning $60; 1 guest × 7 nights × $20 = $140; tax 10% of $830 = $83.
    const booked = await bookStay(t, guest, { roomId: room.id, from: day(3), to: day(10), guests: 3 });
    expect(booked.priceCents).toBe(91_300);
    // Three days before check-in under Moderate: half the nights and the guest fee, all the cleaning, the tax on what comes back.
    const refundLines = [
      { kind: 'nights', refundCents: 31_500 },
      { kind: 'cleaning-fee', refundCents: 6_000 },
      { kind: 'extra-guest-fee', refundCents: 7_000 },
      { kind: 'tax', refundCents: 4_450 },
    ];
    const quoted = await t.call('GET', `/api/booking/${booked._id}/cancellation`, { as: guest });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(cancellationQuoteSchema.parse(quoted.json())).toEqual({
      policy: 'moderate',
      cancelledBy: 'guest',
      share: 'half',
      refundCents: 48_950,
      totalCents: 91_300,
      lines: refundLines,
    });
    expect((await t.call('DELETE', `/api/booking/${booked._id}`, { as: guest, body: { expectedRefundCents: 48_950 } })).statusCode).toBe(200);

    for (const viewer of [guest, host]) {
      const trip = tripSchema.parse((await tripOf(booked._id, viewer)).json());
      expect(trip.payment).toMatchObject({ refundedCents: 48_950, status: 'partially-refunded', refundLines });
    }
  });

  it("tells only the total of a refund the stay's lines do not account for", async () => {
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30), priceCents: 10_000, cleaningFeeCents: 5_000, timeZone: 'UTC' });
    const booked = await bookStay(t, guest, { roomId: room.id, from: day(12), to: day(14) });
    // A refund written before refunds followed the lines: half the total, which no share's lines add up to.
    expect(await markCancelRequested(t.database.db, booked._id, { by: 'guest', refundCents: 12_500 })).toBe(true);
    expect((await t.call('DELETE', `/api/booking/${booked._id}`, { as: guest })).statusCode).toBe(200);
    const trip = tripSchema.parse((await tripOf(booked._id, guest)).json());
    expect(trip.payment).toMatchObject({ refundedCents: 12_500, refundLines: [] });
  });

  it('gives 50 stays booked at once 50 different, well-formed references, each on its booking answer', async () => {
    const rooms = await Promise.all(
      Array.from({ length: 50 }, () => insertRoom(t.database.db, { hostId: otherHost.id, availableFrom: day(1), availableTo: day(10) })),
    );
    const booked = await Promise.all(rooms.map((room) => bookStay(t, otherGuest, { roomId: room.id, from: day(2), to: day(3) })));
    const references = booked.map((b) => b.reference);
    for (const reference of references) expect(reference).toMatch(BOOKING_REFERENCE_PATTERN);
    expect(new Set(references).size).toBe(50);
    // The trip page quotes the reference the booking answer gave.
    const trip = tripSchema.parse((await tripOf(booked[0]!._id, otherGuest)).json());
    expect(trip.reference).toBe(booked[0]!.reference);
  });
});
