import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_ERRORS, sqlState } from '../errors.js';
import { newBookingReference } from './booking-reference.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/databases.js';
import type { Db } from './client.js';
import { insertBooking, insertRoom, insertUser } from './factories.js';
import { bookings, users } from './schema.js';

/** Bad states the database itself refuses, whatever code writes to it. */
describe.each(TEST_DATABASE_KINDS)('database constraints on %s', (kind) => {
  let t: TestDatabase;
  let db: Db;
  let guestId: string;
  let roomId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    db = t.database.db;
    const host = await insertUser(db, { role: 'host' });
    guestId = (await insertUser(db)).id;
    room = await insertRoom(db, { hostId: host.id, availableFrom: '2030-01-01', availableTo: '2030-02-01' });
    roomId = room.id;
  });
  afterAll(() => t.cleanup());

  let room: Awaited<ReturnType<typeof insertRoom>>;

  async function book(checkIn: string, checkOut: string, status: 'confirmed' | 'cancelled' = 'confirmed') {
    return (await insertBooking(db, { room, guestId, checkIn, checkOut, status })).booking;
  }

  async function stateOf(promise: Promise<unknown>): Promise<string | undefined> {
    try {
      await promise;
      return undefined;
    } catch (err) {
      return sqlState(err);
    }
  }

  it('refuses a second confirmed booking overlapping the first, even by one night', async () => {
    await book('2030-01-10', '2030-01-15');
    expect(await stateOf(book('2030-01-14', '2030-01-20'))).toBe(PG_ERRORS.exclusionViolation);
    expect(await stateOf(book('2030-01-05', '2030-01-11'))).toBe(PG_ERRORS.exclusionViolation);
    expect(await stateOf(book('2030-01-11', '2030-01-12'))).toBe(PG_ERRORS.exclusionViolation);
  });

  it('lets the check-out day be the next check-in day', async () => {
    await expect(book('2030-01-15', '2030-01-17')).resolves.toBeDefined();
    await expect(book('2030-01-08', '2030-01-10')).resolves.toBeDefined();
  });

  it('ignores cancelled bookings, and refuses reconfirming one that would overlap', async () => {
    const cancelled = await book('2030-01-20', '2030-01-25', 'cancelled');
    await book('2030-01-21', '2030-01-23');
    expect(
      await stateOf(db.update(bookings).set({ status: 'confirmed', cancelledAt: null }).where(eq(bookings.id, cancelled.id))),
    ).toBe(PG_ERRORS.exclusionViolation);
  });

  it('uses a payment for one booking only', async () => {
    const booking = await book('2030-01-26', '2030-01-27');
    const again = db.insert(bookings).values({
      roomId,
      guestId,
      paymentId: booking.paymentId,
      checkIn: '2030-01-28',
      checkOut: '2030-01-29',
      roomTitle: room.title,
      roomLocation: room.location,
      roomImage: room.image,
      nightlyPriceCents: 100,
      totalCents: 100,
      priceLines: booking.priceLines,
      keptCents: 100,
      reference: newBookingReference(),
    });
    expect(await stateOf(again)).toBe(PG_ERRORS.uniqueViolation);
  });

  it('refuses non-positive money and counts, and availability that ends before it starts', async () => {
    const host = await insertUser(db, { role: 'host' });
    for (const bad of [
      { priceCents: 0 },
      { priceCents: -100 },
      { guests: 0 },
      { bedrooms: 0 },
      { bathrooms: -1 },
      { availableFrom: '2030-03-01', availableTo: '2030-03-01' },
      { availableFrom: '2030-03-02', availableTo: '2030-03-01' },
    ]) {
      expect(await stateOf(insertRoom(db, { hostId: host.id, ...bad })), JSON.stringify(bad)).toBe(PG_ERRORS.checkViolation);
    }
    expect(await stateOf(book('2030-01-29', '2030-01-29'))).toBe(PG_ERRORS.checkViolation);
  });

  it('refuses a room whose host is not a user', async () => {
    expect(await stateOf(insertRoom(db, { hostId: 'nobody' }))).toBe(PG_ERRORS.foreignKeyViolation);
  });

  it('keeps e-mails unique in their normalised form', async () => {
    await insertUser(db, { email: 'same@example.com' });
    expect(await stateOf(insertUser(db, { email: 'SAME@example.com' }))).toBe(PG_ERRORS.uniqueViolation);
    expect(await stateOf(db.insert(users).values({ id: randomUUID(), name: 'x', email: 'Upper@Example.com' }))).toBe(
      PG_ERRORS.checkViolation,
    );
  });
});
