import { expect, test } from '@playwright/test';
import { wishlistSchema } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import { failRequests } from '../support/network';
import { roomPath } from '../support/rooms';
import { hostWithRooms, uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { atPath, dialog } from '../support/ui';

/*
 * Pages and dialogs the journeys do not stop to check with axe (issue 35: zero violations on every page and dialog,
 * at a desktop's size and a phone's). The journeys that pass by them check the rest where they are.
 */

test("a guest's wishlists: the index, Save to a wishlist, Rename wishlist and Delete this wishlist? have no accessibility violations", async ({
  page,
  playwright,
}) => {
  const place = uniquePlace();
  const {
    rooms: [room],
  } = await hostWithRooms(playwright.request, [{ title: `Dune house in ${place}`, location: `${place}, Norway`, price: '120' }]);
  const guest = await createUser(playwright.request);
  // A list of theirs already, so the heart asks which list (a first save goes straight to 'Saved').
  await asAccount(playwright.request, guest, async (api) => {
    const made = await api.post(`${SEEDED_URL}/api/wishlists`, { headers: sameOrigin(), data: { name: 'Coast trip' } });
    expect(made.status(), await made.text()).toBe(201);
    wishlistSchema.parse(await made.json());
  });

  await signInAs(page, guest);
  await page.goto(roomPath(room!._id));
  await expect(page.getByRole('heading', { level: 1, name: room!.title })).toBeVisible();
  await page.getByRole('button', { name: `Save ${room!.title}` }).first().click();
  const save = dialog(page, 'Save to a wishlist');
  await expect(save.getByRole('checkbox', { name: /Coast trip/ })).toBeVisible();
  expect(await violationsAtBothSizes(page), 'Save to a wishlist').toEqual([]);
  // The box follows the server's answer, so it is ticked once the home is on the list.
  await save.getByRole('checkbox', { name: /Coast trip/ }).click();
  await expect(page.getByText('Saved to Coast trip')).toBeVisible();
  await expect(save.getByRole('checkbox', { name: /Coast trip/ })).toBeChecked();
  await save.getByRole('button', { name: 'Done' }).click();
  await expect(save).toBeHidden();

  await page.goto('/dashboard/wishlists');
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlists' })).toBeVisible();
  const list = page.getByRole('link', { name: /Coast trip/ });
  await expect(list).toContainText('1 home');
  expect(await violationsAtBothSizes(page), 'Wishlists').toEqual([]);

  await list.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coast trip' })).toBeVisible();
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  const rename = dialog(page, 'Rename wishlist');
  await rename.getByLabel('Name').fill('');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(await violationsAtBothSizes(page), 'Rename wishlist, with an error').toEqual([]);
  await rename.getByLabel('Name').fill('Coast trip in May');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Coast trip in May' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const remove = dialog(page, 'Delete this wishlist?');
  await expect(remove.getByText('Coast trip in May and its 1 saved home go for good; the homes stay listed.')).toBeVisible();
  expect(await violationsAtBothSizes(page), 'Delete this wishlist?').toEqual([]);
  await remove.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(atPath('/dashboard/wishlists'));
  await expect(page.getByRole('link', { name: /Coast trip/ })).toHaveCount(0);
});

test('/auth/complete, when the session cannot be read on the way back from Google, has no accessibility violations', async ({ page, playwright }) => {
  await signInAs(page, await createUser(playwright.request));
  await failRequests(page, (url) => url.pathname === '/api/auth/get-session');
  await page.goto('/auth/complete?to=%2Fdashboard');
  // The app retries a failed session request a few times (about 7 s) before it says so.
  await expect(page.getByText('Could not reach the server. Please check your connection and try again.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(await violationsAtBothSizes(page), '/auth/complete').toEqual([]);
});
