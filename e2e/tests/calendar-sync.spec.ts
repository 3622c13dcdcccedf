import ICAL from 'ical.js';
import { expect, test, type Page } from '@playwright/test';
import { violationsAtBothSizes } from '../support/a11y';
import type { Room, StayRange } from '@staybook/domain';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import { addDays, bookThroughApi, cancelStaysAfterEach, dayButton, fetchAvailability, showMonthOf } from '../support/bookings';
import { listingRow } from '../support/hosting';
import { fetchMail } from '../support/mail';
import { roomPath } from '../support/rooms';
import { hostWithRooms, today, uniquePlace } from '../support/search';
import { CONTROL_PORT, CONTROL_URL, SEEDED_URL } from '../support/servers';

const cancelAfter = cancelStaysAfterEach();

/** An .ics file read back with the library: its METHOD and its events. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    method: calendar.getFirstPropertyValue('method') as string | null,
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return { uid: event.uid, from: event.startDate.toString(), to: event.endDate.toString(), summary: event.summary };
    }),
  };
}

/** Another site's export of these stays, as Airbnb writes it (all-day events). */
function otherSiteCalendar(stays: StayRange[]): string {
  const day = (date: string) => date.replaceAll('-', '');
  const events = stays.flatMap((stay, i) => [
    'BEGIN:VEVENT',
    `UID:stay-${i}@elsewhere.example`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${day(stay.from)}`,
    `DTEND;VALUE=DATE:${day(stay.to)}`,
    'SUMMARY:Reserved',
    'END:VEVENT',
  ]);
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}

/** Puts a calendar on the stand-ins' control API; answers the address the app imports it from. */
async function publishCalendar(name: string, ics: string): Promise<string> {
  const response = await fetch(`${CONTROL_URL}/calendar?name=${name}`, { method: 'PUT', body: ics });
  expect(response.status).toBe(200);
  // By address: the app's allow-list holds 127.0.0.1 (the stand-ins listen there).
  return `http://127.0.0.1:${CONTROL_PORT}/calendar?name=${name}`;
}

async function openCalendarSync(page: Page, room: Room) {
  await page.goto('/dashboard/my-listings');
  await listingRow(page, room.title).getByRole('button', { name: `Calendar sync for ${room.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Calendar sync' });
  await expect(dialog.getByRole('textbox', { name: 'Export link' })).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
  return dialog;
}

test('a host copies the export link, which lists the booked stays, and a new link retires the old one', async ({ page, context, request, playwright }) => {
  const place = uniquePlace();
  const { host, rooms } = await hostWithRooms(playwright.request, [{ title: `Export loft ${place}`, location: `${place}, Portugal` }]);
  const room = rooms[0]!;
  const guest = await createUser(playwright.request);
  cancelAfter(guest);
  const stay = { from: addDays(today(), 10), to: addDays(today(), 13) };
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SEEDED_URL });
  await signInAs(page, host);
  const dialog = await openCalendarSync(page, room);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expect(dialog.getByRole('textbox', { name: 'Export link' })).toHaveValue(copied);

  const feed = await request.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(readCalendar(text).events).toEqual([{ uid: `${booking._id}@staybook`, from: stay.from, to: stay.to, summary: 'Reserved' }]);
  expect(text).not.toContain(guest.email);

  await dialog.getByRole('button', { name: 'Regenerate link' }).click();
  await expect(dialog.getByText('The current link stops working at once')).toBeVisible();
  await dialog.getByRole('button', { name: 'Make a new link' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Export link' })).not.toHaveValue(copied);
  expect((await request.get(copied)).status()).toBe(404);
  const fresh = await dialog.getByRole('textbox', { name: 'Export link' }).inputValue();
  expect((await request.get(fresh)).status()).toBe(200);
});

test("a host imports another site's calendar, and its nights cannot be picked on the room page", async ({ page, browser, request, playwright }) => {
  const place = uniquePlace();
  const { host, rooms } = await hostWithRooms(playwright.request, [{ title: `Import loft ${place}`, location: `${place}, Portugal` }]);
  const room = rooms[0]!;
  const first = { from: addDays(today(), 5), to: addDays(today(), 8) };
  const second = { from: addDays(today(), 20), to: addDays(today(), 22) };
  const url = await publishCalendar(place, otherSiteCalendar([first]));

  await signInAs(page, host);
  const dialog = await openCalendarSync(page, room);
  await expect(dialog.getByText('No calendars imported yet.')).toBeVisible();
  await dialog.getByLabel('Import calendar URL').fill('ftp://example.com/calendar.ics');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Enter a web address starting with https:// or http://')).toBeVisible();

  await dialog.getByLabel('Import calendar URL').fill(url);
  await dialog.getByRole('button', { name: 'Add' }).click();
  const imported = dialog.getByRole('list', { name: 'Imported calendars' }).getByRole('listitem').filter({ hasText: url });
  await expect(imported).toContainText('Last synced');
  await expect(imported).toContainText('1 stay blocked');
  await expect(dialog.getByLabel('Import calendar URL')).toHaveValue('');
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // The other site takes more nights; 'Sync now' brings them in without waiting for the schedule.
  await publishCalendar(place, otherSiteCalendar([first, second]));
  await dialog.getByRole('button', { name: 'Sync now' }).click();
  await expect(imported).toContainText('2 stays blocked');
  await dialog.getByRole('button', { name: 'Done' }).click();

  expect((await fetchAvailability(request, room._id)).taken).toEqual([first, second]);
  // As a guest would see the room (its host's own calendar is read-only).
  const visitor = await browser.newPage({ baseURL: SEEDED_URL });
  await signInAs(visitor, await createUser(playwright.request));
  await visitor.goto(roomPath(room._id));
  await showMonthOf(visitor, addDays(first.from, -1));
  await expect(dayButton(visitor, addDays(first.from, -1)), 'the night before is free').toBeEnabled();
  for (const stay of [first, second]) {
    for (let night = stay.from; night < stay.to; night = addDays(night, 1)) {
      await showMonthOf(visitor, night);
      await expect(dayButton(visitor, night), `the night of ${night} is taken on the other site`).toBeDisabled();
    }
  }
  await visitor.reload();
  await showMonthOf(visitor, first.to);
  await expect(dayButton(visitor, first.to), 'the morning the other stay ends is free').toBeEnabled();
  await visitor.close();

  // An address that does not serve a calendar is reported in words, and blocks nothing more.
  await page.goto('/dashboard/my-listings');
  const again = await openCalendarSync(page, room);
  const broken = await publishCalendar(`broken-${place}`, 'this is not a calendar');
  await again.getByLabel('Import calendar URL').fill(broken);
  await again.getByRole('button', { name: 'Add' }).click();
  await expect(again.getByRole('listitem').filter({ hasText: broken })).toContainText(
    'Last sync failed: The address did not give a calendar in iCalendar (.ics) format.',
  );
  await again.getByRole('button', { name: `Remove ${url}`, exact: true }).click();
  await expect(again.getByRole('listitem').filter({ hasText: url })).toHaveCount(0);
  expect((await fetchAvailability(request, room._id)).taken).toEqual([]);
});

test("a guest's booking mail and 'Add to calendar' carry the stay, and the cancellation mail cancels it", async ({ page, playwright }) => {
  const place = uniquePlace();
  const { rooms } = await hostWithRooms(playwright.request, [{ title: `Mail loft ${place}`, location: `${place}, Portugal` }]);
  const room = rooms[0]!;
  const guest = await createUser(playwright.request);
  cancelAfter(guest);
  const stay = { from: addDays(today(), 30), to: addDays(today(), 32) };
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));
  const uid = `${booking._id}@staybook`;

  // Through the SMTP stand-in: the confirmation's attachment.
  const mailTo = async (subject: string) => {
    let found: Awaited<ReturnType<typeof fetchMail>>[number] | undefined;
    await expect.poll(async () => (found = (await fetchMail(guest.email)).find((m) => m.subject.startsWith(subject))) !== undefined, { message: subject }).toBe(true);
    return found!;
  };
  const confirmation = await mailTo(`Your stay at ${room.title}`);
  const [attached] = confirmation.attachments;
  expect(attached?.filename).toBe(`staybook-${booking.reference}.ics`);
  expect(readCalendar(attached!.content)).toEqual({ method: 'PUBLISH', events: [{ uid, from: stay.from, to: stay.to, summary: room.title }] });

  // 'Add to calendar' on the trip page downloads the same event.
  await signInAs(page, guest);
  const download = await page.request.get(`${SEEDED_URL}/api/booking/${booking._id}/calendar.ics`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toBe(`attachment; filename="staybook-${booking.reference}.ics"`);
  expect(readCalendar(await download.text()).events).toEqual([{ uid, from: stay.from, to: stay.to, summary: room.title }]);

  const cancelled = await page.request.delete(`${SEEDED_URL}/api/booking/${booking._id}`, { headers: sameOrigin() });
  expect(cancelled.status()).toBe(200);
  const cancellation = await mailTo('Cancelled:');
  const cancelFile = readCalendar(cancellation.attachments[0]!.content);
  expect(cancelFile.method).toBe('CANCEL');
  expect(cancelFile.events.map((e) => [e.uid, e.from, e.to])).toEqual([[uid, stay.from, stay.to]]);
});
