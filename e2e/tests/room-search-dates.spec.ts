import { expect, test } from '@playwright/test';
import { nightsBetween } from '@staybook/domain';
import { asAccount, createUser, DEMO, signInAs } from '../support/auth';
import {
  addDays,
  BOOKABLE_ROOMS,
  bookThroughApi,
  cancelStaysAfterEach,
  describeStay,
  expectedTotalCents,
  fetchAvailability,
  fillCard,
  findBookingRow,
  freeStay,
  mediumDate,
  monthName,
  pickAnnouncement,
  pickStay,
  reservationCard,
  reviewDialog,
  roomTitled,
  SUCCESS_CARD,
  usd,
} from '../support/bookings';
import { fetchRoom, roomPath } from '../support/rooms';
import { atPath, isTripPage } from '../support/ui';

const cancelAfterwards = cancelStaysAfterEach();

/** The room page's address as a dated search links it: `/room/:id?checkin&checkout&guests`. */
function searchParamsOf(url: URL) {
  return { checkin: url.searchParams.get('checkin'), checkout: url.searchParams.get('checkout'), guests: url.searchParams.get('guests') };
}

test('a room opened from a dated search for 2 guests keeps the dates and guests through paying, in both lists', async ({
  page,
  request,
  playwright,
}) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.searchDates);
  const hosted = await asAccount(playwright.request, DEMO.host, (api) => fetchRoom(api, room._id));
  expect(hosted.host.email, 'the room belongs to the demo host').toBe(DEMO.host.email);
  expect(room.guests, 'the room takes 4 guests').toBe(4);
  // From tomorrow on, so the stay is upcoming.
  const stay = freeStay(await fetchAvailability(request, room._id), 3, 1);
  const total = usd(expectedTotalCents(room, stay));
  const guest = await createUser(playwright.request);

  await signInAs(page, guest);
  await page.goto(`${roomPath(room._id)}?checkin=${stay.from}&checkout=${stay.to}&guests=2`);
  const card = reservationCard(page);
  const guests = card.getByRole('group', { name: 'Guests' });
  await expect(pickAnnouncement(page)).toHaveText(describeStay(stay));
  await expect(card.getByText(`3 nights × ${usd(room.priceCents)}`, { exact: true })).toBeVisible();
  await expect(card.getByText(total, { exact: true })).toBeVisible();
  await expect(guests).toContainText('2 guests');

  // The guest changes their mind and back: the address follows, and a refresh keeps the choice.
  await guests.getByRole('button', { name: 'More guests' }).click();
  await expect(guests).toContainText('3 guests');
  await expect(page).toHaveURL((url) => searchParamsOf(url).guests === '3');
  await guests.getByRole('button', { name: 'Fewer guests' }).click();
  await expect(page).toHaveURL((url) => searchParamsOf(url).guests === '2');
  await page.reload();
  await expect(pickAnnouncement(page)).toHaveText(describeStay(stay));
  await expect(guests).toContainText('2 guests');

  await card.getByRole('button', { name: 'Reserve' }).click();
  const dialog = reviewDialog(page);
  for (const text of [room.title, mediumDate(stay.from), mediumDate(stay.to), '2 guests']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await fillCard(dialog, SUCCESS_CARD);
  await dialog.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('Room Booked Successfully')).toBeVisible();
  await expect(page).toHaveURL(isTripPage);
  await page.getByRole('link', { name: 'Back to My Bookings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/my-bookings'));

  const mine = (await findBookingRow(page, room.title)).getByRole('cell');
  await expect(mine.nth(3)).toHaveText(mediumDate(stay.from));
  await expect(mine.nth(4)).toHaveText(mediumDate(stay.to));
  await expect(mine.nth(5)).toHaveText('2 guests');

  await page.context().clearCookies();
  await signInAs(page, DEMO.host);
  await page.goto('/dashboard/manage-bookings');
  await expect(page.getByRole('columnheader', { name: 'Guests' })).toBeVisible();
  const managed = (await findBookingRow(page, guest.email)).getByRole('cell');
  await expect(managed.nth(0)).toContainText(room.title);
  await expect(managed.nth(5)).toHaveText('2 guests');
});

