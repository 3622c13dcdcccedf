import { expect, test, type Page } from '@playwright/test';
import { asAccount, createUser, photoPng, signInAs } from '../support/auth';
import { addDays, bookThroughApi, cancelStaysAfterEach } from '../support/bookings';
import { chooseCategory, listingRow, pickAvailability } from '../support/hosting';
import { hostWithRooms, today, uniquePlace } from '../support/search';
import { atPath, dashboardNav, dialog } from '../support/ui';

/** Nothing a person types is lost (issue 35): drafts kept as they type, and a question before leaving. */

const cancelAfterEach = cancelStaysAfterEach();

/** Reloads the page, answering the browser's 'Leave site?' question for a form with unsaved changes. */
async function reloadAcceptingLeave(page: Page): Promise<void> {
  const accept = (d: { type(): string; accept(): Promise<void> }) => void (d.type() === 'beforeunload' ? d.accept() : undefined);
  page.on('dialog', accept);
  try {
    await page.reload();
  } finally {
    page.off('dialog', accept);
  }
}

test('a half-filled Add Room asks before the host leaves, and comes back as a draft with its photo until it is saved', async ({ page, playwright }) => {
  test.slow();
  const host = await createUser(playwright.request, { role: 'host' });
  const title = `Draft cabin ${uniquePlace()}`;
  await signInAs(page, host);
  await page.goto('/dashboard/add-room');
  await page.getByLabel('Location').fill('Tromsø, Norway');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Northern lights from the bed.');
  await page.getByLabel('Photos').setInputFiles({ name: 'fjord.png', mimeType: 'image/png', buffer: photoPng([30, 80, 140]) });
  await expect(page.getByText('Photo 1 of 1: fjord.png', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // The file input's own 'No file chosen' would contradict the uploaded photo listed below it: its text is not shown.
  await expect(page.getByLabel('Photos')).toHaveCSS('color', 'rgba(0, 0, 0, 0)');

  // Leaving by the sidebar asks first; staying keeps everything on screen.
  await dashboardNav(page).getByRole('link', { name: 'My Listings' }).click();
  const leave = dialog(page, 'Leave this page?');
  await expect(leave).toContainText('kept as a draft on this device');
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(atPath('/dashboard/add-room'));
  await expect(page.getByLabel('Title')).toHaveValue(title);

  await dashboardNav(page).getByRole('link', { name: 'My Listings' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/my-listings'));

  // Back on Add Room: the draft, its photo included, and a word that it is one.
  await dashboardNav(page).getByRole('link', { name: 'Add Room' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Location')).toHaveValue('Tromsø, Norway');
  await expect(page.getByLabel('Description')).toHaveValue('Northern lights from the bed.');
  await expect(page.getByRole('img', { name: 'Preview of photo 1' })).toBeVisible();

  // A reload keeps it too.
  await reloadAcceptingLeave(page);
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByRole('img', { name: 'Preview of photo 1' })).toBeVisible();

  // Finished and saved: on to My Listings without a question, and the next Add Room starts empty.
  await chooseCategory(page, page, 'Arctic');
  await pickAvailability(page, addDays(today(), 2), addDays(today(), 30));
  await page.getByLabel('Price per night ($)').fill('132.50');
  await page.getByLabel('Total guests').fill('4');
  await page.getByLabel('Bedrooms').fill('2');
  await page.getByLabel('Bathrooms').fill('1');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Room Added Successfully!')).toBeVisible();
  await expect(page).toHaveURL(atPath('/dashboard/my-listings'));
  await expect(listingRow(page, title)).toBeVisible();
  await dashboardNav(page).getByRole('link', { name: 'Add Room' }).click();
  await expect(page.getByRole('heading', { name: 'Add Room' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByText('Draft restored')).toBeHidden();
});

test("a change half-made in 'Update Room Info' comes back as a draft after a reload, until it is saved", async ({ page, playwright }) => {
  const place = uniquePlace();
  const {
    host,
    rooms: [room],
  } = await hostWithRooms(playwright.request, [{ location: `${place}, Testland`, title: `Draft loft ${place}` }]);
  const retitled = `Draft loft by the sea ${place}`;
  await signInAs(page, host);
  await page.goto('/dashboard/my-listings');
  await listingRow(page, room!.title).getByRole('button', { name: `Update ${room!.title}` }).click();
  let update = dialog(page, 'Update Room Info');
  await update.getByLabel('Title').fill(retitled);

  await reloadAcceptingLeave(page);
  await listingRow(page, room!.title).getByRole('button', { name: `Update ${room!.title}` }).click();
  update = dialog(page, 'Update Room Info');
  await expect(update.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible();
  await expect(update.getByLabel('Title')).toHaveValue(retitled);
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(update).toBeHidden();
  await expect(listingRow(page, retitled)).toBeVisible();

  // Saved, the draft is gone: the dialog opens on the room as it now is.
  await page.reload();
  await listingRow(page, retitled).getByRole('button', { name: `Update ${retitled}` }).click();
  update = dialog(page, 'Update Room Info');
  await expect(update.getByLabel('Title')).toHaveValue(retitled);
  await expect(update.getByRole('status').filter({ hasText: 'Draft restored' })).toHaveCount(0);
});

test('a message half-written on the trip page asks before the guest leaves, and waits as a draft until it is sent', async ({ page, playwright }) => {
  const place = uniquePlace();
  const { rooms } = await hostWithRooms(playwright.request, [{ title: `Loft in ${place}`, location: `${place}, Germany` }]);
  const guest = await createUser(playwright.request);
  cancelAfterEach(guest);
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, rooms[0]!._id, { from: addDays(today(), 6), to: addDays(today(), 8) }));
  const tripPath = `/dashboard/trips/${booking._id}`;

  await signInAs(page, guest);
  await page.goto(tripPath);
  const messages = page.getByRole('region', { name: 'Messages' });
  await messages.getByRole('textbox', { name: 'Message' }).fill('We arrive at nine; is a late check-in fine?');

  await dashboardNav(page).getByRole('link', { name: 'My Bookings' }).click();
  const leave = dialog(page, 'Leave this page?');
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/my-bookings'));

  await page.goto(tripPath);
  await expect(messages.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible();
  await expect(messages.getByRole('textbox', { name: 'Message' })).toHaveValue('We arrive at nine; is a late check-in fine?');
  await reloadAcceptingLeave(page);
  await expect(messages.getByRole('textbox', { name: 'Message' })).toHaveValue('We arrive at nine; is a late check-in fine?');

  await messages.getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByRole('log', { name: 'Conversation' }).getByText('We arrive at nine; is a late check-in fine?')).toBeVisible();
  await expect(messages.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  // Sent, nothing is kept, and leaving asks nothing.
  await page.reload();
  await expect(messages.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(messages.getByText('Draft restored')).toBeHidden();
  await dashboardNav(page).getByRole('link', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/my-bookings'));
});
