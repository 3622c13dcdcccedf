import { expect, test, type Page } from '@playwright/test';
import { asAccount, createUser, DEMO, fetchUser, sameOrigin, signInAs } from '../support/auth';
import { fetchMail } from '../support/mail';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav, dialog, manageUsersRow, openProfileMenu } from '../support/ui';

/** Counts the page's host requests (PUT /api/user), to tell a Cancel from a Continue. */
function countHostRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/user') count += 1;
  });
  return () => count;
}

test('Cancel, or Escape, closes the Become A Host dialog and asks nothing', async ({ page, playwright }) => {
  const guest = await createUser(playwright.request);
  const hostRequests = countHostRequests(page);
  await signInAs(page, guest);
  await page.goto('/dashboard');
  const nav = dashboardNav(page);
  const becomeHost = dialog(page, 'Become A Host!');

  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await expect(becomeHost).toBeVisible();
  await expect(becomeHost.getByText('Please read all the terms & conditions before becoming a host.')).toBeVisible();
  await becomeHost.getByRole('button', { name: 'Cancel' }).click();
  await expect(becomeHost).toBeHidden();
  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await expect(becomeHost).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(becomeHost).toBeHidden();
  expect(hostRequests()).toBe(0);
  await expect(nav.getByRole('button', { name: 'Become A Host' })).toBeVisible();
  expect(await fetchUser(page.request, guest.email)).toMatchObject({ role: 'guest', status: 'Verified' });
});

