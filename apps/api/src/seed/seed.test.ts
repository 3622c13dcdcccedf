import { randomUUID } from 'node:crypto';
import { and, count, eq, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardRatingText, isTimeZone, RATING_SHOWN_FROM, storedImageUrl } from '@staybook/domain';
import { day } from '../test/dates.js';
import type { ImageStore } from '../integrations/images/image-store.js';
import { getRoomAvailability } from '../modules/bookings/availability.js';
import { listBookings } from '../modules/bookings/list-bookings.js';
import { staleRatingRooms } from '../modules/reviews/ratings.js';
import { searchRooms } from '../modules/rooms/room-search.js';
import type { Actor } from '../plugins/session.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/databases.js';
import type { Db } from '../db/client.js';
import { DEMO_GUESTS, DEMO_USERS } from './demo-data.js';
import { bookings, payments, payoutAccounts, payouts, reviews, roleChanges, rooms, testPaymentEvents, testPaymentIntents, users } from '../db/schema.js';
import { hostBalances } from '../db/ledger.js';
import { TestPaymentProcessor } from '../integrations/payments/test-processor.js';
import { payoutStatement } from '../modules/earnings/payout-statement.js';
import { reconcileMonth } from '../modules/finance/finance.service.js';
import { planDemoStays, seedDemoData } from './seed.js';

/**
 * The demo marketplace's bookings: real data for My Bookings, Manage Bookings and the statistics. On both engines,
 * since a first start seeds whichever one the server runs on (the reviews chosen per room among them).
 */
