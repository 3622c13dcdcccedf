import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, furthestAvailabilityEnd, roomSchema, storedImageUrl, todayIso } from '@staybook/domain';
import { day } from '../../test/dates.js';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { bookings, payments } from '../../db/schema.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { NOT_FOUND, SIGN_IN, useHostingSuite, validationError, WRONG_ROLE } from '../../test/hosting-suite.js';
import { refusalInSpanish, SPANISH_PAGE } from '../../test/refusals.js';
import { ownRoomBody, roomBody } from '../../test/rooms.js';

/** A host changing their room: who may, what the form replaces, and the stays and bookings a change must respect. */
describe.each(TEST_DATABASE_KINDS)('hosting API on %s', (kind) => {
  // Hana changes her rooms around Ana's stays; Ana, Otto and the admin may not.
  const s = useHostingSuite(kind);

  describe('PUT /api/room/update/:id', () => {
    it('answers 401 to a visitor and 403 to guests, other hosts and admins, changing nothing', async () => {
      const room = await s.listRoom(s.host);
      const change = roomBody({ title: 'Taken over' });
      const visitor = await s.t.call('PUT', `/api/room/update/${room._id}`, { body: change });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual(SIGN_IN);
      for (const [user, body] of [
        [s.guest, WRONG_ROLE],
        [s.admin, WRONG_ROLE],
        [s.otherHost, { error: { code: 'FORBIDDEN', message: 'Only the host of this room can change it.' } }],
      ] as const) {
        const res = await s.t.call('PUT', `/api/room/update/${room._id}`, { as: user, body: change });
        expect(res.statusCode, user.role).toBe(403);
        expect(res.json()).toEqual(body);
      }
      // Another host hears that the room is not theirs, not what was wrong with what they sent.
      for (const bad of [{}, { ...change, price: -1 }, [change]]) {
        const res = await s.t.call('PUT', `/api/room/update/${room._id}`, { as: s.otherHost, body: bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(403);
      }
      expect((await s.t.call('PUT', `/api/room/update/${randomUUID()}`, { as: s.otherHost, body: {} })).statusCode).toBe(404);
      expect((await s.t.call('PUT', '/api/room/update/not-a-uuid', { as: s.otherHost, body: change })).statusCode).toBe(400);
      expect((await s.roomRow(room._id))!.title).toBe('Cabin by the lake');
    });

    it("replaces the owner's room with what the form sends; the host stays the owner", async () => {
      const room = await s.listRoom(s.host);
      const body = await ownRoomBody(s.t, s.host, {
        title: 'Cabin, renovated',
        location: 'Gosau, Austria',
        category: 'Countryside',
        from: day(10),
        to: day(20),
        price: 99.99,
        guests: '6',
        bedrooms: 3,
        bathrooms: 2,
        description: 'New kitchen.',
        host: { name: 'Otto Other', email: s.otherHost.email },
        hostId: s.otherHost.id,
      });
      const res = await s.t.call('PUT', `/api/room/update/${room._id}`, { as: s.host, body });
      expect(res.statusCode).toBe(200);
      expect(roomSchema.parse(res.json())).toEqual({
        ...room,
        title: 'Cabin, renovated',
        location: 'Gosau, Austria',
        category: 'Countryside',
        from: day(10),
        to: day(20),
        price: 99.99,
        priceCents: 9999,
        guests: 6,
        bedrooms: 3,
        bathrooms: 2,
        description: 'New kitchen.',
        image: body.image,
        photos: [body.image],
      });
      expect((await s.roomRow(room._id))!.hostId).toBe(s.host.id);
      expect((await s.t.call('GET', `/api/room/${room._id}`)).json()).toMatchObject({ title: 'Cabin, renovated', priceCents: 9999 });
    });

    it('answers 404 for an unknown or removed room and 400 for a malformed id or a bad field', async () => {
      const unknown = await s.t.call('PUT', `/api/room/update/${randomUUID()}`, { as: s.host, body: roomBody() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(NOT_FOUND);
      const removed = await s.listRoom(s.host);
      expect((await s.t.call('DELETE', `/api/room/${removed._id}`, { as: s.host })).statusCode).toBe(200);
      const gone = await s.t.call('PUT', `/api/room/update/${removed._id}`, { as: s.host, body: roomBody() });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual(NOT_FOUND);
      const malformed = await s.t.call('PUT', '/api/room/update/123', { as: s.host, body: roomBody() });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual(validationError('id', 'Room id is malformed'));
      const room = await s.listRoom(s.host);
      const outside = await s.t.call('PUT', `/api/room/update/${room._id}`, { as: s.host, body: roomBody({ image: 'https://elsewhere.example/a.jpg' }) });
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toEqual(validationError('image', 'Please upload the photo here; pictures from other sites are not accepted'));
    });

    it('lets a window that has begun keep its start, but never move it into the past', async () => {
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: day(-10), availableTo: day(20), image: storedImageUrl(randomUUID()) });
      const keep = await s.t.call('PUT', `/api/room/update/${row.id}`, {
        as: s.host,
        body: roomBody({ from: row.availableFrom, to: day(30), image: row.image }),
      });
      expect(keep.statusCode).toBe(200);
      expect(keep.json()).toMatchObject({ from: row.availableFrom, to: day(30) });
      const earlier = await s.t.call('PUT', `/api/room/update/${row.id}`, {
        as: s.host,
        body: roomBody({ from: day(-5), to: day(30), image: row.image }),
      });
      expect(earlier.statusCode).toBe(400);
      expect(earlier.json()).toEqual(validationError('from', 'Availability cannot start before today'));
    });

    it('ends a window at most three years from today, but lets one stored before that rule keep its end', async () => {
      const furthest = furthestAvailabilityEnd(todayIso());
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: day(400), availableTo: addDays(furthest, 30), image: storedImageUrl(randomUUID()) });
      const update = (to: string) => s.t.call('PUT', `/api/room/update/${row.id}`, { as: s.host, body: roomBody({ from: row.availableFrom, to, image: row.image }) });
      const kept = await update(row.availableTo);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toMatchObject({ to: row.availableTo });
      const further = await update(addDays(row.availableTo, 1));
      expect(further.statusCode).toBe(400);
      expect(further.json()).toEqual(validationError('to', 'Availability can end at most three years from today'));
      const within = await update(furthest);
      expect(within.statusCode, within.body).toBe(200);
      expect(within.json()).toMatchObject({ to: furthest });
      // Once brought within reach, the stored end is the new one: it cannot go back past it.
      expect((await update(row.availableTo)).statusCode).toBe(400);
    });

    it('refuses to leave a confirmed stay outside the window, naming its dates; a cancelled or past one does not count', async () => {
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: '2027-01-01', availableTo: '2027-02-01', image: storedImageUrl(randomUUID()) });
      const stay = await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: '2027-01-05', checkOut: '2027-01-08' });
      const base = { image: row.image };
      for (const [from, to] of [
        ['2027-01-06', '2027-02-01'],
        ['2027-01-01', '2027-01-07'],
        ['2027-01-09', '2027-02-01'],
      ]) {
        const res = await s.t.call('PUT', `/api/room/update/${row.id}`, { as: s.host, body: roomBody({ ...base, from, to }) });
        expect(res.statusCode, `${from}..${to}`).toBe(409);
        expect(res.json()).toEqual({
          error: {
            code: 'CONFLICT',
            message: 'A confirmed stay from Jan 5, 2027 to Jan 8, 2027 falls outside the new dates.',
            facts: { refusal: 'stays-outside-dates', count: '1', from: '2027-01-05', to: '2027-01-08' },
          },
        });
      }
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: '2027-01-20', checkOut: '2027-01-25' });
      const both = await s.t.call('PUT', `/api/room/update/${row.id}`, { as: s.host, body: roomBody({ ...base, from: '2027-01-10', to: '2027-01-15' }) });
      expect(both.statusCode).toBe(409);
      expect(both.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: '2 confirmed stays fall outside the new dates; the first is from Jan 5, 2027 to Jan 8, 2027.',
          facts: { refusal: 'stays-outside-dates', count: '2', from: '2027-01-05', to: '2027-01-08' },
        },
      });
      expect((await s.roomRow(row.id))!).toMatchObject({ availableFrom: '2027-01-01', availableTo: '2027-02-01' });

      // Shrinking to the stays' own edges is allowed: check-out is exclusive.
      const tight = await s.t.call('PUT', `/api/room/update/${row.id}`, { as: s.host, body: roomBody({ ...base, from: '2027-01-05', to: '2027-01-25' }) });
      expect(tight.statusCode).toBe(200);

      await s.t.database.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, stay.booking.id));
      const afterCancel = await s.t.call('PUT', `/api/room/update/${row.id}`, { as: s.host, body: roomBody({ ...base, from: '2027-01-10', to: '2027-01-25' }) });
      expect(afterCancel.statusCode).toBe(200);
      expect(afterCancel.json()).toMatchObject({ from: '2027-01-10', to: '2027-01-25' });

      // A stay that has ended holds nothing; one in progress keeps the window's start where it is.
      const started = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: day(-20), availableTo: day(20), image: storedImageUrl(randomUUID()) });
      await insertBooking(s.t.database.db, { room: started, guestId: s.guest.id, checkIn: day(-15), checkOut: day(-12) });
      const pastOnly = await s.t.call('PUT', `/api/room/update/${started.id}`, { as: s.host, body: roomBody({ image: started.image, from: day(0), to: day(20) }) });
      expect(pastOnly.statusCode).toBe(200);
      const current = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: day(-20), availableTo: day(20), image: storedImageUrl(randomUUID()) });
      await insertBooking(s.t.database.db, { room: current, guestId: s.guest.id, checkIn: day(-2), checkOut: day(3) });
      const cut = await s.t.call('PUT', `/api/room/update/${current.id}`, { as: s.host, body: roomBody({ image: current.image, from: day(0), to: day(20) }) });
      expect(cut.statusCode).toBe(409);
      expect((cut.json() as { error: { message: string } }).error.message).toMatch(/^A confirmed stay from .+ falls outside the new dates\.$/);
    });

    it('names requests the host has not answered as requests, and the confirmed stays alone when there are both', async () => {
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: '2027-01-01', availableTo: '2027-02-01', image: storedImageUrl(randomUUID()) });
      const asRequest = async (checkIn: string, checkOut: string) => {
        const { booking } = await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn, checkOut });
        await s.t.database.db.update(bookings).set({ status: 'requested', requestExpiresAt: new Date(Date.now() + 86_400_000) }).where(eq(bookings.id, booking.id));
      };
      await asRequest('2027-01-05', '2027-01-08');
      await asRequest('2027-01-20', '2027-01-22');
      const update = (from: string, to: string) => s.t.call('PUT', `/api/room/update/${row.id}`, { as: s.host, body: roomBody({ image: row.image, from, to }) });
      const one = await update('2027-01-10', '2027-02-01');
      expect(one.statusCode).toBe(409);
      expect(one.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: 'A request to stay from Jan 5, 2027 to Jan 8, 2027 falls outside the new dates. Accept or decline it first.',
          facts: { refusal: 'requests-outside-dates', count: '1', from: '2027-01-05', to: '2027-01-08' },
        },
      });
      expect((await update('2027-01-10', '2027-01-15')).json()).toMatchObject({
        error: {
          message: '2 requests to stay fall outside the new dates; the first is from Jan 5, 2027 to Jan 8, 2027. Accept or decline them first.',
          facts: { refusal: 'requests-outside-dates', count: '2', from: '2027-01-05', to: '2027-01-08' },
        },
      });
      await insertBooking(s.t.database.db, { room: row, guestId: s.otherGuest.id, checkIn: '2027-01-25', checkOut: '2027-01-27' });
      expect((await update('2027-01-10', '2027-01-15')).json()).toMatchObject({
        error: {
          message: 'A confirmed stay from Jan 25, 2027 to Jan 27, 2027 falls outside the new dates.',
          facts: { refusal: 'stays-outside-dates', count: '1', from: '2027-01-25', to: '2027-01-27' },
        },
      });
      expect((await s.roomRow(row.id))!).toMatchObject({ availableFrom: '2027-01-01', availableTo: '2027-02-01' });
    });

    it('names the stays outside the new dates in the page’s language, their dates in its format, from the answer’s facts', async () => {
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, availableFrom: '2027-01-01', availableTo: '2027-02-01', image: storedImageUrl(randomUUID()) });
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: '2027-01-05', checkOut: '2027-01-08' });
      const update = (from: string, to: string) =>
        s.t.call('PUT', `/api/room/update/${row.id}`, { as: s.host, headers: SPANISH_PAGE, body: roomBody({ image: row.image, from, to }) });
      const one = await update('2027-01-06', '2027-02-01');
      expect(one.json()).toMatchObject({ error: { message: 'A confirmed stay from Jan 5, 2027 to Jan 8, 2027 falls outside the new dates.' } });
      expect(refusalInSpanish(one)).toBe('Una estancia confirmada del 5 ene 2027 al 8 ene 2027 queda fuera de las nuevas fechas.');
      await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: '2027-01-20', checkOut: '2027-01-25' });
      expect(refusalInSpanish(await update('2027-01-10', '2027-01-15'))).toBe(
        '2 estancias confirmadas quedan fuera de las nuevas fechas; la primera es del 5 ene 2027 al 8 ene 2027.',
      );
    });

    it('applies a new price to new bookings only', async () => {
      const row = await insertRoom(s.t.database.db, { hostId: s.host.id, priceCents: 12_000, availableFrom: day(5), availableTo: day(30), image: storedImageUrl(randomUUID()) });
      const { booking, payment } = await insertBooking(s.t.database.db, { room: row, guestId: s.guest.id, checkIn: day(6), checkOut: day(9) });
      const res = await s.t.call('PUT', `/api/room/update/${row.id}`, {
        as: s.host,
        body: roomBody({ image: row.image, from: row.availableFrom, to: row.availableTo, price: 200 }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ price: 200, priceCents: 20_000 });
      const [keptBooking] = await s.t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(keptBooking).toMatchObject({ nightlyPriceCents: 12_000, totalCents: 36_000, roomTitle: row.title });
      const [keptPayment] = await s.t.database.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(keptPayment).toMatchObject({ nightlyPriceCents: 12_000, amountCents: 36_000 });
    });
  });
});
