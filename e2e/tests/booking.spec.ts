import { expect, test } from '@playwright/test';
import { asAccount, createUser, DEMO, signInAs } from '../support/auth';
import {
  addDays,
  bookThroughApi,
  BOOKABLE_ROOMS,
  calendar,
  cancelStaysAfterEach,
  DECLINED_CARD,
  dayButton,
  describeStay,
  expectedTotalCents,
  fetchAvailability,
  fetchMyBookings,
  fillCard,
  findBookingRow,
  freeRuns,
  freeStay,
  mediumDate,
  nightsOf,
  pickAnnouncement,
  pickStay,
  reservationCard,
  reviewDialog,
  roomTitled,
  showMonthOf,
  SUCCESS_CARD,
  usd,
} from '../support/bookings';
import { holdRequests } from '../support/network';
import { fetchRoom, roomPath } from '../support/rooms';
import { atPath, collectPageErrors, isTripPage } from '../support/ui';

/** Guests of stays a test books only to shape a room's calendar, cancelled when it ends. */
const cancelAfter = cancelStaysAfterEach();

/** Whether a 2-night stay can start on `first` and end in the same month. */
function startsTwoNightsInItsMonth(availability: Awaited<ReturnType<typeof fetchAvailability>>, first: string): boolean {
  const run = freeRuns(availability).find((free) => free.from <= first && first < free.to);
  return !!run && addDays(first, 2) <= run.to && sameMonth(first, addDays(first, 2));
}

/** Whether two dates fall in the same calendar month. */
function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

