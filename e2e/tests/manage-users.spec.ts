import { expect, test, type Page } from '@playwright/test';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, DEMO, sameOrigin, signInAs } from '../support/auth';
import { fetchMail, firstLink } from '../support/mail';
import type { ReceivedMail } from '../support/mime';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav, dialog } from '../support/ui';

const DECLINED_SUBJECT = 'Your request to become a host was declined';
const APPROVED_SUBJECT = 'Your request to become a host was approved';
const REASON = 'Please add a profile photo that shows you, then ask again.';

/** The sidebar's link, named with the count of host requests waiting ('Manage Users 3 pending requests'). */
function manageUsersLink(page: Page) {
  return dashboardNav(page).getByRole('link', { name: /^Manage Users \d+ pending requests?$/ });
}

test('an admin finds a guest by part of their e-mail and declines their host request; they may ask again', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const guest = await createUser(playwright.request);
  await signInAs(page, guest);
  await page.goto('/dashboard');
  const nav = dashboardNav(page);
  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await dialog(page, 'Become A Host!').getByRole('button', { name: 'Continue' }).click();
  await expect(nav.getByText('Host request pending', { exact: true })).toBeVisible();

  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, DEMO.admin);
    await admin.goto('/dashboard');
    // The demo's requests and this guest's, at least, are waiting.
    const link = manageUsersLink(admin);
    await expect(link).toBeVisible();
    expect(Number(/\d+/.exec((await link.textContent()) ?? '')![0])).toBeGreaterThanOrEqual(1);
    await link.click();
    await expect(admin).toHaveURL(atPath('/dashboard/manage-users'));
    await expect(admin.getByRole('columnheader')).toHaveText(['Email', 'Role', 'Status', 'Host cancellations (12 months)', 'Action']);

    // Part of the address, in capitals: the search ignores case, and the address keeps it.
    const part = guest.email.split('@')[0]!.slice(-8).toUpperCase() + '@STAYBOOK';
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(part);
    await expect(admin).toHaveURL((url) => url.searchParams.get('q') === part);
    const rows = admin.getByRole('table', { name: 'Users' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    const row = rows.nth(1);
    await expect(row.getByRole('cell')).toHaveText([guest.email, /^guest$/i, 'Requested', '—', /Update Role$/]);

    await admin.getByLabel('Status').selectOption('Requested');
    await expect(admin).toHaveURL((url) => url.searchParams.get('status') === 'Requested' && url.searchParams.get('q') === part);
    await expect(row.getByRole('cell').first()).toHaveText(guest.email);
    // A reload shows the same search.
    await admin.reload();
    await expect(admin.getByRole('searchbox', { name: 'Search users' })).toHaveValue(part);
    await expect(admin.getByLabel('Status')).toHaveValue('Requested');
    await expect(row.getByRole('cell').first()).toHaveText(guest.email);
    expect(await violationsAtBothSizes(admin)).toEqual([]);

    await row.getByRole('button', { name: 'Decline' }).click();
    const decline = dialog(admin, 'Decline host request');
    await expect(decline).toBeVisible();
    await expect(decline).toContainText(guest.email);
    // A reason is required.
    await decline.getByRole('button', { name: 'Decline request' }).click();
    await expect(decline.getByText('Please give a reason')).toBeVisible();
    await expect(decline.getByLabel('Reason')).toBeFocused();
    expect(await violationsAtBothSizes(admin)).toEqual([]);

    await decline.getByLabel('Reason').fill(REASON);
    const countRefreshed = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/requests/count');
    await decline.getByRole('button', { name: 'Decline request' }).click();
    await expect(admin.getByText('Host request declined')).toBeVisible();
    await expect(decline).toBeHidden();
    // The sidebar's count is asked for again after the answer.
    expect((await countRefreshed).status()).toBe(200);

    // No longer waiting: gone from the Requested filter, Verified under all statuses, with only 'Update Role'.
    await expect(admin.getByRole('status').filter({ hasText: `No users match “${part}” with these filters.` })).toBeVisible();
    await admin.getByLabel('Status').selectOption('');
    await expect(row.getByRole('cell')).toHaveText([guest.email, /^guest$/i, 'Verified', '—', 'Update Role']);
  } finally {
    await adminContext.close();
  }

  // The guest is told why, with the way back to their dashboard.
  let declined: ReceivedMail | undefined;
  await expect
    .poll(async () => (declined = (await fetchMail(guest.email)).find((m) => m.subject === DECLINED_SUBJECT)) !== undefined, {
      message: `the declined mail to ${guest.email}`,
    })
    .toBe(true);
  expect(declined!.text).toContain(REASON);
  expect(declined!.text).toContain(`${SEEDED_URL}/dashboard`);

  // 'Become A Host' is offered again, and asking again works.
  await page.reload();
  await expect(nav.getByText('Host request pending')).toBeHidden();
  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await dialog(page, 'Become A Host!').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Success! Please wait for admin confirmation')).toBeVisible();
  await expect(nav.getByText('Host request pending', { exact: true })).toBeVisible();
});

test("an admin approves a host request from its row; the new host is mailed, and the mail's link opens Add Room", async ({ page, playwright }) => {
  const guest = await createUser(playwright.request);
  await asAccount(playwright.request, guest, async (api) => {
    const response = await api.put(`${SEEDED_URL}/api/user`, { headers: sameOrigin(), data: {} });
    expect(response.status()).toBe(200);
  });

  await signInAs(page, DEMO.admin);
  await page.goto(`/dashboard/manage-users?${new URLSearchParams({ q: guest.email, role: 'guest' }).toString()}`);
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(guest.email);
  await expect(page.getByLabel('Role', { exact: true })).toHaveValue('guest');
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1);
  await expect(row.getByRole('cell').first()).toHaveText(guest.email);
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Host request approved: ${guest.email} is a host now`)).toBeVisible();
  // Now a host, so the Role filter (Guest) leaves them out.
  await expect(page.getByRole('status').filter({ hasText: 'with these filters' })).toBeVisible();
  await page.getByLabel('Role', { exact: true }).selectOption('host');
  await expect(row.getByRole('cell')).toHaveText([guest.email, /^host$/i, 'Verified', '0', 'Update Role']);

  // The new host is told, with the way to start hosting.
  let approved: ReceivedMail | undefined;
  await expect
    .poll(async () => (approved = (await fetchMail(guest.email)).find((m) => m.subject === APPROVED_SUBJECT)) !== undefined, {
      message: `the approval mail to ${guest.email}`,
    })
    .toBe(true);
  const link = firstLink(approved!);
  expect(link.href).toBe(`${SEEDED_URL}/dashboard/add-room`);

  await signInAs(page, guest);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Add Room' })).toBeVisible();
  await expect(dashboardNav(page).getByRole('link', { name: 'Add Room' })).toBeVisible();
});

test('a Manage Users link whose page cursor the server cannot read offers the first page, with the search kept', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  // A cursor as an older link or a hand edit leaves it: base64url, but not a page the server gave.
  const stale = Buffer.from('not a page').toString('base64url');
  await page.goto(`/dashboard/manage-users?${new URLSearchParams({ q: '@', cursor: stale }).toString()}`);
  await expect(page.getByRole('status').filter({ hasText: "This page's link is out of date." })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something Went Wrong!' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Back to the first page' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has('cursor') && url.searchParams.get('q') === '@');
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('@');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
});
