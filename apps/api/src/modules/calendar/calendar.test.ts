import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostCalendarSchema, roomAvailabilitySchema, roomCalendarSchema, roomsPageSchema, type RoomCalendar } from '@staybook/domain';
import { eq } from 'drizzle-orm';
import { lastErrorText } from '@staybook/domain/calendar-sync-reasons';
import { withLocale } from '@staybook/domain/locale';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { calendarImports } from '../../db/schema.js';
import { SCHEDULED_FETCHES_AT_ONCE } from './calendar.service.js';
import '../../locales/es/catalog.js';
import { OVERLAPPING_BOOKING_MESSAGE } from '../../errors.js';
import { bookStay, confirmBooking, confirmCard, startPayment } from '../../test/bookings.js';
import { signUpCast } from '../../test/cast.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';

const compact = (d: string) => d.replaceAll('-', '');

/** The events of an .ics as the library reads them back. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    method: calendar.getFirstPropertyValue('method') as string | null,
    events: calendar.getAllSubcomponents('vevent').map((c) => {
      const e = new ICAL.Event(c);
      return { uid: e.uid, from: e.startDate.toString(), to: e.endDate.toString(), isDate: e.startDate.isDate, summary: e.summary, status: c.getFirstPropertyValue('status'), sequence: e.sequence, description: e.description, location: e.location };
    }),
  };
}

/** Another site's calendar export, served on 127.0.0.1: each path answers what the test put there. */
function calendarSite() {
  const pages = new Map<string, { status?: number; body: string | Buffer; location?: string }>();
  const server: Server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) return void res.writeHead(404).end();
    res.writeHead(page.status ?? 200, { 'content-type': 'text/calendar', ...(page.location ? { location: page.location } : {}) }).end(page.body);
  });
  return {
    pages,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Another site that answers calendar fetches only once `together` of them are open at once, or each after `patienceMs`
 * when fewer come (a fetch made after another finished); `mostOpen` is the most it held open at once. It answers every
 * path with a calendar of one night, or with HTTP 500 for a path with `down` in it.
 */
function gatheringSite(together: number, patienceMs = 1_500) {
  let waiting: (() => void)[] = [];
  const site = { mostOpen: 0, holding: false };
  const server: Server = createServer((req, res) => {
    const answer = () => {
      waiting = waiting.filter((other) => other !== answer);
      if (req.url?.includes('down')) return void res.writeHead(500).end('down');
      res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics([allDay(`${req.url}@elsewhere`, day(3), day(4))]));
    };
    if (!site.holding) return answer();
    waiting.push(answer);
    site.mostOpen = Math.max(site.mostOpen, waiting.length);
    if (waiting.length >= together) for (const held of [...waiting]) held();
    else setTimeout(() => waiting.includes(answer) && answer(), patienceMs);
  });
  return Object.assign(site, {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function ics(events: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}

function allDay(uid: string, from: string, to: string, extra: string[] = []): string {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', `DTSTART;VALUE=DATE:${compact(from)}`, `DTEND;VALUE=DATE:${compact(to)}`, 'SUMMARY:Reserved', ...extra, 'END:VEVENT'].join('\r\n');
}

describe.each(TEST_DATABASE_KINDS)('calendar sync on %s', (kind) => {
  let t: TestApp;
  let strict: TestApp;
  let host: TestUser;
  let otherHost: TestUser;
  let guest: TestUser;
  let otherGuest: TestUser;
  let admin: TestUser;
  let room: Awaited<ReturnType<typeof insertRoom>>;
  let otherRoom: Awaited<ReturnType<typeof insertRoom>>;
  const site = calendarSite();

  beforeAll(async () => {
    await site.start();
    [t, strict] = await Promise.all([createTestApp(kind, { CALENDAR_IMPORT_ALLOW_HOSTS: '127.0.0.1' }), createTestApp(kind)]);
    ({ host, otherHost, guest, otherGuest, admin } = await signUpCast(t));
    room = await insertRoom(t.database.db, { hostId: host.id, title: 'Harbour loft', location: 'Porto, Portugal', availableFrom: day(1), availableTo: day(60) });
    otherRoom = await insertRoom(t.database.db, { hostId: otherHost.id, availableFrom: day(1), availableTo: day(60) });
  });
  afterAll(async () => {
    await Promise.all([t.close(), strict.close()]);
    await site.stop();
  });

  const calendarOf = async (roomId: string, as: TestUser = host): Promise<RoomCalendar> => {
    const res = await t.call('GET', `/api/room/${roomId}/calendar`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return roomCalendarSchema.parse(res.json());
  };
  const feed = (url: string) => t.call('GET', new URL(url).pathname);

  it('attaches the stay to the booking mails, and its cancellation to the cancellation mails', async () => {
    await t.clearMail();
    const stay = await bookStay(t, guest, { roomId: room.id, from: day(40), to: day(43) });
    const booked = (await t.mailSent()).filter((m) => m.attachments?.length);
    expect(booked.map((m) => m.to)).toEqual([guest.email, host.email]);
    for (const mail of booked) {
      const [file] = mail.attachments!;
      expect(file!.filename).toBe(`staybook-${stay.reference}.ics`);
      expect(file!.contentType).toContain('text/calendar');
      const { method, events } = eventsOf(file!.content);
      expect(method).toBe('PUBLISH');
      expect(events).toEqual([
        expect.objectContaining({ uid: `${stay._id}@staybook`, from: day(40), to: day(43), isDate: true, summary: 'Harbour loft', location: 'Porto, Portugal', sequence: 0 }),
      ]);
      expect(events[0]!.description).toContain(stay.reference);
      expect(events[0]!.description).toContain(`${TEST_ORIGIN}/dashboard/trips/${stay._id}`);
    }

    await t.clearMail();
    expect((await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest })).statusCode).toBe(200);
    const cancelled = await t.mailSent();
    expect(cancelled.map((m) => m.to)).toEqual([guest.email, host.email]);
    for (const mail of cancelled) {
      const { method, events } = eventsOf(mail.attachments![0]!.content);
      expect(method).toBe('CANCEL');
      expect(events).toEqual([expect.objectContaining({ uid: `${stay._id}@staybook`, from: day(40), to: day(43), status: 'CANCELLED', sequence: 1 })]);
    }
  });

  it("answers a booking's .ics to its guest and its host only", async () => {
    const stay = await bookStay(t, guest, { roomId: room.id, from: day(20), to: day(22) });
    for (const as of [guest, host]) {
      const res = await t.call('GET', `/api/booking/${stay._id}/calendar.ics`, { as });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="staybook-${stay.reference}.ics"`);
      expect(eventsOf(res.body).events).toEqual([expect.objectContaining({ uid: `${stay._id}@staybook`, from: day(20), to: day(22) })]);
    }
    for (const as of [otherGuest, otherHost, admin]) expect((await t.call('GET', `/api/booking/${stay._id}/calendar.ics`, { as })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/booking/${stay._id}/calendar.ics`)).statusCode).toBe(401);
    await t.call('DELETE', `/api/booking/${stay._id}`, { as: guest });
  });

  it("exports exactly the room's confirmed stays, without the guest, until the link is regenerated", async () => {
    const r = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(-30), availableTo: day(60) });
    const kept = await insertBooking(t.database.db, { room: r, guestId: guest.id, checkIn: day(5), checkOut: day(8) });
    const recent = await insertBooking(t.database.db, { room: r, guestId: guest.id, checkIn: day(-20), checkOut: day(-18) });
    await insertBooking(t.database.db, { room: r, guestId: guest.id, checkIn: day(10), checkOut: day(12), status: 'cancelled' });
    await insertBooking(t.database.db, { room: otherRoom, guestId: guest.id, checkIn: day(5), checkOut: day(8) });

    const { exportUrl } = await calendarOf(r.id);
    expect(exportUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await calendarOf(r.id)).exportUrl).toBe(exportUrl);
    const res = await feed(exportUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { events } = eventsOf(res.body);
    expect(events.map((e) => [e.uid, e.from, e.to, e.summary]).sort()).toEqual(
      [
        [`${kept.booking.id}@staybook`, day(5), day(8), 'Reserved'],
        [`${recent.booking.id}@staybook`, day(-20), day(-18), 'Reserved'],
      ].sort(),
    );
    expect(res.body).not.toContain(guest.email);
    expect(res.body).not.toContain('Ana');

    const regenerated = await t.call('POST', `/api/room/${r.id}/calendar/regenerate`, { as: host });
    expect(regenerated.statusCode).toBe(200);
    const fresh = roomCalendarSchema.parse(regenerated.json()).exportUrl;
    expect(fresh).not.toBe(exportUrl);
    expect((await feed(exportUrl)).statusCode).toBe(404);
    expect((await feed(fresh)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/calendar/not-a-real-token-but-long-enough.ics')).statusCode).toBe(404);
  });

  it("lets only the room's host manage its calendar", async () => {
    for (const as of [otherHost, admin]) {
      expect((await t.call('GET', `/api/room/${room.id}/calendar`, { as })).statusCode).toBe(403);
      expect((await t.call('POST', `/api/room/${room.id}/calendar/regenerate`, { as })).statusCode).toBe(403);
      expect((await t.call('POST', `/api/room/${room.id}/calendar/imports`, { as, body: { url: site.url('/x.ics') } })).statusCode).toBe(403);
      expect((await t.call('POST', `/api/room/${room.id}/calendar/sync`, { as })).statusCode).toBe(403);
    }
    expect((await t.call('GET', `/api/room/${room.id}/calendar`, { as: guest })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/room/${room.id}/calendar`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/room/00000000-0000-4000-8000-000000000000/calendar', { as: host })).statusCode).toBe(404);

    site.pages.set('/owned.ics', { body: ics([]) });
    const added = await t.call('POST', `/api/room/${room.id}/calendar/imports`, { as: host, body: { url: site.url('/owned.ics') } });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json() as { id: string }).id;
    expect((await t.call('DELETE', `/api/room/${room.id}/calendar/imports/${id}`, { as: otherHost })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/room/${otherRoom.id}/calendar/imports/${id}`, { as: otherHost })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/room/${room.id}/calendar/imports/${id}`, { as: host })).statusCode).toBe(204);
    expect((await calendarOf(room.id)).imports).toEqual([]);
  });

  it("blocks an imported calendar's nights for the picker, the search and booking", async () => {
    const r = await insertRoom(t.database.db, { hostId: host.id, title: 'Blocked by another site', availableFrom: day(1), availableTo: day(30) });
    site.pages.set('/airbnb.ics', {
      body: ics([
        allDay('a@elsewhere', day(5), day(8)),
        // A timed stay in UTC covering the nights of day 10 and 11.
        ['BEGIN:VEVENT', 'UID:b@elsewhere', 'DTSTAMP:20260101T000000Z', `DTSTART:${compact(day(10))}T150000Z`, `DTEND:${compact(day(12))}T100000Z`, 'END:VEVENT'].join('\r\n'),
        allDay('c@elsewhere', day(6), day(9)), // overlaps the first: merged for the picker
        allDay('cancelled@elsewhere', day(15), day(17), ['STATUS:CANCELLED']),
        allDay('past@elsewhere', day(-10), day(-5)),
      ]),
    });
    const added = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url('/airbnb.ics') } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ lastError: null, blockCount: 3 });
    expect((added.json() as { lastSyncedAt: string | null }).lastSyncedAt).not.toBeNull();

    const availability = roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${r.id}/availability`)).json());
    expect(availability.taken).toEqual([
      { from: day(5), to: day(9) },
      { from: day(10), to: day(12) },
    ]);

    const search = async (from: number, to: number) =>
      roomsPageSchema.parse((await t.call('GET', `/api/rooms?checkin=${day(from)}&checkout=${day(to)}&place=Blocked`)).json()).items.map((i) => i._id);
    expect(await search(2, 4)).toContain(r.id); // cached now, and must be dropped below
    expect(await search(7, 9)).not.toContain(r.id);
    expect(await search(11, 13)).not.toContain(r.id);
    expect(await search(15, 17)).toContain(r.id);

    const refused = await t.call('POST', '/api/create-payment-intent', { as: guest, body: { roomId: r.id, from: day(3), to: day(6) } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: OVERLAPPING_BOOKING_MESSAGE } });

    // Nights the other site takes while a guest is paying: the booking is refused and the hold voided.
    const intent = await startPayment(t, guest, { roomId: r.id, from: day(2), to: day(4) });
    expect((await confirmCard(t, intent)).statusCode).toBe(200);
    site.pages.set('/airbnb.ics', { body: ics([allDay('a@elsewhere', day(3), day(4))]) });
    const synced = await t.call('POST', `/api/room/${r.id}/calendar/sync`, { as: host });
    expect(synced.statusCode).toBe(200);
    expect(roomCalendarSchema.parse(synced.json()).imports[0]).toMatchObject({ blockCount: 1, lastError: null });
    expect(await search(2, 4)).not.toContain(r.id);
    expect(await search(7, 9)).toContain(r.id);
    const lost = await confirmBooking(t, guest, intent.paymentIntentId);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ error: { message: OVERLAPPING_BOOKING_MESSAGE } });
  });

  it('reports a malformed or oversized calendar, keeps the last good blocks, and adds none', async () => {
    const r = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30) });
    site.pages.set('/flaky.ics', { body: 'this is not a calendar' });
    const bad = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url('/flaky.ics') } });
    expect(bad.statusCode).toBe(201);
    expect(bad.json()).toMatchObject({
      lastError: 'The address did not give a calendar in iCalendar (.ics) format.',
      lastErrorReason: { code: 'notACalendar' },
      lastSyncedAt: null,
      blockCount: 0,
    });
    expect(roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${r.id}/availability`)).json()).taken).toEqual([]);

    site.pages.set('/flaky.ics', { body: ics([allDay('x@elsewhere', day(4), day(6))]) });
    expect(roomCalendarSchema.parse((await t.call('POST', `/api/room/${r.id}/calendar/sync`, { as: host })).json()).imports[0]).toMatchObject({
      lastError: null,
      lastErrorReason: null,
      blockCount: 1,
    });

    // Over 2 MB, of valid-looking events: refused while it streams; the nights of the last good fetch stay blocked.
    const padding = allDay('y@elsewhere', day(10), day(12), [`DESCRIPTION:${'x'.repeat(70)}`]);
    site.pages.set('/flaky.ics', { body: ics(Array.from({ length: 25_000 }, () => padding)) });
    const huge = roomCalendarSchema.parse((await t.call('POST', `/api/room/${r.id}/calendar/sync`, { as: host })).json()).imports[0]!;
    expect(huge.lastError).toBe('The calendar is larger than 2 MB, so it was not imported.');
    expect(huge.lastErrorReason).toEqual({ code: 'tooLarge', fact: '2' });
    expect(huge.blockCount).toBe(1);
    expect(roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${r.id}/availability`)).json()).taken).toEqual([{ from: day(4), to: day(6) }]);

    site.pages.set('/flaky.ics', { status: 500, body: 'down' });
    const down = roomCalendarSchema.parse((await t.call('POST', `/api/room/${r.id}/calendar/sync`, { as: host })).json()).imports[0]!;
    expect(down.lastError).toBe('The other site answered with HTTP status 500.');
    // Kept as its code and fact, which a Spanish page writes in Spanish.
    expect(down.lastErrorReason).toEqual({ code: 'httpStatus', fact: '500' });
    const [row] = await t.database.db.select().from(calendarImports).where(eq(calendarImports.id, down.id));
    expect(row!.lastErrorReason).toEqual({ code: 'httpStatus', fact: '500' });
    expect(withLocale('es', () => lastErrorText(down))).toBe('El otro sitio ha respondido con el estado HTTP 500.');
    expect(withLocale('es', () => lastErrorText(huge))).toBe('El calendario ocupa más de 2 MB, así que no se ha importado.');

    // A failure recorded before the reason was kept answers its English only, which a page reads back into its fact.
    await t.database.db.update(calendarImports).set({ lastErrorReason: null }).where(eq(calendarImports.id, down.id));
    const before = roomCalendarSchema.parse((await t.call('GET', `/api/room/${r.id}/calendar`, { as: host })).json()).imports[0]!;
    expect(before).toMatchObject({ lastError: 'The other site answered with HTTP status 500.', lastErrorReason: null });
    expect(withLocale('es', () => lastErrorText(before))).toBe('El otro sitio ha respondido con el estado HTTP 500.');
  });

  it('follows a few redirects, checking each hop', async () => {
    const r = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30) });
    site.pages.set('/moved.ics', { status: 302, body: '', location: '/target.ics' });
    site.pages.set('/target.ics', { body: ics([allDay('m@elsewhere', day(2), day(3))]) });
    site.pages.set('/to-metadata.ics', { status: 302, body: '', location: 'http://169.254.169.254/latest/meta-data' });
    const moved = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url('/moved.ics') } });
    expect(moved.json()).toMatchObject({ lastError: null, blockCount: 1 });
    const sneaky = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url('/to-metadata.ics') } });
    expect(sneaky.json()).toMatchObject({ lastError: 'This calendar address points to a private or local network, which StayBook does not fetch from.', blockCount: 0 });
  });

  it('refuses private and local addresses without the allow-list, and bad addresses', async () => {
    const strictHost = await strict.signUp({ role: 'host' });
    const r = await insertRoom(strict.database.db, { hostId: strictHost.id });
    for (const url of [site.url('/airbnb.ics'), 'http://10.0.0.7/cal.ics', 'http://[::1]:8080/cal.ics', 'http://localhost/cal.ics', 'http://[::ffff:127.0.0.1]/x.ics', 'https://169.254.169.254/']) {
      const res = await strict.call('POST', `/api/room/${r.id}/calendar/imports`, { as: strictHost, body: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: { fields: { url: 'This calendar address points to a private or local network, which StayBook does not fetch from.' } } });
    }
    for (const url of ['ftp://example.com/cal.ics', 'file:///etc/passwd', 'not a url', `https://example.com/${'a'.repeat(2_000)}`]) {
      const res = await strict.call('POST', `/api/room/${r.id}/calendar/imports`, { as: strictHost, body: { url } });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys((res.json() as { error: { fields: object } }).error.fields)).toEqual(['url']);
    }
  });

  it('takes at most ten imports per room, and each address once', async () => {
    const r = await insertRoom(t.database.db, { hostId: host.id });
    site.pages.set('/empty.ics', { body: ics([]) });
    for (let i = 0; i < 10; i += 1) {
      expect((await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url(`/empty.ics?n=${i}`) } })).statusCode).toBe(201);
    }
    const eleventh = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url('/empty.ics?n=10') } });
    expect(eleventh.statusCode).toBe(400);
    const again = await t.call('POST', `/api/room/${room.id}/calendar/imports`, { as: host, body: { url: site.url('/empty.ics') } });
    expect(again.statusCode).toBe(201);
    expect((await t.call('POST', `/api/room/${room.id}/calendar/imports`, { as: host, body: { url: site.url('/empty.ics') } })).statusCode).toBe(409);
  });

  it('goes on answering while it reads hostile calendars, now and on the schedule, and says why each was not imported', async () => {
    const hostile = await t.signUp({ role: 'host' });
    const r = await insertRoom(t.database.db, { hostId: hostile.id, availableFrom: day(1), availableTo: day(30) });
    site.pages.set('/never.ics', { body: ics([['BEGIN:VEVENT', 'UID:n@elsewhere', 'DTSTAMP:20260101T000000Z', 'DTSTART;VALUE=DATE:20260101', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'END:VEVENT'].join('\r\n')]) });
    const minutely = ['BEGIN:VEVENT', 'UID:m@elsewhere', 'DTSTAMP:20260101T000000Z', 'DTSTART:20000101T000000Z', 'RRULE:FREQ=MINUTELY', 'END:VEVENT'].join('\r\n');
    site.pages.set('/minutely.ics', { body: ics(Array.from({ length: 20 }, () => minutely)) });

    let answered = false;
    const adding = t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: hostile, body: { url: site.url('/never.ics') } }).finally(() => (answered = true));
    const health = await t.call('GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(answered).toBe(false);
    const never = await adding;
    expect(never.statusCode).toBe(201);
    expect(never.json()).toMatchObject({ lastError: 'The calendar took longer than 5 seconds to read, so it was not imported.', blockCount: 0 });

    const many = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: hostile, body: { url: site.url('/minutely.ics') } });
    expect(many.json()).toMatchObject({ lastError: 'The calendar has events that repeat too often to read, so it was not imported.', blockCount: 0 });

    // The scheduler, as after a restart: both due at once, and the server still answers.
    await t.database.db.execute(`update calendar_imports set next_fetch_at = now() - interval '1 minute' where room_id = '${r.id}'` as never);
    answered = false;
    const pass = t.app.calendarSync.runDue().finally(() => (answered = true));
    expect((await t.call('GET', `/api/room/${r.id}/availability`)).statusCode).toBe(200);
    expect(answered).toBe(false);
    expect(await pass).toBeGreaterThanOrEqual(2);
    expect(roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${r.id}/availability`)).json()).taken).toEqual([]);
  });

  it('answers the availability of a room blocked since the year 1, from today', async () => {
    const r = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30) });
    site.pages.set('/ancient.ics', { body: ics([allDay('old@elsewhere', '0001-01-01', day(4)), allDay('older@elsewhere', '0001-01-01', '0001-01-02')]) });
    const added = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url('/ancient.ics') } });
    expect(added.json()).toMatchObject({ lastError: null, blockCount: 1 });
    const availability = await t.call('GET', `/api/room/${r.id}/availability`);
    expect(availability.statusCode, availability.body).toBe(200);
    expect(roomAvailabilitySchema.parse(availability.json()).taken).toEqual([{ from: day(0), to: day(4) }]);
  });

  it('answers the availability and the host calendar of a room an imported calendar blocks from the year 1 to 9999', async () => {
    // Preparation time widens every block by its nights on both sides, as far as the dates reach.
    const r = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30), preparationNights: 2 });
    site.pages.set('/forever.ics', { body: ics([allDay('forever@elsewhere', '0001-01-01', '9999-12-31')]) });
    const added = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url('/forever.ics') } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ lastError: null, blockCount: 1 });

    const availability = await t.call('GET', `/api/room/${r.id}/availability`);
    expect(availability.statusCode, availability.body).toBe(200);
    // The nights from today to the calendar's horizon, three years on: past the last night any room can offer.
    expect(roomAvailabilitySchema.parse(availability.json())).toMatchObject({ taken: [{ from: day(0), to: day(3 * 366) }], firstBookable: null, booked: true });

    const nights = await t.call('GET', `/api/room/${r.id}/calendar/nights?months=1`, { as: host });
    expect(nights.statusCode, nights.body).toBe(200);
    const calendar = hostCalendarSchema.parse(nights.json());
    expect(calendar.nights.filter((n) => n.date >= day(0)).map((n) => n.state)).toEqual(calendar.nights.filter((n) => n.date >= day(0)).map(() => 'imported'));
  });

  /** A room of a host of its own (each import is a fetch, and fetches are rate-limited per person) importing each path of `from`. */
  async function roomImporting(from: { url: (path: string) => string }, paths: string[]) {
    const syncing = await t.signUp({ role: 'host' });
    const r = await insertRoom(t.database.db, { hostId: syncing.id, availableFrom: day(1), availableTo: day(30) });
    for (const path of paths) {
      const added = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: syncing, body: { url: from.url(path) } });
      expect(added.statusCode, added.body).toBe(201);
    }
    return { syncing, r };
  }

  it("fetches every import of the room at once on 'Sync now', and answers their outcomes in the order they were added", async () => {
    const paths = ['/one.ics', '/two.ics', '/down.ics', '/four.ics', '/five.ics'];
    const gathering = gatheringSite(paths.length);
    await gathering.start();
    try {
      const { syncing, r } = await roomImporting(gathering, paths);
      gathering.holding = true;
      const synced = await t.call('POST', `/api/room/${r.id}/calendar/sync`, { as: syncing });
      expect(synced.statusCode, synced.body).toBe(200);
      // Every fetch was open at once: the slowest sets how long the host waits, not their sum.
      expect(gathering.mostOpen).toBe(paths.length);
      const { imports } = roomCalendarSchema.parse(synced.json());
      expect(imports.map((i) => [new URL(i.url).pathname, i.blockCount, i.lastError])).toEqual(
        paths.map((path) => [path, path === '/down.ics' ? 0 : 1, path === '/down.ics' ? 'The other site answered with HTTP status 500.' : null]),
      );
      expect(roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${r.id}/availability`)).json()).taken).toEqual([{ from: day(3), to: day(4) }]);
    } finally {
      await gathering.stop();
    }
  });

  it('fetches the imports a scheduled pass takes a few at once, never more', async () => {
    const paths = Array.from({ length: SCHEDULED_FETCHES_AT_ONCE + 1 }, (_, i) => `/due-${i}.ics`);
    const gathering = gatheringSite(SCHEDULED_FETCHES_AT_ONCE);
    await gathering.start();
    try {
      const { syncing, r } = await roomImporting(gathering, paths);
      // Only this room's imports are due: the pass takes them all.
      await t.database.db.execute(`update calendar_imports set next_fetch_at = now() + interval '1 day'` as never);
      await t.database.db.execute(`update calendar_imports set next_fetch_at = now() - interval '1 minute' where room_id = '${r.id}'` as never);

      gathering.holding = true;
      expect(await t.app.calendarSync.runDue()).toBe(paths.length);
      // The first five were open together; the sixth waited for one of them to finish.
      expect(gathering.mostOpen).toBe(SCHEDULED_FETCHES_AT_ONCE);
      const calendar = roomCalendarSchema.parse((await t.call('GET', `/api/room/${r.id}/calendar`, { as: syncing })).json());
      expect(calendar.imports.map((i) => [i.blockCount, i.lastError])).toEqual(paths.map(() => [1, null]));
    } finally {
      await gathering.stop();
    }
  });

  it('takes at most ten imports per room when many are added at once', async () => {
    // A host of their own: each import is a fetch, and fetches are rate-limited per person.
    const rushing = await t.signUp({ role: 'host' });
    const r = await insertRoom(t.database.db, { hostId: rushing.id });
    site.pages.set('/rush.ics', { body: ics([]) });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: rushing, body: { url: site.url(`/rush.ics?n=${i}`) } })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(6);
    expect((await calendarOf(r.id, rushing)).imports).toHaveLength(10);
  });

  it('fetches due imports on the schedule', async () => {
    const r = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30) });
    site.pages.set('/scheduled.ics', { body: ics([]) });
    const added = await t.call('POST', `/api/room/${r.id}/calendar/imports`, { as: host, body: { url: site.url('/scheduled.ics') } });
    expect(added.statusCode).toBe(201);
    site.pages.set('/scheduled.ics', { body: ics([allDay('s@elsewhere', day(3), day(5))]) });
    // Not due yet: nothing fetched.
    await t.app.calendarSync.runDue();
    expect(roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${r.id}/availability`)).json()).taken).toEqual([]);
    await t.database.db.execute(`update calendar_imports set next_fetch_at = now() - interval '1 minute' where url = '${site.url('/scheduled.ics')}'` as never);
    expect(await t.app.calendarSync.runDue()).toBeGreaterThanOrEqual(1);
    expect(roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${r.id}/availability`)).json()).taken).toEqual([{ from: day(3), to: day(5) }]);
  });
});
