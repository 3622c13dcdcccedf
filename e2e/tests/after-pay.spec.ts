import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Room } from '@staybook/domain';
import ICAL from 'ical.js';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import { addDays, cancelStaysAfterEach, fetchMyBookings, fillCard, findBookingRow, reservationCard, reviewDialog, SUCCESS_CARD, usd } from '../support/bookings';
import { roomPath } from '../support/rooms';
import { today, uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { DEMO_HOST, listRoomThroughApi } from '../support/listings';
import { atPath, isTripPage } from '../support/ui';

const cancelStaysOf = cancelStaysAfterEach();

function listStrictRoom(api: APIRequestContext, place: string): Promise<Room> {
  return listRoomThroughApi(api, {
    title: `Fjord cabin ${place}`,
    location: `${place}, Norway`,
    category: 'Arctic',
    to: addDays(today(), 60),
    price: '120.50',
    cancellationPolicy: 'strict',
  });
}

/**
 * Everything between 'Pay' and check-out, as the two people live it: the guest books a Strict room knowing its
 * policy, lands on the trip page with the reference, puts the stay in their calendar and asks the host a question;
 * the host answers from Manage Bookings; the guest cancels, seeing the partial refund before and after.
 */
test('a guest books a Strict room, keeps the trip in a calendar, talks with the host, and cancels for half the total', async ({
  page,
  browser,
  playwright,
}) => {
  // Two people in two browsers, and the answer arrives by polling.
  test.slow();
  const place = uniquePlace();
  const room = await asAccount(playwright.request, DEMO_HOST, (api) => listStrictRoom(api, place));
  // Ten days ahead: past Strict's 14 days, before its 7: half comes back.
  const stay = { from: addDays(today(), 10), to: addDays(today(), 13) };
  const totalCents = 3 * room.priceCents;
  const total = usd(totalCents);
  const half = usd(Math.ceil(totalCents / 2));
  const guest = await createUser(playwright.request, { name: 'Ola Traveller' });
  cancelStaysOf(guest);

  // The policy, before paying.
  await signInAs(page, guest);
  await page.goto(`${roomPath(room._id)}?checkin=${stay.from}&checkout=${stay.to}`);
  await expect(page.getByRole('heading', { name: 'Cancellation policy: Strict' })).toBeVisible();
  await reservationCard(page).getByRole('button', { name: 'Reserve' }).click();
  const review = reviewDialog(page);
  await expect(review.getByText('Cancellation policy: Strict')).toBeVisible();
  await fillCard(review, SUCCESS_CARD);
  await review.getByRole('button', { name: `Pay ${total}` }).click();

  // The trip page, with the reference.
  await expect(page.getByText('Room Booked Successfully')).toBeVisible();
  await expect(page).toHaveURL(isTripPage);
  const [booking] = (await fetchMyBookings(page.request)).filter((b) => b.roomId === room._id);
  await expect(page.getByText(booking!.reference, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cancellation policy' }).getByText(`If you cancel today: ${half} refunded of ${total}`)).toBeVisible();

  // 'Add to calendar' downloads the stay as an iCalendar event.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`staybook-${booking!.reference}.ics`);
  const calendar = new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8')) as unknown[]);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  expect([event.uid, event.startDate.toString(), event.endDate.toString()]).toEqual([`${booking!._id}@staybook`, stay.from, stay.to]);

  // A question for the host.
  const thread = page.getByRole('region', { name: 'Messages' });
  await thread.getByLabel('Message').fill('Is there a sauna nearby?');
  await thread.getByLabel('Message').press('Enter');
  await expect(thread.getByRole('log', { name: 'Conversation' }).getByText('Is there a sauna nearby?')).toBeVisible();

  // The host reads it from Manage Bookings and answers.
  const hostContext = await browser.newContext({ baseURL: SEEDED_URL });
  try {
    const hostPage = await hostContext.newPage();
    await signInAs(hostPage, DEMO_HOST);
    await hostPage.goto('/dashboard/manage-bookings');
    const row = await findBookingRow(hostPage, booking!.reference);
    await row.getByRole('link', { name: room.title }).click();
    await expect(hostPage).toHaveURL(atPath(`/dashboard/trips/${booking!._id}`));
    const hostThread = hostPage.getByRole('region', { name: 'Messages' });
    await expect(hostThread.getByText('Is there a sauna nearby?')).toBeVisible();
    await hostThread.getByLabel('Message').fill('Yes, by the pier, free for guests.');
    await hostThread.getByLabel('Message').press('Enter');
    await expect(hostThread.getByText('Yes, by the pier, free for guests.')).toBeVisible();
  } finally {
    await hostContext.close();
  }
  await expect(thread.getByText('Yes, by the pier, free for guests.')).toBeVisible({ timeout: 20_000 });

  // Cancelling: the refund before confirming, and after.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(confirm.getByTestId('refund-headline')).toHaveText(`You will be refunded ${half} of ${total}`);
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText('Booking Canceled')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cancellation policy' })).toContainText(`${half} was refunded`);
  const [cancelled] = (await fetchMyBookings(page.request)).filter((b) => b.roomId === room._id);
  expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: Math.ceil(totalCents / 2), keptCents: totalCents - Math.ceil(totalCents / 2) });

  // The room leaves the marketplace again; the cancelled stay stays in the host's history.
  await asAccount(playwright.request, DEMO_HOST, async (api) => {
    expect((await api.delete(`${SEEDED_URL}/api/room/${room._id}`, { headers: sameOrigin() })).status()).toBe(200);
  });
});
