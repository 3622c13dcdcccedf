import { expect, test, type Request } from '@playwright/test';
import { violationsAtBothSizes } from '../support/a11y';
import {
  asAccount,
  createUser,
  DEMO,
  fetchSession,
  fetchUser,
  revokeSessionOnCall,
  sameOrigin,
  signInAs,
  uniquePassword,
} from '../support/auth';
import { failRequests } from '../support/network';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav, dialog, manageUsersRow, profileMenuButton } from '../support/ui';

const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';
// The app retries a failed session request a few times (about 7 s) before it says so.
const AFTER_RETRIES = { timeout: 20_000 };

const isSessionRequest = (url: URL) => url.pathname === '/api/auth/get-session';
const hostRequest = (request: Request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/user';
const passwordChange = (request: Request) => new URL(request.url()).pathname === '/api/auth/change-password';

test('an admin cannot change their own role', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/dashboard/manage-users');
  const row = await manageUsersRow(page, DEMO.admin.email);
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^admin$/i);

  await row.getByRole('button', { name: 'Update Role' }).click();
  const updateRole = dialog(page, 'Update User Role');
  await expect(updateRole.getByLabel('Role')).toBeVisible();
  expect(await violationsAtBothSizes(page), 'Update User Role').toEqual([]);
  await updateRole.getByLabel('Role').selectOption('guest');
  await updateRole.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Action Not Allowed')).toBeVisible();

  await page.reload();
  await expect((await manageUsersRow(page, DEMO.admin.email)).getByRole('cell').nth(1)).toHaveText(/^admin$/i);
  expect((await fetchSession(page.request))?.role).toBe('admin');
  await expect(dashboardNav(page).getByRole('link', { name: 'Manage Users' })).toBeVisible();
});