test('a guest picks dates, pays by card and finds the stay in My Bookings', async ({ page, request, playwright }) => {
  const guest = await createUser(playwright.request);
  const room = await roomTitled(request, BOOKABLE_ROOMS.journey);
  // From tomorrow on, so the stay is still upcoming (cancellable) in My Bookings.
  const stay = freeStay(await fetchAvailability(request, room._id), 3, 1);
  const total = usd(expectedTotalCents(room, stay));

  await signInAs(page, guest);
  await page.goto(roomPath(room._id));
  const card = reservationCard(page);
  // Nothing is chosen until the guest chooses.
  await expect(card.getByText('Add dates for prices', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  await pickStay(page, stay);
  await expect(pickAnnouncement(page)).toHaveText(describeStay(stay));
  await expect(card.getByText(`3 nights × ${usd(room.priceCents)}`, { exact: true })).toBeVisible();
  await expect(card.getByText(total, { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Reserve' }).click();
  const dialog = reviewDialog(page);
  await expect(dialog).toBeVisible();
  for (const text of [room.title, room.location, guest.name, mediumDate(stay.from), mediumDate(stay.to)]) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText(`3 nights × ${usd(room.priceCents)}`, { exact: true })).toBeVisible();
  await expect(dialog.getByText('Test mode')).toBeVisible();
  await expect(dialog.getByText(SUCCESS_CARD)).toBeVisible();
  await fillCard(dialog, SUCCESS_CARD);
  await expect(dialog.getByText('Visa', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: `Pay ${total}` }).click();

  await expect(page.getByText('Room Booked Successfully')).toBeVisible();
  // The guest lands on the stay's trip page; My Bookings is one click away.
  await expect(page).toHaveURL(isTripPage);
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Back to My Bookings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/my-bookings'));
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(2);
  const cells = rows.nth(1).getByRole('cell');
  await expect(cells.nth(0)).toContainText(room.title);
  await expect(cells.nth(1)).toHaveText(room.host.name);
  await expect(cells.nth(2)).toHaveText(total);
  await expect(cells.nth(3)).toHaveText(mediumDate(stay.from));
  await expect(cells.nth(4)).toHaveText(mediumDate(stay.to));
  await expect(cells.nth(5)).toHaveText('1 guest');
  await expect(cells.nth(6).getByRole('button', { name: 'Cancel' })).toBeVisible();
});

test('the nights a guest booked are disabled for the next guest, who may leave the morning that stay begins', async ({
  page,
  request,
  playwright,
}) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.takenNights);
  // Three nights after a free one, where the next guest will try to start a stay.
  const run = freeStay(await fetchAvailability(request, room._id), 4);
  const stay = { from: addDays(run.from, 1), to: run.to };
  await asAccount(playwright.request, await createUser(playwright.request), (api) => bookThroughApi(api, room._id, stay));

  await signInAs(page, await createUser(playwright.request));
  await page.goto(roomPath(room._id));
  await showMonthOf(page, run.from);
  await dayButton(page, run.from).click();
  await showMonthOf(page, stay.from);
  await expect(dayButton(page, stay.from), 'the check-out may be the first day of the booked stay').toBeEnabled();
  // Leaving later would cross the taken nights, even on a free day after them.
  await showMonthOf(page, stay.to);
  await expect(dayButton(page, stay.to)).toBeDisabled();

  // Nor can a stay start on a taken night.
  await page.reload();
  for (let night = stay.from; night < stay.to; night = addDays(night, 1)) {
    await showMonthOf(page, night);
    await expect(dayButton(page, night), `the night of ${night} is taken`).toBeDisabled();
  }
  await showMonthOf(page, stay.to);
  await expect(dayButton(page, stay.to), 'the morning the stay ends is free to start another').toBeEnabled();
});

test('a declined card is named under the form and books nothing', async ({ page, request, playwright }) => {
  const guest = await createUser(playwright.request);
  const room = await roomTitled(request, BOOKABLE_ROOMS.decline);
  const stay = freeStay(await fetchAvailability(request, room._id), 2);

  await signInAs(page, guest);
  await page.goto(roomPath(room._id));
  await pickStay(page, stay);
  await reservationCard(page).getByRole('button', { name: 'Reserve' }).click();
  const dialog = reviewDialog(page);
  const pay = dialog.getByRole('button', { name: `Pay ${usd(expectedTotalCents(room, stay))}` });

  // A number failing the Luhn check is refused before anything is sent.
  await fillCard(dialog, '4242 4242 4242 4241');
  await pay.click();
  await expect(dialog.getByText('Your card number is invalid.')).toBeVisible();

  await fillCard(dialog, DECLINED_CARD);
  await pay.click();
  await expect(dialog.getByText('Your card was declined.')).toBeVisible();
  await expect(dialog.getByText('Your card number is invalid.')).toBeHidden();
  // The guest may try another card, from where they were: the form is disabled while it pays, and focus comes back.
  await expect(pay).toBeEnabled();
  await expect(pay).toBeFocused();
  const cvc = dialog.getByLabel('CVC');
  const declinedAgain = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/test-processor/confirm');
  await cvc.press('Enter');
  expect((await declinedAgain).status()).toBe(402);
  await expect(pay).toBeEnabled();
  await expect(cvc).toBeFocused();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/dashboard/my-bookings');
  await expect(page.getByRole('heading', { name: 'No bookings yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse stays' })).toHaveAttribute('href', '/');
  expect(await fetchMyBookings(page.request)).toEqual([]);
});

test('nights booked by someone else while the guest pays: the dialog says so and books nothing', async ({
  page,
  request,
  playwright,
}) => {
  const guest = await createUser(playwright.request);
  const room = await roomTitled(request, BOOKABLE_ROOMS.race);
  const stay = freeStay(await fetchAvailability(request, room._id), 2);

  await signInAs(page, guest);
  await page.goto(roomPath(room._id));
  await pickStay(page, stay);
  // Pay waits for the payment the server prepares when the dialog opens.
  const release = await holdRequests(page, (url) => url.pathname === '/api/create-payment-intent');
  await reservationCard(page).getByRole('button', { name: 'Reserve' }).click();
  const dialog = reviewDialog(page);
  const pay = dialog.getByRole('button', { name: `Pay ${usd(expectedTotalCents(room, stay))}` });
  await expect(pay).toBeDisabled();
  release();
  await expect(pay).toBeEnabled();

  // Another guest books the same nights first.
  await asAccount(playwright.request, await createUser(playwright.request), (api) => bookThroughApi(api, room._id, stay));
  await fillCard(dialog, SUCCESS_CARD);
  await pay.click();
  await expect(dialog.getByText('These dates were just booked by someone else. Please choose other dates.')).toBeVisible();
  await expect(pay).toBeDisabled();
  expect(await fetchMyBookings(page.request)).toEqual([]);

  // Behind the dialog the calendar has caught up.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await showMonthOf(page, stay.from);
  await expect(dayButton(page, stay.from)).toBeDisabled();
});

test('a guest paying again for nights they booked in another tab is told so, with a link to the stay', async ({
  page,
  request,
  playwright,
}) => {
  const guest = await createUser(playwright.request);
  const room = await roomTitled(request, BOOKABLE_ROOMS.twoTabs);
  const stay = freeStay(await fetchAvailability(request, room._id), 2, 1);

  await signInAs(page, guest);
  await page.goto(roomPath(room._id));
  await pickStay(page, stay);
  await reservationCard(page).getByRole('button', { name: 'Reserve' }).click();
  const dialog = reviewDialog(page);
  const pay = dialog.getByRole('button', { name: `Pay ${usd(expectedTotalCents(room, stay))}` });
  await expect(pay).toBeEnabled();

  // The same guest's other tab pays for the same nights first.
  await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));
  await fillCard(dialog, SUCCESS_CARD);
  await pay.click();
  await expect(dialog.getByText('You already booked these dates.')).toBeVisible();
  await expect(dialog.getByText(/someone else/)).toHaveCount(0);
  await expect(pay).toBeDisabled();

  await dialog.getByRole('link', { name: 'See it in My Bookings' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard/my-bookings');
  await expect(page.getByRole('row').filter({ hasText: room.title })).toHaveCount(1);
  // One stay, one charge: the second tab's hold was released.
  expect(await fetchMyBookings(page.request)).toHaveLength(1);
});

test('a host on their own room is told guests reserve it there, and cannot reserve it', async ({ page, request }) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.hostCancels);
  await signInAs(page, DEMO.host);
  // Even a link naming a free stay chooses nothing for the host.
  const stay = freeStay(await fetchAvailability(request, room._id), 2, 1);
  await page.goto(`${roomPath(room._id)}?checkin=${stay.from}&checkout=${stay.to}`);
  const card = reservationCard(page);
  await expect(card.getByText('This is your listing. Guests reserve it here.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeHidden();
  await expect(card.getByText('Total', { exact: true })).toBeHidden();
  await expect(card.getByRole('group', { name: 'Guests' })).toBeHidden();
});

test.describe('on a small screen (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a guest cancels an upcoming stay and is refunded in full, without a console error; the nights are free again', async ({
    page,
    request,
    playwright,
  }) => {
    const guest = await createUser(playwright.request);
    const room = await roomTitled(request, BOOKABLE_ROOMS.guestCancels);
    // From tomorrow on: a stay that has begun can no longer be cancelled.
    const stay = freeStay(await fetchAvailability(request, room._id), 2, 1);
    const total = usd(expectedTotalCents(room, stay));
    await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));

    await signInAs(page, guest);
    const errors = collectPageErrors(page);
    // The refund is asked for when the dialog opens, and never again: once cancelled, the question is a 409.
    const quotes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && /^\/api\/booking\/[^/]+\/cancellation$/.test(new URL(r.url()).pathname)) quotes.push(r.url());
    });
    await page.goto('/dashboard/my-bookings');
    const row = page.getByRole('row').filter({ hasText: room.title });
    await expect(row.getByRole('cell').nth(2)).toHaveText(total);
    // Each stay is a card as wide as the screen: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await row.getByRole('button', { name: 'Cancel' }).click();

    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog.getByText(`You will be refunded ${total} of ${total}`)).toBeVisible();
    expect(quotes).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByText('Booking Canceled')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').nth(6)).toHaveText(`Cancelled · refunded ${total}`);
    await expect(row.getByRole('button', { name: 'Cancel' })).toBeHidden();
    // The lists were refreshed (the row says so) after the cancellation; the quote was not asked for again.
    expect(errors).toEqual([]);
    expect(quotes).toHaveLength(1);

    await page.goto(roomPath(room._id));
    await showMonthOf(page, stay.from);
    await expect(dayButton(page, stay.from)).toBeEnabled();
  });
});

