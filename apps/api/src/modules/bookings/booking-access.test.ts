import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, bookingsPageSchema, type Booking } from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { bookings } from '../../db/schema.js';
import { errorOf } from '../../test/answers.js';
import { useBookingSuite, type FactoryRoom } from '../../test/booking-suite.js';
import { bookStay, confirmBooking } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import type { TestUser } from '../../test/test-app.js';

/** Who may book, see and cancel which stay, and how My Bookings and Manage Bookings list them. */
describe.each(TEST_DATABASE_KINDS)('bookings API on %s', (kind) => {
  const s = useBookingSuite(kind);
  let room: FactoryRoom;

  beforeAll(async () => {
    room = await s.newRoom();
  });

  describe('who may do what', () => {
    let booking: Booking;
    let intentId: string;

    beforeAll(async () => {
      const r = await s.newRoom();
      booking = await bookStay(s.t, s.guest, { roomId: r.id, from: day(30), to: day(32) });
      intentId = booking.transactionId;
    });

    it('answers 401 to a visitor on every signed-in booking route', async () => {
      const calls: [string, string, unknown?][] = [
        ['POST', '/api/create-payment-intent', { roomId: room.id, from: day(2), to: day(3) }],
        ['POST', '/api/booking', { paymentIntentId: intentId }],
        ['DELETE', `/api/booking/${booking._id}`],
        ['GET', '/api/my-bookings'],
        ['GET', `/api/my-bookings/${s.guest.email}`],
        ['GET', '/api/manage-bookings'],
        ['GET', `/api/manage-bookings/${s.host.email}`],
      ];
      for (const [method, url, body] of calls) {
        const res = await s.t.call(method as 'GET', url, { body });
        expect(errorOf(res), `${method} ${url}`).toEqual({ status: 401, error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });
      }
    });

    it("answers someone else's payment intent and booking as unknown ones, 404 with the same words (IDOR), for admins too", async () => {
      for (const other of [s.otherGuest, s.otherHost, s.admin]) {
        expect(errorOf(await confirmBooking(s.t, other, intentId))).toEqual({
          status: 404,
          error: { code: 'NOT_FOUND', message: 'This payment does not exist. Please start the booking again.' },
        });
        expect(errorOf(await s.t.call('DELETE', `/api/booking/${booking._id}`, { as: other }))).toEqual({
          status: 404,
          error: { code: 'NOT_FOUND', message: 'Booking not found.' },
        });
      }
      expect(errorOf(await confirmBooking(s.t, s.guest, 'pi_test_doesnotexist'))).toEqual({
        status: 404,
        error: { code: 'NOT_FOUND', message: 'This payment does not exist. Please start the booking again.' },
      });
      expect(errorOf(await s.t.call('DELETE', `/api/booking/${randomUUID()}`, { as: s.guest }))).toEqual({
        status: 404,
        error: { code: 'NOT_FOUND', message: 'Booking not found.' },
      });
      expect((await s.t.call('DELETE', '/api/booking/not-a-uuid', { as: s.guest })).statusCode).toBe(400);
      expect(await s.t.database.db.select().from(bookings).where(and(eq(bookings.id, booking._id), eq(bookings.status, 'confirmed')))).toHaveLength(1);
    });

    it('lists a stay for its guest and for the host of its room, and for nobody else', async () => {
      const ids = async (res: { statusCode: number; json(): unknown }) => {
        expect(res.statusCode).toBe(200);
        return bookingsPageSchema.parse(res.json()).items.map((b) => b._id);
      };
      expect(await ids(await s.t.call('GET', '/api/my-bookings', { as: s.guest }))).toContain(booking._id);
      expect(await ids(await s.t.call('GET', `/api/my-bookings/${s.guest.email.toUpperCase()}`, { as: s.guest }))).toContain(booking._id);
      expect(await ids(await s.t.call('GET', '/api/manage-bookings', { as: s.host }))).toContain(booking._id);
      expect(await ids(await s.t.call('GET', `/api/manage-bookings/${s.host.email}`, { as: s.host }))).toContain(booking._id);
      expect(await ids(await s.t.call('GET', '/api/my-bookings', { as: s.otherGuest }))).not.toContain(booking._id);
      expect(await ids(await s.t.call('GET', '/api/manage-bookings', { as: s.otherHost }))).not.toContain(booking._id);
      expect(await ids(await s.t.call('GET', '/api/my-bookings', { as: s.host }))).not.toContain(booking._id);
    });

    it("answers 403 for another person's e-mail in the path, and for Manage Bookings to a non-host", async () => {
      expect(errorOf(await s.t.call('GET', `/api/my-bookings/${s.guest.email}`, { as: s.otherGuest }))).toEqual({
        status: 403,
        error: { code: 'FORBIDDEN', message: 'You can only see your own bookings.' },
      });
      expect(errorOf(await s.t.call('GET', `/api/manage-bookings/${s.host.email}`, { as: s.otherHost }))).toEqual({
        status: 403,
        error: { code: 'FORBIDDEN', message: 'You can only see your own bookings.' },
      });
      for (const url of ['/api/manage-bookings', `/api/manage-bookings/${s.guest.email}`]) {
        expect(errorOf(await s.t.call('GET', url, { as: s.guest }))).toEqual({
          status: 403,
          error: { code: 'FORBIDDEN', message: 'You do not have the role this needs.' },
        });
      }
      expect((await s.t.call('GET', '/api/manage-bookings', { as: s.admin })).statusCode).toBe(403);
    });

    it("lets the room's host cancel a guest's stay", async () => {
      const r = await s.newRoom();
      const stay = await bookStay(s.t, s.guest, { roomId: r.id, from: day(5), to: day(7) });
      const res = await s.t.call('DELETE', `/api/booking/${stay._id}`, { as: s.host });
      expect(res.statusCode).toBe(200);
      expect(bookingSchema.parse(res.json())).toMatchObject({ status: 'cancelled', state: 'cancelled', refundedCents: 24_000, cancellable: false });
    });
  });

  describe('My Bookings and Manage Bookings', () => {
    let lister: TestUser;
    let expected: string[];

    beforeAll(async () => {
      lister = await s.t.signUp();
      const listRoom = await s.newRoom({ availableFrom: day(-400), availableTo: day(400) });
      const secondRoom = await insertRoom(s.t.database.db, { hostId: s.otherHost.id, availableFrom: day(-400), availableTo: day(400) });
      const make = async (r: typeof listRoom, from: number, to: number, status: 'confirmed' | 'cancelled' = 'confirmed') =>
        (await insertBooking(s.t.database.db, { room: r, guestId: lister.id, checkIn: day(from), checkOut: day(to), status })).booking.id;
      const upcomingLater = await make(listRoom, 40, 42);
      const pastOld = await make(listRoom, -200, -195);
      const inProgress = await make(secondRoom, -1, 2);
      const cancelledSoon = await make(listRoom, 3, 5, 'cancelled');
      const upcomingSoon = await make(secondRoom, 10, 12);
      const pastRecent = await make(secondRoom, -20, -15);
      const upcomingSameDay = await make(listRoom, 10, 11);
      // Upcoming and current first, soonest first (same day: any stable order); then past and cancelled, latest first.
      expected = [inProgress, ...[upcomingSoon, upcomingSameDay].sort(), upcomingLater, cancelledSoon, pastRecent, pastOld];
    });

    it('orders upcoming stays first and pages without repeats or gaps', async () => {
      const all = bookingsPageSchema.parse((await s.t.call('GET', '/api/my-bookings', { as: lister })).json());
      expect(all.items.map((b) => b._id)).toEqual(expected);
      expect(all.nextCursor).toBeNull();
      expect(all.items.map((b) => [b.state, b.cancellable])).toEqual([
        ['in-progress', false],
        ['upcoming', true],
        ['upcoming', true],
        ['upcoming', true],
        ['cancelled', false],
        ['past', false],
        ['past', false],
      ]);
      for (const limit of [1, 2, 3]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await s.t.call('GET', `/api/my-bookings?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { as: lister });
          const page = bookingsPageSchema.parse(res.json());
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items.map((b) => b._id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen).toEqual(expected);
      }
    });

    it("shows the host in My Bookings and the guest in Manage Bookings, only for the host's own rooms", async () => {
      const mine = bookingsPageSchema.parse((await s.t.call('GET', '/api/my-bookings', { as: lister })).json());
      expect(new Set(mine.items.map((b) => b.host.email))).toEqual(new Set([s.host.email, s.otherHost.email]));
      const managed = bookingsPageSchema.parse((await s.t.call('GET', '/api/manage-bookings?limit=100', { as: s.otherHost })).json());
      const listerStays = managed.items.filter((b) => b.guest.email === lister.email);
      expect(listerStays).toHaveLength(3);
      expect(managed.items.every((b) => b.host.email === s.otherHost.email)).toBe(true);
    });

    it('answers 400 for a cursor it did not make', async () => {
      for (const cursor of ['abc', Buffer.from('[0,1,"x"]').toString('base64url'), Buffer.from(`[2,1,"${randomUUID()}"]`).toString('base64url')]) {
        const res = await s.t.call('GET', `/api/my-bookings?cursor=${cursor}`, { as: lister });
        expect(errorOf(res)).toMatchObject({ status: 400, error: { code: 'VALIDATION_FAILED' } });
      }
    });
  });
});