test('a guest opening an admin or host page lands on the dashboard', async ({ page }) => {
  await signInAs(page, DEMO.guest);
  const nav = dashboardNav(page);

  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(nav.getByRole('link', { name: 'Statistics' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Bookings' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Become A Host' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Manage Users' })).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeHidden();

  await page.goto('/dashboard/add-room');
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(nav.getByRole('link', { name: 'Add Room' })).toBeHidden();
});

test('a visitor opening the dashboard signs in first and then reaches it', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(atPath('/login'));

  await page.getByLabel('Email address').fill(DEMO.guest.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.guest.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(dashboardNav(page).getByRole('link', { name: 'Statistics' })).toBeVisible();
});

test('each role sees its own sidebar entries', async ({ page, browser, baseURL }) => {
  // A host: hosting tools and the toggle, but no user management.
  await signInAs(page, DEMO.host);
  await page.goto('/dashboard');
  const nav = dashboardNav(page);
  for (const entry of ['Statistics', 'Add Room', 'My Listings', 'Calendar', 'Manage Bookings', 'Profile']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Switch to (Guest|Host)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Manage Users' })).toBeHidden();
  await page.goto('/dashboard/manage-users');
  await expect(page).toHaveURL(atPath('/dashboard'));

  // A host page opens for a host: My Listings shows their rooms.
  await page.goto('/dashboard/my-listings');
  await expect(page.getByRole('table', { name: 'My listings' })).toBeVisible();

  // An admin: user management, no hosting tools.
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, DEMO.admin);
    await admin.goto('/dashboard');
    const adminNav = dashboardNav(admin);
    await expect(adminNav.getByRole('link', { name: 'Manage Users' })).toBeVisible();
    await expect(adminNav.getByRole('link', { name: 'Statistics' })).toBeVisible();
    await expect(adminNav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(adminNav.getByRole('link', { name: 'Add Room' })).toBeHidden();
    await expect(adminNav.getByRole('button', { name: 'Become A Host' })).toBeHidden();
  } finally {
    await adminContext.close();
  }
});

test('Logout in the dashboard sidebar signs out and leaves the private pages', async ({ page }) => {
  await signInAs(page, DEMO.guest);
  await page.goto('/dashboard/profile');
  await expect(page.getByText(`Email: ${DEMO.guest.email}`)).toBeVisible();

  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect.poll(() => fetchSession(page.request)).toBeNull();
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(atPath('/login'));
});

test.describe('on a small screen (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the dashboard sidebar opens from "Open dashboard menu" and closes on navigation', async ({ page }) => {
    await signInAs(page, DEMO.guest);
    await page.goto('/dashboard');
    const nav = dashboardNav(page);
    const menuButton = page.getByRole('button', { name: 'Open dashboard menu' });
    await expect(menuButton).toBeVisible();
    await expect(nav).toBeHidden();

    await menuButton.click();
    await expect(nav.getByRole('link', { name: 'Statistics' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Bookings' })).toBeVisible();
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(atPath('/dashboard/profile'));
    await expect(nav).toBeHidden();
    await expect(page.getByText(`Email: ${DEMO.guest.email}`)).toBeVisible();
  });
});

test('a session revoked on the server signs the page out at its next API call', async ({ page, playwright }) => {
  const user = await createUser(playwright.request);
  await signInAs(page, user);
  await page.goto('/dashboard');
  const nav = dashboardNav(page);
  await expect(nav.getByRole('button', { name: 'Become A Host' })).toBeVisible();

  // The session ends on the server as the host request leaves; the browser keeps presenting its dead cookie.
  await revokeSessionOnCall(page, hostRequest);
  const answered = page.waitForResponse((response) => hostRequest(response.request()));
  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await dialog(page, 'Become A Host!').getByRole('button', { name: 'Continue' }).click();
  expect((await answered).status()).toBe(401);
  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  expect(await fetchSession(page.request)).toBeNull();
});

test('an admin whose role was taken away meanwhile is refused with a message and stays signed in', async ({
  page,
  playwright,
}) => {
  const [admin, target] = await Promise.all([createUser(playwright.request, { role: 'admin' }), createUser(playwright.request)]);
  await signInAs(page, admin);
  await page.goto('/dashboard/manage-users');
  const row = await manageUsersRow(page, target.email);

  // Another admin makes them a guest while the page is open.
  await asAccount(playwright.request, DEMO.admin, async (api) => {
    const response = await api.patch(`${SEEDED_URL}/api/users/update/${encodeURIComponent(admin.email)}`, {
      headers: sameOrigin(),
      data: { role: 'guest' },
    });
    expect(response.status()).toBe(200);
  });

  await row.getByRole('button', { name: 'Update Role' }).click();
  const updateRole = dialog(page, 'Update User Role');
  await updateRole.getByLabel('Role').selectOption('host');
  await updateRole.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'You do not have the role this needs.' })).toBeVisible();
  await expect(updateRole).toBeHidden();
  await expect(page).toHaveURL(atPath('/dashboard/manage-users'));
  expect(await fetchSession(page.request)).toMatchObject({ email: admin.email, role: 'guest' });
  expect(await asAccount(playwright.request, DEMO.admin, (api) => fetchUser(api, target.email))).toMatchObject({ role: 'guest' });

  // Signed in as what they now are: a guest, whose dashboard has no user management.
  await page.reload();
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(dashboardNav(page).getByRole('button', { name: 'Become A Host' })).toBeVisible();
  await expect(dashboardNav(page).getByRole('link', { name: 'Manage Users' })).toBeHidden();
});

test('a session revoked on the server signs the page out when the password is changed', async ({ page, playwright }) => {
  const user = await createUser(playwright.request);
  await signInAs(page, user);
  await page.goto('/dashboard/profile');
  await expect(page.getByText(`Email: ${user.email}`)).toBeVisible();

  await revokeSessionOnCall(page, passwordChange);
  const answered = page.waitForResponse((response) => passwordChange(response.request()));
  await page.getByRole('button', { name: 'Change Password' }).click();
  const change = dialog(page, 'Change Password');
  await change.getByLabel('Current password').fill(user.password);
  await change.getByLabel('New password').fill(uniquePassword());
  await change.getByRole('button', { name: 'Save' }).click();
  expect((await answered).status()).toBe(401);
  await expect(page).toHaveURL(atPath('/login'));
});

test('a signed-in user whose session cannot be read is offered a retry, not sent to /login', async ({ page }) => {
  await signInAs(page, DEMO.guest);
  const restore = await failRequests(page, isSessionRequest);

  await page.goto('/dashboard');
  await expect(page.getByText(UNREACHABLE)).toBeVisible(AFTER_RETRIES);
  await expect(page.getByText('Something Went Wrong!')).toBeVisible();
  await expect(page).toHaveURL(atPath('/dashboard'));

  // Nobody knows whether they are signed in, so the header does not offer Login or Sign Up either.
  await page.getByRole('button', { name: 'Take Me Home' }).click();
  await expect(page).toHaveURL(atPath('/'));
  await profileMenuButton(page).click();
  await expect(profileMenuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Sign Up', exact: true })).toBeHidden();

  await page.goBack();
  await expect(page).toHaveURL(atPath('/dashboard'));
  restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(dashboardNav(page).getByRole('link', { name: 'Statistics' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/dashboard'));
});

test('the login page offers a retry, not the form, when the session cannot be read', async ({ page }) => {
  await signInAs(page, DEMO.guest);
  const restore = await failRequests(page, isSessionRequest);

  await page.goto('/login');
  await expect(page.getByText(UNREACHABLE)).toBeVisible(AFTER_RETRIES);
  await expect(page.getByLabel('Email address')).toBeHidden();

  restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  // Signed in after all: the page for visitors sends them home.
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(profileMenuButton(page)).toBeVisible();
});
