import { expect, test } from '@playwright/test';
import { bookingsPageSchema } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { createUser, signInAs } from '../support/auth';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav, dialog } from '../support/ui';

test('a host makes an access token, sees it once, calls the API with it, and revokes it', async ({ page, playwright }) => {
  const host = await createUser(playwright.request, { role: 'host' });
  await signInAs(page, host);
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/profile'));

  const tokens = page.getByRole('region', { name: 'Access tokens' });
  await expect(tokens.getByText('You have no access tokens.')).toBeVisible();
  // Nothing chosen: the form says what is missing.
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByText('Please name the token')).toBeVisible();
  await tokens.getByLabel('Token name').fill('Channel manager');
  await tokens.getByLabel('Read bookings').check();
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Token created')).toBeVisible();

  const shown = tokens.getByLabel('New token');
  await expect(shown).toHaveValue(/^sbk_/);
  const secret = await shown.inputValue();
  await expect(tokens.getByText('Copy the token “Channel manager” now: it will not be shown again.')).toBeVisible();
  const listed = tokens.getByRole('list', { name: 'Your access tokens' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Channel manager');
  await expect(listed).toContainText('Read bookings');
  await expect(listed).toContainText('Never used');
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // The token works from a tool that holds nothing else, for what its scope opens and nothing more.
  const tool = await playwright.request.newContext();
  try {
    const bearer = { authorization: `Bearer ${secret}` };
    const bookings = await tool.get(`${SEEDED_URL}/api/manage-bookings`, { headers: bearer });
    expect(bookings.status(), await bookings.text()).toBe(200);
    bookingsPageSchema.parse(await bookings.json());
    expect((await tool.get(`${SEEDED_URL}/api/access-tokens`, { headers: bearer })).status()).toBe(403);

    // Once 'Done' is pressed the secret is gone from the page for good; a reload never shows it.
    await tokens.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(listed).toContainText('Last used');

    await listed.getByRole('button', { name: 'Revoke Channel manager' }).click();
    const confirm = dialog(page, 'Revoke this token?');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Token revoked')).toBeVisible();
    await expect(tokens.getByText('You have no access tokens.')).toBeVisible();
    expect((await tool.get(`${SEEDED_URL}/api/manage-bookings`, { headers: bearer })).status()).toBe(401);
  } finally {
    await tool.dispose();
  }
});
