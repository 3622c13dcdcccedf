import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomAvailabilitySchema, roomCalendarSchema } from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Issue 35, items 13 and 15, through the import route and the scheduler as a host reaches them: a calendar whose host
 * name resolves only to an address this machine cannot route to (once, the connect error ended the process, again at
 * every sync), and one host's calendar redefining a time zone another host's calendar names.
 */

/** The name the test's resolver answers with an IPv6 multicast address: connect() itself fails (ENETUNREACH, EINVAL). */
const UNROUTABLE = 'calendar.unroutable.test';

const compact = (d: string) => d.replaceAll('-', '');

/** Another site's calendar export, served on 127.0.0.1: each path answers what the test put there. */
function calendarSite() {
  const pages = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (page === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(page);
  });
  return {
    pages,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function ics(parts: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN', ...parts, 'END:VCALENDAR', ''].join('\r\n');
}

/** America/New_York as a hostile calendar defines it: twelve hours behind UTC all year. */
const FAKE_NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:-1200',
  'TZOFFSETTO:-1200',
  'TZNAME:XST',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/**
 * A stay from 15:00 on `from` to 09:00 on `to`, New York time. In the real zone (4 or 5 hours behind UTC) it starts on
 * `from` in UTC too; twelve hours behind, it would start at 03:00 UTC the day after.
 */
function newYorkStay(uid: string, from: string, to: string): string {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=America/New_York:${compact(from)}T150000`,
    `DTEND;TZID=America/New_York:${compact(to)}T090000`,
    'END:VEVENT',
  ].join('\r\n');
}

describe.each(TEST_DATABASE_KINDS)('hostile calendars through the import route and the scheduler on %s', (kind) => {
  let t: TestApp;
  const site = calendarSite();

  beforeAll(async () => {
    await site.start();
    t = await createTestApp(kind, { CALENDAR_IMPORT_ALLOW_HOSTS: `127.0.0.1,${UNROUTABLE}` }, undefined, null, {
      resolveCalendarHost: async (host) => (host === UNROUTABLE ? [{ address: 'ff02::1', family: 6 }] : lookup(host, { all: true, verbatim: true })),
    });
  });
  afterAll(async () => {
    await t.close();
    await site.stop();
  });

  it('keeps answering when a calendar name resolves only to an address it cannot route to, on adding it and on the schedule, and says why', async () => {
    const host = await t.signUp({ role: 'host' });
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(30) });
    const added = await t.call('POST', `/api/room/${room.id}/calendar/imports`, { as: host, body: { url: `http://${UNROUTABLE}/cal.ics` } });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ lastError: 'The calendar could not be fetched from the other site.', lastSyncedAt: null, blockCount: 0 });
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);

    // The scheduler, as after a restart: the import is due, fails the same way, and the server goes on.
    await t.database.db.execute(`update calendar_imports set next_fetch_at = now() - interval '1 minute' where room_id = '${room.id}'` as never);
    expect(await t.app.calendarSync.runDue()).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
    const calendar = roomCalendarSchema.parse((await t.call('GET', `/api/room/${room.id}/calendar`, { as: host })).json());
    expect(calendar.imports).toEqual([expect.objectContaining({ lastError: 'The calendar could not be fetched from the other site.', blockCount: 0 })]);
    expect(roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${room.id}/availability`)).json()).taken).toEqual([]);
  });

  it("keeps one host's time zone definitions away from another host's calendar, on adding it and on the schedule", async () => {
    const [hostile, other] = [await t.signUp({ role: 'host' }), await t.signUp({ role: 'host' })];
    const hostileRoom = await insertRoom(t.database.db, { hostId: hostile.id, timeZone: 'UTC', availableFrom: day(1), availableTo: day(40) });
    const otherRoom = await insertRoom(t.database.db, { hostId: other.id, timeZone: 'UTC', availableFrom: day(1), availableTo: day(40) });
    site.pages.set('/fake-zone.ics', ics([FAKE_NEW_YORK, newYorkStay('fake@elsewhere', day(20), day(22))]));
    site.pages.set('/real-zone.ics', ics([newYorkStay('real@elsewhere', day(20), day(22))]));
    const taken = async (roomId: string) => roomAvailabilitySchema.parse((await t.call('GET', `/api/room/${roomId}/availability`)).json()).taken;

    // The hostile calendar first, so a shared registry would hold its New York when the other is read.
    const fake = await t.call('POST', `/api/room/${hostileRoom.id}/calendar/imports`, { as: hostile, body: { url: site.url('/fake-zone.ics') } });
    expect(fake.statusCode, fake.body).toBe(201);
    const real = await t.call('POST', `/api/room/${otherRoom.id}/calendar/imports`, { as: other, body: { url: site.url('/real-zone.ics') } });
    expect(real.statusCode, real.body).toBe(201);
    expect(real.json()).toMatchObject({ lastError: null, blockCount: 1 });
    // The real New York: from the afternoon of day 20 to the morning of day 22, the nights of days 20 and 21.
    const expected = [{ from: day(20), to: day(22) }];
    expect(await taken(otherRoom.id)).toEqual(expected);
    // The hostile calendar's own New York did apply to its own stay (so the check above could have failed).
    expect(await taken(hostileRoom.id)).not.toEqual(expected);

    // Both due at once on the schedule, the hostile one read first again: the other's nights do not move.
    await t.database.db.execute(
      `update calendar_imports set next_fetch_at = now() - interval '1 minute' where room_id in ('${hostileRoom.id}', '${otherRoom.id}')` as never,
    );
    expect(await t.app.calendarSync.runDue()).toBeGreaterThanOrEqual(2);
    expect(await taken(otherRoom.id)).toEqual(expected);
  });
});
