import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, listingRulesOf, quoteStay, roomsPageSchema, storedImageUrl } from '@staybook/domain';
import { day } from '../../test/dates.js';
import { insertBooking, insertRoom } from '../../db/factories.js';
import * as schema from '../../db/schema.js';
import { bookings, payments } from '../../db/schema.js';
import { serverUrlOf, TEST_DATABASE_KINDS } from '../../test/databases.js';
import { NOT_FOUND, SIGN_IN, useHostingSuite, validationError, WRONG_ROLE } from '../../test/hosting-suite.js';
import { untilBlockedBy } from '../../test/lock-waits.js';
import { describeNeeding, twoConnectionsOn } from '../../test/needs.js';
import { refusalInSpanish, SPANISH_PAGE } from '../../test/refusals.js';
import { roomBody } from '../../test/rooms.js';

/** Removing a room: who may, deleting for good or keeping it for the guests' history, and never under a stay. */
describe.each(TEST_DATABASE_KINDS)('hosting API on %s', (kind) => {
  // Hana removes her rooms unless Ana's stays hold them; the admin may too, Ana and Otto may not.
  const s = useHostingSuite(kind);

  describe('DELETE /api/room/:id', () => {
    it('answers 401 to a visitor and 403 to guests and other hosts, removing nothing', async () => {
      const room = await s.listRoom(s.host);
      const visitor = await s.t.call('DELETE', `/api/room/${room._id}`);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(SIGN_IN);
      const asGuest = await s.t.call('DELETE', `/api/room/${room._id}`, { as: s.guest });
      expect(asGuest.statusCode).toBe(403);
      expect(asGuest.json()).toEqual(WRONG_ROLE);
      const asOther = await s.t.call('DELETE', `/api/room/${room._id}`, { as: s.otherHost });
      expect(asOther.statusCode).toBe(403);
      expect(asOther.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only the host of this room or an admin can remove it.' } });
      expect(await s.roomRow(room._id)).toMatchObject({ deletedAt: null });
    });

    it('lets the owner delete a room nobody booked for good, and an admin remove any listing', async () => {
      for (const remover of [s.host, s.admin]) {
        const room = await s.listRoom(s.host);
        const res = await s.t.call('DELETE', `/api/room/${room._id}`, { as: remover });
        expect(res.statusCode, remover.role).toBe(200);
        expect(res.json()).toEqual({ deletedCount: 1 });
        expect(await s.roomRow(room._id)).toBeUndefined();
        expect(await s.browse()).not.toContain(room._id);
        const again = await s.t.call('DELETE', `/api/room/${room._id}`, { as: remover });
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual(NOT_FOUND);
      }
      const malformed = await s.t.call('DELETE', '/api/room/not-an-id', { as: s.host });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual(validationError('id', 'Room id is malformed'));
    });

    it('refuses while confirmed stays have not ended, saying how many', async () => {
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: day(-10), availableTo: day(30), image: storedImageUrl(randomUUID()) });
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(5), checkOut: day(8) });
      // Written behind the app's back (the hosting routes tell the listing cache themselves).
      await s.t.app.listing.roomsChanged();
      const one = await s.t.call('DELETE', `/api/room/${row.id}`, { as: s.host });
      expect(one.statusCode).toBe(409);
      expect(one.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: 'This room has 1 upcoming stay. Cancel it in Manage Bookings first.',
          facts: { refusal: 'upcoming-stays', count: '1', cancels: 'you' },
        },
      });
      // A stay in progress blocks as well; past and cancelled ones do not count.
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(-1), checkOut: day(1) });
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(-8), checkOut: day(-5) });
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(10), checkOut: day(12), status: 'cancelled' });
      const two = await s.t.call('DELETE', `/api/room/${row.id}`, { as: s.host });
      expect(two.statusCode).toBe(409);
      expect(two.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: 'This room has 2 upcoming stays. Cancel them in Manage Bookings first.',
          facts: { refusal: 'upcoming-stays', count: '2', cancels: 'you' },
        },
      });
      // An admin has no Manage Bookings: the answer says who can clear the stays.
      const asAdmin = await s.t.call('DELETE', `/api/room/${row.id}`, { as: s.admin });
      expect(asAdmin.statusCode).toBe(409);
      expect(asAdmin.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: 'This room has 2 upcoming stays. Its host must cancel them first.',
          facts: { refusal: 'upcoming-stays', count: '2', cancels: 'host' },
        },
      });
      expect(await s.roomRow(row.id)).toMatchObject({ deletedAt: null });
      expect(await s.browse()).toContain(row.id);
    });

    it('says how many stays are in the way in the page’s language, from the answer’s facts', async () => {
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: day(-10), availableTo: day(30), image: storedImageUrl(randomUUID()) });
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(5), checkOut: day(8) });
      await s.t.app.listing.roomsChanged();
      const one = await s.t.call('DELETE', `/api/room/${row.id}`, { as: s.host, headers: SPANISH_PAGE });
      // The message stays the English contract; the facts are written again in Spanish.
      expect(one.json()).toMatchObject({ error: { message: 'This room has 1 upcoming stay. Cancel it in Manage Bookings first.' } });
      expect(refusalInSpanish(one)).toBe('Este alojamiento tiene 1 estancia próxima. Cancélala antes en Gestionar reservas.');
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(10), checkOut: day(12) });
      const two = await s.t.call('DELETE', `/api/room/${row.id}`, { as: s.host, headers: SPANISH_PAGE });
      expect(refusalInSpanish(two)).toBe('Este alojamiento tiene 2 estancias próximas. Cancélalas antes en Gestionar reservas.');
      const asAdmin = await s.t.call('DELETE', `/api/room/${row.id}`, { as: s.admin, headers: SPANISH_PAGE });
      expect(refusalInSpanish(asAdmin)).toBe('Este alojamiento tiene 2 estancias próximas. Su anfitrión debe cancelarlas antes.');
    });

    it('removes a room with only past or cancelled stays from browsing but keeps it for the guests’ history', async () => {
      const listed = await s.listRoom(s.host, { category: 'Arctic' });
      const row = (await s.roomRow(listed._id))!;
      const past = await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(-30), checkOut: day(-27) });
      const cancelled = await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(8), checkOut: day(10), status: 'cancelled' });
      const res = await s.t.call('DELETE', `/api/room/${listed._id}`, { as: s.host });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect((await s.roomRow(listed._id))!.deletedAt).toBeInstanceOf(Date);
      const kept = await s.t.database.db.select().from(bookings).where(eq(bookings.roomId, listed._id));
      expect(kept.map((b) => b.id).sort()).toEqual([past.booking.id, cancelled.booking.id].sort());
      expect(kept.find((b) => b.id === past.booking.id)).toMatchObject({ status: 'confirmed', roomTitle: row.title, roomImage: row.image });
      expect(await s.browse()).not.toContain(listed._id);
      expect(await s.browse('&category=Arctic')).not.toContain(listed._id);
      const page = await s.t.call('GET', `/api/room/${listed._id}`);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual(NOT_FOUND);
      const listings = roomsPageSchema.parse((await s.t.call('GET', '/api/my-listings?limit=60', { as: s.host })).json());
      expect(listings.items.map((r) => r._id)).not.toContain(listed._id);
    });

    it('keeps a room that a payment refers to, even without a booking', async () => {
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, image: storedImageUrl(randomUUID()) });
      await s.t.database.db.insert(payments).values({
        provider: 'test',
        providerPaymentId: `pi_${randomUUID()}`,
        guestId: s.guest.id,
        roomId: row.id,
        checkIn: day(20),
        checkOut: day(22),
        nightlyPriceCents: row.priceCents,
        amountCents: 2 * row.priceCents,
        priceLines: quoteStay(listingRulesOf(row), [], { from: day(20), to: day(22) }, 1).lines,
        status: 'canceled',
      });
      const res = await s.t.call('DELETE', `/api/room/${row.id}`, { as: s.host });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect((await s.roomRow(row.id))!.deletedAt).toBeInstanceOf(Date);
    });
  });

  describeNeeding(twoConnectionsOn(kind), 'against a booking being confirmed at the same moment', {}, () => {
    it('waits for it, then refuses to delete the room or leave the stay outside the window', async () => {
      for (const attempt of ['delete', 'shrink'] as const) {
        const listed = await s.listRoom(s.host);
        const room = (await s.roomRow(listed._id))!;
        const other = new pg.Client({ connectionString: serverUrlOf(s.t.target) });
        await other.connect();
        try {
          // What the booking transaction does: share-lock the live room, then write the stay.
          await other.query('begin');
          await other.query('select id from rooms where id = $1 and deleted_at is null for share', [room.id]);
          await insertBooking(drizzle(other, { schema }), {
            room,
            guestId: s.guest.id,
            checkIn: addDays(room.availableFrom, 1),
            checkOut: addDays(room.availableFrom, 3),
          });
          const pending =
            attempt === 'delete'
              ? s.t.call('DELETE', `/api/room/${room.id}`, { as: s.host })
              : s.t.call('PUT', `/api/room/update/${room.id}`, { as: s.host, body: roomBody({ image: room.image, from: addDays(room.availableFrom, 2), to: room.availableTo }) });
          // The request waits on the room's lock (the test fails if it finishes without waiting); only then does the booking commit.
          await untilBlockedBy(other, pending);
          await other.query('commit');
          const res = await pending;
          expect(res.statusCode, attempt).toBe(409);
          expect((res.json() as { error: { message: string } }).error.message).toBe(
            attempt === 'delete'
              ? 'This room has 1 upcoming stay. Cancel it in Manage Bookings first.'
              : `A confirmed stay from ${formatIsoDate(addDays(room.availableFrom, 1))} to ${formatIsoDate(addDays(room.availableFrom, 3))} falls outside the new dates.`,
          );
          expect(await s.roomRow(room.id)).toMatchObject({ deletedAt: null, availableFrom: room.availableFrom });
        } finally {
          await other.end();
        }
      }
    });
  });
});
