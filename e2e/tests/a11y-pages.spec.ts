import { expect, test } from '@playwright/test';
import { expectPagesAccessible, violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, DEMO, signInAs } from '../support/auth';
import { addDays, bookThroughApi, cancelStaysAfterEach } from '../support/bookings';
import { listingRow } from '../support/hosting';
import { hostWithRooms, today, uniquePlace } from '../support/search';
import { collectPageErrors, dashboardNav, dialog } from '../support/ui';

/**
 * The pages and dialogs the other accessibility checks do not reach, at a desktop's size and a phone's: axe finds
 * nothing on any of them, whatever the impact (issue 35, item 10).
 */

const cancelAfterEach = cancelStaysAfterEach();

test('a stay, as its guest and its host: the trip page, its receipt, messages, the review page and the dashboards', async ({ page, browser, playwright }) => {
  test.slow();
  const place = uniquePlace();
  const { host, rooms } = await hostWithRooms(playwright.request, [{ title: `A11y loft in ${place}`, location: `${place}, Portugal` }]);
  const guest = await createUser(playwright.request);
  cancelAfterEach(guest);
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, rooms[0]!._id, { from: addDays(today(), 4), to: addDays(today(), 6) }));
  await signInAs(page, guest);
  const errors = collectPageErrors(page);

  await page.goto(`/dashboard/trips/${booking._id}`);
  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages.getByRole('textbox', { name: 'Message' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // Leaving with a message half-written asks first.
  await messages.getByRole('textbox', { name: 'Message' }).fill('Is there a cot for a baby?');
  await dashboardNav(page).getByRole('link', { name: 'My Bookings' }).click();
  const leave = dialog(page, 'Leave this page?');
  await expect(leave).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  // Back with the draft: the notice says so.
  await page.goto('/dashboard/messages');
  await page.goto(`/dashboard/trips/${booking._id}`);
  await expect(messages.getByRole('status').filter({ hasText: 'Draft restored' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await messages.getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  await page.goto(`/dashboard/trips/${booking._id}/receipt`);
  await expect(page.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  await expectPagesAccessible(page, [
    ['/dashboard/messages', 'Messages'],
    ['/dashboard', 'Statistics'],
    ['/dashboard/my-bookings', 'My Bookings'],
  ]);
  expect(errors).toEqual([]);

  // The host, in a browser of their own: the same stay from their side.
  const hostContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const hostPage = await hostContext.newPage();
    await signInAs(hostPage, host);
    const hostErrors = collectPageErrors(hostPage);
    await expectPagesAccessible(hostPage, [
      ['/dashboard/manage-bookings', 'Manage Bookings'],
      ['/dashboard/my-listings', 'My Listings'],
      ['/dashboard/calendar', 'Calendar'],
      [`/dashboard/listings/${rooms[0]!._id}/pricing`, 'Pricing and availability'],
      ['/dashboard', 'Statistics'],
      ['/dashboard/messages', 'Messages'],
    ]);
    await hostPage.goto('/dashboard/my-listings');
    await listingRow(hostPage, rooms[0]!.title).getByRole('button', { name: `Calendar sync for ${rooms[0]!.title}` }).click();
    await expect(dialog(hostPage, 'Calendar sync')).toBeVisible();
    expect(await violationsAtBothSizes(hostPage)).toEqual([]);
    expect(hostErrors).toEqual([]);
  } finally {
    await hostContext.close();
  }
});

test('an admin: Manage Users, its decline dialog, Fees and the statistics', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const errors = collectPageErrors(page);
  await expectPagesAccessible(page, [
    ['/dashboard/manage-users', 'Manage Users'],
    // Only looked at: the fees are marketplace-wide (marketplace-fees.spec.ts changes them, alone).
    ['/dashboard/fees', 'Fees'],
    ['/dashboard', 'Statistics'],
  ]);
  // The demo's guests Amara and Kenji have asked to host; the dialog is only looked at, never sent.
  await page.goto('/dashboard/manage-users');
  await page.getByRole('button', { name: 'Decline' }).first().click();
  await expect(dialog(page, 'Decline host request')).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await page.keyboard.press('Escape');
  expect(errors).toEqual([]);
});

test('a person: the profile and its dialogs, and the pages of a link gone wrong', async ({ page, playwright }) => {
  const user = await createUser(playwright.request);
  await signInAs(page, user);
  const errors = collectPageErrors(page);
  await page.goto('/dashboard/profile');
  await expect(page.getByText(`Email: ${user.email}`)).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  for (const name of ['Update Profile', 'Change Password']) {
    await page.getByRole('button', { name }).click();
    await expect(dialog(page, name)).toBeVisible();
    expect(await violationsAtBothSizes(page), name).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog(page, name)).toBeHidden();
  }
  expect(errors).toEqual([]);

  await page.context().clearCookies();
  for (const path of ['/no-such-page', '/reset-password?token=not-a-real-one', '/verify-email?error=invalid_token']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violationsAtBothSizes(page), path).toEqual([]);
  }
});