test('a room opened without dates asks for them; dates chosen can be cleared', async ({ page, request, playwright }) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.searchDates);
  // The first test of this file books the room's first three free nights from tomorrow while this one runs:
  // these dates come after them, so that booking cannot take them from under the calendar.
  const availability = await fetchAvailability(request, room._id);
  const booked = freeStay(availability, 3, 1);
  const stay = freeStay(availability, 2, nightsBetween(availability.from, booked.to) + 1);
  await signInAs(page, await createUser(playwright.request));

  await page.goto(roomPath(room._id));
  const card = reservationCard(page);
  await expect(card.getByText('Add dates for prices', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  await expect(card.getByText('Total', { exact: true })).toBeHidden();
  await expect(card.getByRole('group', { name: 'Guests' })).toContainText('1 guest');

  await pickStay(page, stay);
  await expect(card.getByText(usd(expectedTotalCents(room, stay)), { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeEnabled();
  await expect(card.getByText('Add dates for prices', { exact: true })).toBeHidden();
  await expect(page).toHaveURL((url) => url.searchParams.get('checkin') === stay.from && url.searchParams.get('checkout') === stay.to);

  await card.getByRole('button', { name: 'Clear dates' }).click();
  await expect(card.getByText('Add dates for prices', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  await expect(card.getByText('Total', { exact: true })).toBeHidden();
  await expect(pickAnnouncement(page)).toHaveText('Choose your check-in day.');
  await expect(page).toHaveURL((url) => url.pathname === roomPath(room._id) && url.search === '');
});

test('a link to dates the room cannot take chooses nothing, keeps them in view and says why', async ({ page, request, playwright }) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.searchDates);
  const availability = await fetchAvailability(request, room._id);
  await signInAs(page, await createUser(playwright.request));

  // Past the last check-out day, and a check-in before today: each with its own reason.
  const window = `This room can be booked from ${mediumDate(availability.from)} to ${mediumDate(availability.to)}. Please choose dates in that range.`;
  const past = 'A stay cannot start in the past. Please choose dates from today on.';
  for (const [from, to, reason] of [
    [availability.to, '2099-01-01', window],
    ['2020-01-01', '2020-01-03', past],
  ] as const) {
    await page.goto(`${roomPath(room._id)}?checkin=${from}&checkout=${to}&guests=2`);
    const card = reservationCard(page);
    await expect(card.getByText('Add dates for prices', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reserve' })).toBeDisabled();
    const notice = card.getByRole('status').filter({ hasText: 'can’t be booked' });
    await expect(notice).toContainText(`${mediumDate(from)} – ${mediumDate(to)} can’t be booked`);
    await expect(notice).toContainText(reason);
  }
});

test('a link to dates another stay takes opens on their month and names the nights in the way', async ({ page, request, playwright }) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.searchDates);
  const guest = await createUser(playwright.request);
  // A stay some weeks ahead, so its month is usually not the one the calendar opens on by itself.
  const availability = await fetchAvailability(request, room._id);
  const taken = freeStay(availability, 2, 40);
  await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, taken));
  cancelAfterwards(guest);
  const wanted = { from: addDays(taken.from, -1), to: addDays(taken.to, 1) };
  await signInAs(page, await createUser(playwright.request));

  await page.goto(`${roomPath(room._id)}?checkin=${wanted.from}&checkout=${wanted.to}`);
  const card = reservationCard(page);
  const notice = card.getByRole('status').filter({ hasText: 'can’t be booked' });
  await expect(notice).toContainText(`${mediumDate(wanted.from)} – ${mediumDate(wanted.to)} can’t be booked`);
  await expect(notice).toContainText(`Already booked: ${mediumDate(taken.from)} – ${mediumDate(taken.to)}. Please choose other dates.`);
  await expect(card.getByRole('grid', { name: monthName(wanted.from) })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeDisabled();
});

test('a link to free dates opens the calendar on the month of its check-in', async ({ page, request, playwright }) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.searchDates);
  const availability = await fetchAvailability(request, room._id);
  const stay = freeStay(availability, 3, 50);
  await signInAs(page, await createUser(playwright.request));
  await page.goto(`${roomPath(room._id)}?checkin=${stay.from}&checkout=${stay.to}`);
  const card = reservationCard(page);
  await expect(card.getByRole('grid', { name: monthName(stay.from) })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeEnabled();
});