describe.each(TEST_DATABASE_KINDS)('demo seed on %s', { timeout: 180_000 }, (kind) => {
  let t: TestDatabase;
  let db: Db;

  // The pictures are not what this is about: a store that keeps nothing spares encoding fifty of them.
  const images: Pick<ImageStore, 'saveImage' | 'deleteImage'> = { saveImage: async () => storedImageUrl(randomUUID()), deleteImage: async () => {} };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    db = t.database.db;
    expect(await seedDemoData(db, images, { info: () => {} })).toBe(true);
  }, 180_000);
  afterAll(() => t.cleanup());

  async function actor(email: string): Promise<Actor> {
    const [u] = await db.select().from(users).where(eq(users.email, email));
    return { id: u!.id, email: u!.email, name: u!.name, image: u!.image, role: u!.role, status: u!.status, emailVerified: u!.emailVerified };
  }

  it('seeds every demo account with a verified e-mail, so each can pay, list and ask to host', async () => {
    const rows = await db.select({ email: users.email, emailVerified: users.emailVerified }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(rows.filter((u) => !u.emailVerified)).toEqual([]);
  });

  it('has guests whose host requests wait for an admin, so Manage Users counts them on a first start', async () => {
    const waiting = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.status, 'Requested'));
    expect(waiting.map((u) => u.email).sort()).toEqual(DEMO_GUESTS.filter((g) => g.hostRequest).map((g) => g.email).sort());
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting.every((u) => u.role === 'guest')).toBe(true);
  });

  it('plans stays relative to the seed day: past ones within twelve months, upcoming ones within weeks', () => {
    const stays = planDemoStays(day(0), 45);
    for (const s of stays) {
      expect(s.from >= day(-365), s.from).toBe(true);
      expect(s.to <= day(45), s.to).toBe(true);
    }
  });

  it("gives the demo guest past, current, upcoming and cancelled stays, listed upcoming first", async () => {
    const page = await listBookings(db, { actor: await actor('guest@staybook.example'), as: 'guest', limit: 100 });
    const states = page.items.map((b) => b.state);
    expect(states).toContain('past');
    expect(states).toContain('in-progress');
    expect(states).toContain('upcoming');
    expect(states).toContain('cancelled');
    expect(states.indexOf('past')).toBeGreaterThan(states.lastIndexOf('upcoming'));
    expect(page.items.filter((b) => b.state === 'past').some((b) => b.from < day(-180))).toBe(true);
  });

  it('gives the demo host stays on their rooms, by several guests', async () => {
    const page = await listBookings(db, { actor: await actor('host@staybook.example'), as: 'host', limit: 100 });
    expect(page.items.length).toBeGreaterThanOrEqual(5);
    expect(new Set(page.items.map((b) => b.guest.email)).size).toBeGreaterThanOrEqual(3);
    expect(page.items.some((b) => b.state === 'upcoming')).toBe(true);
  });

  it("has a room booked solid from day(0), so 'Booked' shows, and most rooms still bookable", async () => {
    const { page: listed } = await searchRooms(db, { search: {}, limit: 60 });
    const booked = listed.items.filter((r) => r.booked);
    expect(booked).toHaveLength(1);
    const availability = await getRoomAvailability(db, { roomId: booked[0]!._id });
    expect(availability).toMatchObject({ booked: true, firstBookable: null });
    const [{ n }] = (await db.select({ n: count() }).from(rooms)) as [{ n: number }];
    expect(n).toBe(45);
  });

  it('gives each demo room a gallery: its cover first, then 2 to 8 more pictures, all different', async () => {
    const seeded = await db.select({ image: rooms.image, photos: rooms.photos }).from(rooms);
    const extras = new Set<number>();
    for (const { image, photos } of seeded) {
      expect(photos[0]).toBe(image);
      expect(photos.length).toBeGreaterThanOrEqual(3);
      expect(photos.length).toBeLessThanOrEqual(9);
      expect(new Set(photos).size).toBe(photos.length);
      extras.add(photos.length - 1);
    }
    // Galleries of every size, not one.
    expect([...extras].sort()).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('puts each demo room in the time zone of its location', async () => {
    const zones = new Map((await db.select({ location: rooms.location, timeZone: rooms.timeZone }).from(rooms)).map((r) => [r.location, r.timeZone]));
    expect(zones.get('Sintra, Portugal')).toBe('Europe/Lisbon');
    expect(zones.get('Byron Bay, Australia')).toBe('Australia/Sydney');
    expect(zones.get('Los Angeles, United States')).toBe('America/Los_Angeles');
    for (const zone of zones.values()) expect(isTimeZone(zone), zone).toBe(true);
  });

  it("paid every stay through the test processor: captured, and refunded when cancelled", async () => {
    const rows = await db
      .select({ payment: payments, booking: bookings, intent: testPaymentIntents })
      .from(bookings)
      .innerJoin(payments, eq(payments.id, bookings.paymentId))
      .innerJoin(testPaymentIntents, eq(testPaymentIntents.id, payments.providerPaymentId));
    expect(rows.length).toBe(planDemoStays(day(0), 45).length);
    for (const { payment, booking, intent } of rows) {
      expect(intent).toMatchObject({ status: 'succeeded', amountCents: payment.amountCents, amountReceivedCents: payment.amountCents, metadata: { paymentId: payment.id } });
      if (booking.status === 'cancelled') {
        expect(payment).toMatchObject({ status: 'refunded', refundedCents: payment.amountCents });
        expect(intent.amountRefundedCents).toBe(payment.amountCents);
      } else {
        expect(payment).toMatchObject({ status: 'succeeded', refundedCents: 0 });
      }
    }
    const cancelled = rows.filter((r) => r.booking.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThanOrEqual(2);
    const refunds = await db.select().from(testPaymentEvents).where(eq(testPaymentEvents.type, 'charge.refunded'));
    expect(refunds).toHaveLength(cancelled.length);
    expect(new Set(rows.map((r) => r.payment.cardBrand))).toEqual(new Set(['visa', 'mastercard', 'amex']));
  });

  it("dates every account, and every host's promotion, before their first stay ('Guest Since', 'Host Since')", async () => {
    /** The earliest moment a stay involves: its booking, or its first night (read as the UTC day). */
    const earliest = (booked: Date | null, checkIn: string | null) =>
      Math.min(booked?.getTime() ?? Infinity, checkIn ? Date.parse(`${checkIn}T00:00:00Z`) : Infinity);
    for (const { email, role } of [...DEMO_USERS, ...DEMO_GUESTS.map((g) => ({ ...g, role: 'guest' as const }))]) {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      const [asGuest] = await db
        .select({ booked: min(bookings.createdAt), checkIn: min(bookings.checkIn) })
        .from(bookings)
        .where(eq(bookings.guestId, user!.id));
      const [asHost] = await db
        .select({ booked: min(bookings.createdAt), checkIn: min(bookings.checkIn) })
        .from(bookings)
        .innerJoin(rooms, eq(rooms.id, bookings.roomId))
        .where(eq(rooms.hostId, user!.id));
      const firstStay = Math.min(earliest(asGuest!.booked, asGuest!.checkIn), earliest(asHost!.booked, asHost!.checkIn));
      expect(Number.isFinite(firstStay) || role === 'admin', `${email} has stays`).toBe(true);
      if (Number.isFinite(firstStay)) expect(user!.createdAt.getTime(), `${email} joined before their first stay`).toBeLessThan(firstStay);

      const promotions = await db
        .select()
        .from(roleChanges)
        .where(and(eq(roleChanges.userId, user!.id), eq(roleChanges.toRole, 'host')));
      if (role !== 'host') continue;
      expect(promotions, `${email} was promoted to host`).toHaveLength(1);
      const promoted = promotions[0]!.createdAt.getTime();
      expect(promoted, `${email} was promoted after joining`).toBeGreaterThan(user!.createdAt.getTime());
      expect(promoted, `${email} was a host before the first stay in their rooms`).toBeLessThan(earliest(asHost!.booked, asHost!.checkIn));
    }
  });

  it("reviews past stays: ratings on some cards, 'New' on others, replies, and aggregates that match the reviews", async () => {
    const { page } = await searchRooms(db, { search: {}, limit: 60 });
    const texts = page.items.map((r) => cardRatingText(r.rating));
    expect(texts.filter((text) => text.startsWith('★')).length).toBeGreaterThanOrEqual(5);
    expect(texts.filter((text) => text === 'New').length).toBeGreaterThanOrEqual(5);
    expect(page.items.some((r) => r.rating.count > 0 && r.rating.count < RATING_SHOWN_FROM)).toBe(true);
    expect(await staleRatingRooms(db)).toEqual([]);
    const written = await db.select().from(reviews);
    expect(written.every((r) => r.publishedAt !== null && r.publishedAt.getTime() <= Date.now())).toBe(true);
    expect(written.some((r) => r.reply !== null)).toBe(true);
    expect(written.some((r) => r.side === 'host')).toBe(true);
    // No room's page shows one guest's words twice.
    const byRoom = await db
      .select({ roomId: bookings.roomId, body: reviews.body })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .where(eq(reviews.side, 'guest'));
    const seen = new Set(byRoom.map((r) => `${r.roomId} ${r.body}`));
    expect(seen.size).toBe(byRoom.length);
  });

  it('leaves the demo guest a stay that ended days ago, at a demo host’s room, that neither side has reviewed', async () => {
    const guest = await actor('guest@staybook.example');
    const page = await listBookings(db, { actor: guest, as: 'guest', limit: 100 });
    const open = page.items.filter((b) => b.review?.canWrite);
    expect(open).toHaveLength(1);
    const stay = open[0]!;
    expect(stay.to >= day(-3) && stay.to <= day(-1)).toBe(true);
    expect(DEMO_USERS.some((u) => u.role === 'host' && u.email === stay.host.email)).toBe(true);
    expect(await db.select().from(reviews).where(eq(reviews.bookingId, stay._id))).toEqual([]);
  });

  it('pays the demo host’s past stays out through the test processor, each payout’s statement adding up to its amount', async () => {
    const host = await actor('host@staybook.example');
    const made = await db.select().from(payouts).where(eq(payouts.hostId, host.id));
    expect(made.length).toBeGreaterThanOrEqual(5);
    expect(made.every((p) => p.status === 'paid' && p.last4 === '6789' && p.createdAt.getTime() <= Date.now())).toBe(true);
    // Once a day at most, as the server's pass pays.
    expect(new Set(made.map((p) => p.asOf)).size).toBe(made.length);
    const balances = await hostBalances(db, host.id);
    expect(balances.paidCents).toBe(made.reduce((sum, p) => sum + p.amountCents, 0));
    expect(balances.inTransitCents).toBe(0);
    for (const payout of made) {
      const statement = await payoutStatement(db, host.id, payout.id);
      expect(statement.stays.length, payout.asOf).toBeGreaterThan(0);
      expect(statement.otherCents, payout.asOf).toBe(0);
    }
    // The processor holds each transfer, in the month the payout was made: the reconciliation finds nothing amiss.
    const months = new Set(made.map((p) => p.createdAt.toISOString().slice(0, 7)));
    for (const month of months) expect((await reconcileMonth({ db, payments: new TestPaymentProcessor(db) }, month)).differences, month).toEqual([]);
    // Another demo host sets up payouts themselves.
    expect(await db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, (await actor('marco@staybook.example')).id))).toEqual([]);
  });
});