test('the host sees a stay on their room in Manage Bookings and cancels it', async ({ page, request, playwright }) => {
  const guest = await createUser(playwright.request);
  const room = await roomTitled(request, BOOKABLE_ROOMS.hostCancels);
  await signInAs(page, DEMO.host);
  // The room list keeps hosts' e-mails private; the host sees their own in the room's answer.
  expect((await fetchRoom(page.request, room._id)).host.email, 'the room belongs to the demo host').toBe(DEMO.host.email);
  // From tomorrow on: a stay that has begun can no longer be cancelled.
  const stay = freeStay(await fetchAvailability(request, room._id), 2, 1);
  const total = usd(expectedTotalCents(room, stay));
  await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));

  const errors = collectPageErrors(page);
  await page.goto('/dashboard/manage-bookings');
  await expect(page.getByRole('columnheader', { name: 'Guest Info' })).toBeVisible();
  const row = await findBookingRow(page, guest.email);
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toContainText(room.title);
  await expect(cells.nth(1)).toContainText(guest.name);
  await expect(cells.nth(1)).toContainText(guest.email);
  await expect(cells.nth(2)).toHaveText(total);
  await expect(cells.nth(3)).toHaveText(mediumDate(stay.from));
  await expect(cells.nth(4)).toHaveText(mediumDate(stay.to));
  await expect(cells.nth(5)).toHaveText('1 guest');

  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByText(`The guest will be refunded ${total} of ${total}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText('Booking Canceled')).toBeVisible();
  await expect(cells.nth(6)).toHaveText(`Cancelled · refunded ${total}`);
  expect(errors).toEqual([]);

  const [booking] = await asAccount(playwright.request, guest, fetchMyBookings);
  expect(booking).toMatchObject({ state: 'cancelled', refundedCents: expectedTotalCents(room, stay), cancellable: false });
});

test('a room with no night left shows Booked, disabled', async ({ page, request, playwright }) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.fullyBooked);
  const booker = await createUser(playwright.request);
  await asAccount(playwright.request, booker, async (api) => {
    for (const run of freeRuns(await fetchAvailability(request, room._id))) await bookThroughApi(api, room._id, run);
  });
  expect((await fetchAvailability(request, room._id)).booked).toBe(true);

  await signInAs(page, await createUser(playwright.request));
  await page.goto(roomPath(room._id));
  const card = reservationCard(page);
  await expect(card.getByRole('button', { name: 'Booked' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeHidden();
  await expect(card.getByText('No night is left to book.')).toBeVisible();
});

test('the dates can be picked with the keyboard alone', async ({ page, request, playwright }) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.keyboard);
  let availability = await fetchAvailability(request, room._id);
  // Arrows that carry a stay into the next month take the day picker's tab stop to that month's first free day,
  // which this walk does not cover: near a month's end, another guest first books the nights left in the month.
  const filler = await createUser(playwright.request);
  cancelAfter(filler);
  for (let first = availability.firstBookable; first && !startsTwoNightsInItsMonth(availability, first); first = availability.firstBookable) {
    const from = first;
    const run = freeRuns(availability).find((free) => free.from <= from && from < free.to);
    let to = addDays(from, 1);
    while (run && to < run.to && sameMonth(from, to)) to = addDays(to, 1);
    await asAccount(playwright.request, filler, (api) => bookThroughApi(api, room._id, { from, to }));
    availability = await fetchAvailability(request, room._id);
  }
  const firstNight = availability.firstBookable;
  if (!firstNight) throw new Error(`${room.title} has no night left`);
  // The calendar opens on the first bookable night's month, where the keyboard enters on that night.
  const stay = { from: firstNight, to: addDays(firstNight, 2) };
  expect(freeStay(availability, 2, nightsOf({ from: availability.from, to: firstNight }))).toEqual(stay);

  await signInAs(page, await createUser(playwright.request));
  await page.goto(roomPath(room._id));
  const next = calendar(page).getByRole('button', { name: 'Go to the Next Month' });
  await expect(calendar(page).getByRole('grid')).toBeVisible();
  await next.focus();
  await page.keyboard.press('Tab');
  await expect(dayButton(page, firstNight)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pickAnnouncement(page)).toHaveText(`Check-in ${mediumDate(stay.from)}. Choose your check-out day.`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(pickAnnouncement(page)).toHaveText(describeStay(stay));
  await expect(reservationCard(page).getByText(usd(expectedTotalCents(room, stay)), { exact: true })).toBeVisible();

  // On through 'Clear dates' and the guests to Reserve, open the review, and Escape returns to Reserve.
  const card = reservationCard(page);
  const reserve = card.getByRole('button', { name: 'Reserve' });
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Clear dates' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Fewer guests' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'More guests' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('group', { name: 'Guests' })).toContainText('2 guests');
  await page.keyboard.press('Tab');
  await expect(reserve).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reviewDialog(page)).toBeVisible();
  await expect(reviewDialog(page).getByText(mediumDate(stay.to), { exact: true })).toBeVisible();
  await expect(reviewDialog(page).getByText('2 guests', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reviewDialog(page)).toBeHidden();
  await expect(reserve).toBeFocused();
});

test('payment code loads only when Reserve is pressed, and Stripe never with the built-in processor', async ({
  page,
  request,
  playwright,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const paymentCode = (url: string) => /review-reserve-dialog|stripe/.test(url);
  await signInAs(page, await createUser(playwright.request));

  await page.goto('/');
  await expect(page.getByTestId('room-card').first()).toBeVisible();
  const room = await roomTitled(request, BOOKABLE_ROOMS.a11y);
  await page.goto(roomPath(room._id));
  await pickStay(page, freeStay(await fetchAvailability(request, room._id), 2));
  expect(scripts.filter(paymentCode)).toEqual([]);

  await reservationCard(page).getByRole('button', { name: 'Reserve' }).click();
  await expect(reviewDialog(page).getByLabel('Card number')).toBeVisible();
  expect(scripts.filter(paymentCode).map((url) => new URL(url).pathname)).toEqual([
    expect.stringMatching(/^\/assets\/review-reserve-dialog-[\w-]+\.js$/),
  ]);
});
