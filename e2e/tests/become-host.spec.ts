import { expect, test, type Page } from '@playwright/test';
import { createUser, DEMO, fetchUser, signInAs } from '../support/auth';
import { atPath, dashboardNav, dialog, manageUsersRow, openProfileMenu } from '../support/ui';

/** Counts the page's host requests (PUT /api/user), to tell a Cancel from a Continue. */
function countHostRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/user') count += 1;
  });
  return () => count;
}

test('a guest asks to become a host, and an admin makes them one', async ({ page, browser, baseURL, playwright }) => {
  const guest = await createUser(playwright.request);
  const hostRequests = countHostRequests(page);
  await signInAs(page, guest);
  await page.goto('/');

  // From the header.
  await page.getByRole('button', { name: 'Host your home' }).click();
  const becomeHost = dialog(page, 'Become A Host!');
  await expect(becomeHost).toBeVisible();
  await expect(becomeHost.getByText('Please read all the terms & conditions before becoming a host.')).toBeVisible();
  await becomeHost.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Success! Please wait for admin confirmation')).toBeVisible();
  await expect(becomeHost).toBeHidden();
  expect(hostRequests()).toBe(1);
  expect(await fetchUser(page.request, guest.email)).toMatchObject({ role: 'guest', status: 'Requested' });

  // Again, from the dashboard's sidebar: already asked.
  await openProfileMenu(page, true);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(atPath('/dashboard'));
  const nav = dashboardNav(page);
  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await expect(becomeHost).toBeVisible();
  await becomeHost.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please!, Wait for admin approval')).toBeVisible();
  await expect(becomeHost).toBeHidden();
  expect(hostRequests()).toBe(2);

  // Cancel, or Escape, closes the dialog and asks nothing.
  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await expect(becomeHost).toBeVisible();
  await becomeHost.getByRole('button', { name: 'Cancel' }).click();
  await expect(becomeHost).toBeHidden();
  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await expect(becomeHost).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(becomeHost).toBeHidden();
  expect(hostRequests()).toBe(2);

  // The admin, in a browser of their own, sees the request and grants it.
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, DEMO.admin);
    await admin.goto('/dashboard');
    await dashboardNav(admin).getByRole('link', { name: 'Manage Users' }).click();
    await expect(admin).toHaveURL(atPath('/dashboard/manage-users'));
    await expect(admin.getByRole('columnheader')).toHaveText(['Email', 'Role', 'Status', 'Action']);

    const row = await manageUsersRow(admin, guest.email);
    await expect(row.getByRole('cell')).toHaveText([guest.email, /^guest$/i, 'Requested', 'Update Role']);
    await row.getByRole('button', { name: 'Update Role' }).click();
    const updateRole = dialog(admin, 'Update User Role');
    await expect(updateRole).toBeVisible();
    await updateRole.getByLabel('Role').selectOption('host');
    await updateRole.getByRole('button', { name: 'Update' }).click();
    await expect(admin.getByText('User role updated successfully!')).toBeVisible();
    await expect(updateRole).toBeHidden();
    await expect(row.getByRole('cell')).toHaveText([guest.email, /^host$/i, 'Verified', 'Update Role']);
  } finally {
    await adminContext.close();
  }

  // The new host's dashboard now shows the hosting tools, in host mode, with the Guest/Host toggle.
  await page.reload();
  for (const entry of ['Add Room', 'My Listings', 'Manage Bookings']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Become A Host' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'My Bookings' })).toBeHidden();

  await page.getByRole('button', { name: 'Switch to Guest' }).click();
  await expect(nav.getByRole('link', { name: 'My Bookings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Add Room' })).toBeHidden();
  await page.getByRole('button', { name: 'Switch to Host' }).click();
  await expect(nav.getByRole('link', { name: 'Add Room' })).toBeVisible();
  expect(await fetchUser(page.request, guest.email)).toMatchObject({ role: 'host', status: 'Verified' });
});

test('"Host your home" sends a visitor to log in, and a host or an admin to the dashboard', async ({ page }) => {
  const hostYourHome = page.getByRole('button', { name: 'Host your home' });

  await page.goto('/');
  await hostYourHome.click();
  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();

  for (const account of [DEMO.host, DEMO.admin]) {
    await signInAs(page, account);
    await page.goto('/');
    await hostYourHome.click();
    await expect(page, account.email).toHaveURL(atPath('/dashboard'));
    await expect(dialog(page, 'Become A Host!')).toBeHidden();
    await expect(dashboardNav(page).getByRole('link', { name: 'Statistics' })).toBeVisible();
  }
});