test('a guest asks to become a host, and an admin makes them one', async ({ page, browser, baseURL, playwright }) => {
  const guest = await createUser(playwright.request);
  const hostRequests = countHostRequests(page);
  await signInAs(page, guest);
  await page.goto('/dashboard');
  const nav = dashboardNav(page);
  const becomeHost = dialog(page, 'Become A Host!');

  // From the sidebar, Continue asks once; the sidebar then says the request is pending instead of offering it again.
  await nav.getByRole('button', { name: 'Become A Host' }).click();
  await becomeHost.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Success! Please wait for admin confirmation')).toBeVisible();
  await expect(becomeHost).toBeHidden();
  expect(hostRequests()).toBe(1);
  expect(await fetchUser(page.request, guest.email)).toMatchObject({ role: 'guest', status: 'Requested' });
  await expect(nav.getByText('Host request pending', { exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Become A Host' })).toBeHidden();

  // Again, from the header's 'Host your home': already asked.
  await page.goto('/');
  await page.getByRole('button', { name: 'Host your home' }).click();
  await expect(becomeHost).toBeVisible();
  await becomeHost.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please!, Wait for admin approval')).toBeVisible();
  await expect(becomeHost).toBeHidden();
  expect(hostRequests()).toBe(2);
  await openProfileMenu(page, true);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(nav.getByText('Host request pending', { exact: true })).toBeVisible();

  // The admin, in a browser of their own, sees the request and grants it.
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, DEMO.admin);
    await admin.goto('/dashboard');
    await dashboardNav(admin).getByRole('link', { name: 'Manage Users' }).click();
    await expect(admin).toHaveURL(atPath('/dashboard/manage-users'));
    await expect(admin.getByRole('columnheader')).toHaveText(['Email', 'Role', 'Status', 'Host cancellations (12 months)', 'Action']);

    const row = await manageUsersRow(admin, guest.email);
    await expect(row.getByRole('cell')).toHaveText([guest.email, /^guest$/i, 'Requested', '—', /Update Role$/]);
    // A waiting request can be answered from its row too ('Approve', 'Decline': manage-users.spec.ts); here, by role.
    await expect(row.getByRole('button')).toHaveText(['Approve', 'Decline', 'Update Role']);
    await row.getByRole('button', { name: 'Update Role' }).click();
    const updateRole = dialog(admin, 'Update User Role');
    await expect(updateRole).toBeVisible();
    await updateRole.getByLabel('Role').selectOption('host');
    await updateRole.getByRole('button', { name: 'Update' }).click();
    await expect(admin.getByText('User role updated successfully!')).toBeVisible();
    await expect(updateRole).toBeHidden();
    await expect(row.getByRole('cell')).toHaveText([guest.email, /^host$/i, 'Verified', '0', 'Update Role']);
  } finally {
    await adminContext.close();
  }

  // The new host's dashboard now shows the hosting tools, in host mode, with the Guest/Host toggle.
  await page.reload();
  for (const entry of ['Add Room', 'My Listings', 'Manage Bookings']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Become A Host' })).toBeHidden();
  await expect(nav.getByText('Host request pending')).toBeHidden();
  await expect(nav.getByRole('link', { name: 'My Bookings' })).toBeHidden();

  await page.getByRole('button', { name: 'Switch to Guest' }).click();
  await expect(nav.getByRole('link', { name: 'My Bookings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Add Room' })).toBeHidden();
  await page.getByRole('button', { name: 'Switch to Host' }).click();
  await expect(nav.getByRole('link', { name: 'Add Room' })).toBeVisible();
  expect(await fetchUser(page.request, guest.email)).toMatchObject({ role: 'host', status: 'Verified' });

  // Made a host by role, their waiting request was granted all the same: they are mailed so.
  await expect
    .poll(async () => (await fetchMail(guest.email)).map((m) => m.subject), { message: `the approval mail to ${guest.email}` })
    .toContain('Your request to become a host was approved');
});

test('"Host your home" sends a visitor to log in, a host to Add Room and an admin to the dashboard', async ({ page }) => {
  const hostYourHome = page.getByRole('button', { name: 'Host your home' });

  await page.goto('/');
  await hostYourHome.click();
  await expect(page).toHaveURL(atPath('/login'));
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();

  for (const [account, path] of [
    [DEMO.host, '/dashboard/add-room'],
    [DEMO.admin, '/dashboard'],
  ] as const) {
    await signInAs(page, account);
    await page.goto('/');
    await hostYourHome.click();
    await expect(page, account.email).toHaveURL(atPath(path));
    await expect(dialog(page, 'Become A Host!')).toBeHidden();
    await expect(dashboardNav(page).getByRole('link', { name: 'Statistics' })).toBeVisible();
  }
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('after "Become A Host" the sidebar and the profile say the request is pending until an admin decides', async ({
      page,
      playwright,
    }) => {
      const small = viewport.width < 768;
      const guest = await createUser(playwright.request);
      await signInAs(page, guest);
      await page.goto('/dashboard/profile');
      const nav = dashboardNav(page);
      const menuButton = page.getByRole('button', { name: 'Open dashboard menu' });
      const openSidebar = async () => {
        if (small) await menuButton.click();
      };
      const badges = page.getByRole('main').getByText(/^(Guest|Host|Admin|Host request pending)$/);
      await expect(badges).toHaveText(['Guest']);

      await openSidebar();
      await nav.getByRole('button', { name: 'Become A Host' }).click();
      await dialog(page, 'Become A Host!').getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Success! Please wait for admin confirmation')).toBeVisible();

      await expect(badges).toHaveText(['Guest', 'Host request pending']);
      // A press in the dialog is a press outside the sidebar, which closes it; it slides away for a moment, so its
      // button's state (not the drawing mid-slide) says whether to open it again.
      if (small && (await menuButton.getAttribute('aria-expanded')) !== 'true') await openSidebar();
      await expect(nav.getByText('Host request pending', { exact: true })).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Become A Host' })).toBeHidden();

      // It is the server's record that says so: a new visit shows it too.
      await page.reload();
      await expect(badges).toHaveText(['Guest', 'Host request pending']);

      // An admin decides (keeping them a guest): the request is no longer pending, and can be made again.
      await asAccount(playwright.request, DEMO.admin, async (admin) => {
        const response = await admin.patch(`${SEEDED_URL}/api/users/update/${encodeURIComponent(guest.email)}`, {
          headers: sameOrigin(),
          data: { role: 'guest' },
        });
        expect(response.status()).toBe(200);
      });
      await page.reload();
      await expect(badges).toHaveText(['Guest']);
      await openSidebar();
      await expect(nav.getByRole('button', { name: 'Become A Host' })).toBeVisible();
      await expect(nav.getByText('Host request pending')).toBeHidden();
    });
  });
}
