import { describe, expect, it } from 'vitest';
import {
  addDays,
  distanceKm,
  hostRoomsPageSchema,
  quickSaveSchema,
  roomCalendarSchema,
  roomsPageSchema,
  todayIso,
  tripSchema,
  wishlistSchema,
  type Position,
  type Room,
} from '@staybook/domain';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { bookStay } from '../../test/bookings.js';
import { useHostingSuite, validationError } from '../../test/hosting-suite.js';
import { removeEveryRoom } from '../../test/rooms.js';

/** Where a home is (docs/decisions/051-where-a-home-is.md): the pin and the address stay private until a stay is confirmed; searches find homes near a place. */
describe.each(TEST_DATABASE_KINDS)('where a home is, on %s', (kind) => {
  const s = useHostingSuite(kind);

  // Digits enough that no centre drawn within 400 m can start with the pin's own.
  const SINTRA_PIN: Position = { latitude: 38.79812345, longitude: -9.38834567 };
  const ADDRESS = '7 Rua das Flores, Sintra';
  const INSTRUCTIONS = 'The key is in the lockbox; code 4821.';

  const listAt = (pin: Position | null, overrides: Record<string, unknown> = {}) =>
    s.listRoom(s.host, { ...(pin ? { latitude: pin.latitude, longitude: pin.longitude } : {}), ...overrides });

  const areaOf = (room: Room): Position => {
    expect(room.area, room.title).not.toBeNull();
    return room.area!;
  };

  describe('the pin, the address and the arrival instructions', () => {
    it('are the host’s and their confirmed guests’ only: never in a room, a search, a listing, a wishlist or an export', async () => {
      const room = await listAt(SINTRA_PIN, { title: 'Quinta in the hills', location: 'Sintra, Portugal', address: ADDRESS, arrivalInstructions: INSTRUCTIONS });
      // Everyone sees a circle of about 500 m that holds the pin, drawn once.
      expect(room.area!.radiusMeters).toBe(500);
      expect(distanceKm(areaOf(room), SINTRA_PIN)).toBeLessThanOrEqual(0.5);
      expect(areaOf(room)).not.toEqual(SINTRA_PIN);

      const secrets = [ADDRESS, 'lockbox', String(SINTRA_PIN.latitude), String(SINTRA_PIN.longitude), '"position"', '"address"', 'arrivalInstructions'];
      const answers = [
        await s.t.call('GET', `/api/room/${room._id}`),
        await s.t.call('GET', `/api/room/${room._id}`, { as: s.guest }),
        await s.t.call('GET', `/api/room/${room._id}`, { as: s.host }),
        await s.t.call('GET', '/api/rooms?where=sintra'),
        await s.t.call('GET', '/api/rooms?where=lisbon', { as: s.guest }),
        await s.t.call('GET', '/api/rooms?limit=60'),
      ];
      // Saved to a shared wishlist and opened: the list, its shared link and the recently viewed row show the card only.
      const saved = quickSaveSchema.parse((await s.t.call('POST', '/api/wishlists/save', { as: s.guest, body: { roomId: room._id } })).json());
      const shared = wishlistSchema.parse((await s.t.call('POST', `/api/wishlists/${saved.list.id}/share`, { as: s.guest })).json());
      expect((await s.t.call('POST', '/api/recently-viewed', { as: s.guest, body: { roomId: room._id } })).statusCode).toBeLessThan(300);
      answers.push(
        await s.t.call('GET', `/api/wishlists/${saved.list.id}`, { as: s.guest }),
        await s.t.call('GET', `/api/wishlists/shared/${shared.shareToken!}`),
        await s.t.call('GET', '/api/recently-viewed', { as: s.guest }),
      );
      expect(answers.at(-3)!.body).toContain(room._id);
      expect(answers.at(-2)!.body).toContain(room._id);
      expect(answers.at(-1)!.body).toContain(room._id);
      for (const [i, answer] of answers.entries()) {
        expect(answer.statusCode).toBe(200);
        for (const secret of secrets) expect(answer.body, `answer ${i}: ${secret}`).not.toContain(secret);
      }
      // The room's iCal export says when it is busy, not where it is.
      const calendar = roomCalendarSchema.parse((await s.t.call('GET', `/api/room/${room._id}/calendar`, { as: s.host })).json());
      const feed = await s.t.call('GET', new URL(calendar.exportUrl).pathname);
      expect(feed.statusCode).toBe(200);
      for (const secret of [ADDRESS, 'lockbox', String(SINTRA_PIN.latitude)]) expect(feed.body).not.toContain(secret);

      // The host's own list has them all.
      const mine = hostRoomsPageSchema.parse((await s.t.call('GET', '/api/my-listings', { as: s.host })).json()).items.find((r) => r._id === room._id);
      expect(mine).toMatchObject({ position: SINTRA_PIN, address: ADDRESS, arrivalInstructions: INSTRUCTIONS, area: room.area });
    });

    it('reach the guest on the trip page once the stay is confirmed, and not while it is a request', async () => {
      const from = addDays(todayIso(), 10);
      const instant = await listAt(SINTRA_PIN, { address: ADDRESS, arrivalInstructions: INSTRUCTIONS, from: addDays(todayIso(), 7), to: addDays(todayIso(), 40) });
      const booking = await bookStay(s.t, s.guest, { roomId: instant._id, from, to: addDays(from, 2) });
      const trip = tripSchema.parse((await s.t.call('GET', `/api/trips/${booking._id}`, { as: s.guest })).json());
      expect(trip.arrival).toEqual({ address: ADDRESS, instructions: INSTRUCTIONS, position: SINTRA_PIN });
      // Someone else's stay is not found at all.
      expect((await s.t.call('GET', `/api/trips/${booking._id}`, { as: s.otherGuest })).statusCode).toBe(404);

      const asked = await listAt(SINTRA_PIN, { instantBook: false, address: ADDRESS, arrivalInstructions: INSTRUCTIONS, from: addDays(todayIso(), 7), to: addDays(todayIso(), 40) });
      const request = await bookStay(s.t, s.guest, { roomId: asked._id, from, to: addDays(from, 2) });
      expect(request.status).toBe('requested');
      const requested = tripSchema.parse((await s.t.call('GET', `/api/trips/${request._id}`, { as: s.guest })).json());
      expect(requested.arrival).toBeNull();
    });

    it('keep the circle while the pin stays, and draw a new one when it moves; refuse half a pin and a pin off the Earth', async () => {
      const room = await listAt(SINTRA_PIN, { address: ADDRESS });
      const update = (body: Record<string, unknown>) =>
        s.t.call('PUT', `/api/room/update/${room._id}`, { as: s.host, body: { ...bodyOf(room), ...body } });
      const same = await update({ latitude: SINTRA_PIN.latitude, longitude: SINTRA_PIN.longitude });
      expect(same.statusCode, same.body).toBe(200);
      expect((same.json() as Room).area).toEqual(room.area);
      // Left out, the pin and the address stay as they were.
      const untouched = await update({});
      expect((untouched.json() as Room).area).toEqual(room.area);
      expect((await s.roomRow(room._id))).toMatchObject({ latitude: SINTRA_PIN.latitude, address: ADDRESS });

      const moved = { latitude: 38.7, longitude: -9.42 };
      const movedAnswer = (await update(moved)).json() as Room;
      expect(distanceKm(areaOf(movedAnswer), moved)).toBeLessThanOrEqual(0.5);

      expect((await update({ latitude: 38.7, longitude: '' })).json()).toEqual(validationError('longitude', 'Please place the pin: give both latitude and longitude'));
      expect((await update({ latitude: 91, longitude: 0 })).json()).toEqual(validationError('latitude', 'Latitude must be between -90 and 90'));
      expect((await update({ latitude: 0, longitude: 'east' })).json()).toEqual(validationError('longitude', 'Longitude must be a number'));
      expect((await update({ address: 'x'.repeat(201) })).json()).toEqual(validationError('address', 'Address must be at most 200 characters'));
      // Another host cannot move it.
      expect((await s.t.call('PUT', `/api/room/update/${room._id}`, { as: s.otherHost, body: { ...bodyOf(room), ...moved } })).statusCode).toBe(403);
    });

    it('places a new room where its location is when the host gives no pin, in the zone there when it gives one', async () => {
      const innsbruck = await listAt(null, { location: 'Innsbruck, Austria' });
      expect(distanceKm(areaOf(innsbruck), { latitude: 47.263, longitude: 11.394 })).toBeLessThan(5);
      const nowhere = await listAt(null, { location: 'Nowhere Special, Testland' });
      expect(nowhere.area).toBeNull();
      const tromso = await listAt({ latitude: 69.6492, longitude: 18.9553 }, { location: 'Tromsø, Norway' });
      expect(tromso.timeZone).toBe('Europe/Oslo');
    });
  });

  describe('a search near a place', () => {
    it('finds homes within reach of the place it names, nearest first with their distance, then the other matches', async () => {
      await removeEveryRoom(s.t.database.db);
      await s.t.app.listing.roomsChanged();
      const sintra = await listAt(SINTRA_PIN, { title: 'Quinta in the hills', location: 'Sintra, Portugal' });
      const comporta = await listAt({ latitude: 38.3805, longitude: -8.7836 }, { title: 'Villa in the pines', location: 'Comporta, Portugal' });
      await listAt({ latitude: 41.1496, longitude: -8.611 }, { title: 'Loft by the river', location: 'Porto, Portugal' });
      const far = await listAt({ latitude: 41.15, longitude: -8.62 }, { title: 'Lisbon-blue tiles in Porto', location: 'Porto, Portugal' });

      for (const where of ['lisbon', 'Lisboa']) {
        const page = roomsPageSchema.parse((await s.t.call('GET', `/api/rooms?where=${encodeURIComponent(where)}`)).json());
        expect(page.near, where).toMatchObject({ name: 'Lisbon', country: 'Portugal', timeZone: 'Europe/Lisbon' });
        expect(page.items.map((r) => r.title), where).toEqual([sintra.title, comporta.title, far.title]);
        const [first, second, third] = page.items;
        expect(first!.distanceKm).toBeCloseTo(distanceKm(areaOf(sintra), page.near!), 1);
        expect(second!.distanceKm).toBeCloseTo(distanceKm(areaOf(comporta), page.near!), 1);
        // A match by its words, beyond reach: listed after, with no distance.
        expect(third!.distanceKm).toBeUndefined();
        expect(page.total).toEqual({ count: 3, more: false });
      }

      // Named with its country, the place is the same; the country's name matches every Portuguese home by its words.
      const withCountry = roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?where=Lisbon%2C%20Portugal')).json());
      expect(withCountry.near).toMatchObject({ name: 'Lisbon', country: 'Portugal' });
      expect(withCountry.items.slice(0, 2).map((r) => r.title)).toEqual([sintra.title, comporta.title]);
      expect(withCountry.items.slice(2).every((r) => r.distanceKm === undefined)).toBe(true);

      // Page by page, the same order.
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/rooms?where=lisbon&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
        const page = roomsPageSchema.parse((await s.t.call('GET', query)).json());
        seen.push(...page.items.map((r) => r.title));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([sintra.title, comporta.title, far.title]);

      // Another order chosen: the same homes, by price.
      const byPrice = roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?where=lisbon&sort=price-asc')).json());
      expect(byPrice.items.map((r) => r._id).sort()).toEqual([sintra._id, comporta._id, far._id].sort());

      // A place the gazetteer does not know: words only, as before.
      const words = roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?where=quinta')).json());
      expect(words.near).toBeUndefined();
      expect(words.items.map((r) => r.title)).toEqual([sintra.title]);
    });

    it('reaches across the antimeridian', async () => {
      await removeEveryRoom(s.t.database.db);
      await s.t.app.listing.roomsChanged();
      // Labasa, Fiji is at 179.38° east; this home is just west of 180° on the other side.
      const across = await listAt({ latitude: -16.5, longitude: -179.95 }, { title: 'Reef house over the date line', location: 'Taveuni, Fiji' });
      const page = roomsPageSchema.parse((await s.t.call('GET', '/api/rooms?where=labasa')).json());
      expect(page.near).toMatchObject({ name: 'Labasa', country: 'Fiji' });
      expect(page.items.map((r) => r._id)).toEqual([across._id]);
      expect(page.items[0]!.distanceKm).toBeGreaterThan(50);
      expect(page.items[0]!.distanceKm).toBeLessThan(100);
    });
  });
});

/** What the form sends back for a room as the API answered it. */
function bodyOf(room: Room): Record<string, unknown> {
  return {
    title: room.title,
    location: room.location,
    category: room.category,
    from: room.from,
    to: room.to,
    price: room.price,
    guests: room.guests,
    bedrooms: room.bedrooms,
    bathrooms: room.bathrooms,
    description: room.description,
    photos: room.photos,
  };
}
