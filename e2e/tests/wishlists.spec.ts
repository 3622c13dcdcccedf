import { expect, test, type Page } from '@playwright/test';
import { paymentIntentSchema, wishlistSchema } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, sameOrigin, signInAs, type Account } from '../support/auth';
import { addDays, usd } from '../support/bookings';
import { roomPath } from '../support/rooms';
import { hostWithRooms, today, uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav } from '../support/ui';

async function signInWithForm(page: Page, account: Account) {
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A new host's rooms in a place of their own, so the home page's search for it shows only them. */
async function roomsInNewPlace(request: Parameters<typeof hostWithRooms>[0], titles: string[]) {
  const place = uniquePlace();
  const { rooms } = await hostWithRooms(request, titles.map((title) => ({ title: `${title} in ${place}`, location: `${place}, Norway`, price: '150' })));
  return { place, rooms };
}

test('a visitor presses a heart, logs in, and comes back with the home saved to Saved; it shows in Wishlists and under Recently viewed', async ({ page, playwright }) => {
  const { place, rooms } = await roomsInNewPlace(playwright.request, ['Cabin']);
  const room = rooms[0]!;
  const guest = await createUser(playwright.request);

  await page.goto(`/?where=${place}`);
  await page.getByRole('button', { name: `Save ${room.title}` }).click();
  await expect(page).toHaveURL(atPath('/login'));
  await signInWithForm(page, guest);

  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('where') === place);
  await expect(page.getByText('Saved to Saved')).toBeVisible();
  const heart = page.getByRole('button', { name: `Remove ${room.title} from Saved` });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  // The room page's heart says the same, and opening it puts it under Recently viewed on the home page.
  await page.goto(roomPath(room._id));
  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${room.title} from Saved` })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Recently viewed' });
  await expect(recent.getByRole('link', { name: new RegExp(room.location) })).toBeVisible();

  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Wishlists' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/wishlists'));
  const saved = page.getByRole('link', { name: /Saved/ });
  await expect(saved).toContainText('1 home');
  await saved.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(room.location) })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // Pressing the heart again takes it off the list.
  await page.goto(`/?where=${place}`);
  const grid = page.getByTestId('room-grid');
  await grid.getByRole('button', { name: `Remove ${room.title} from Saved` }).click();
  await expect(page.getByText('Removed from Saved')).toBeVisible();
  await expect(grid.getByRole('button', { name: `Save ${room.title}` })).toHaveAttribute('aria-pressed', 'false');
});

test('a shared list opens read-only for someone signed out, and stops opening once sharing stops', async ({ page, browser, playwright }) => {
  const { rooms } = await roomsInNewPlace(playwright.request, ['Loft', 'Barn']);
  const owner = await createUser(playwright.request, { name: 'Mara Sharer' });
  const list = await asAccount(playwright.request, owner, async (api) => {
    const made = wishlistSchema.parse(await (await api.post(`${SEEDED_URL}/api/wishlists`, { headers: sameOrigin(), data: { name: 'Fjord trip' } })).json());
    for (const room of rooms) {
      const res = await api.put(`${SEEDED_URL}/api/wishlists/${made.id}/rooms/${room._id}`, { headers: sameOrigin() });
      expect(res.status()).toBe(200);
    }
    return made;
  });

  await signInAs(page, owner);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/dashboard/wishlists/${list.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fjord trip' })).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const linkField = page.getByLabel(/Private link/);
  await expect(linkField).toHaveValue(/\/wishlists\/shared\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  const visitor = await browser.newContext({ baseURL: SEEDED_URL });
  try {
    const other = await visitor.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1, name: 'Fjord trip' })).toBeVisible();
    await expect(other.getByText("Mara's wishlist · 2 homes")).toBeVisible();
    for (const room of rooms) await expect(other.getByRole('link', { name: new RegExp(room.location) }).first()).toBeVisible();
    // Read-only: no hearts, no removing, no renaming.
    await expect(other.getByRole('button', { name: /^(Save|Remove|Rename|Delete|Share)/ })).toHaveCount(0);
    expect(await violationsAtBothSizes(other)).toEqual([]);

    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
    await other.reload();
    await expect(other.getByText('This link no longer opens a wishlist', { exact: false })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test("dates set on a list show each home's total, the amount its payment would be", async ({ page, playwright }) => {
  const { rooms } = await roomsInNewPlace(playwright.request, ['Cottage']);
  const room = rooms[0]!;
  const guest = await createUser(playwright.request);
  const stay = { from: addDays(today(), 20), to: addDays(today(), 23) };
  const total = await asAccount(playwright.request, guest, async (api) => {
    const saved = await api.post(`${SEEDED_URL}/api/wishlists/save`, { headers: sameOrigin(), data: { roomId: room._id } });
    expect(saved.status()).toBe(200);
    const intent = await api.post(`${SEEDED_URL}/api/create-payment-intent`, { headers: sameOrigin(), data: { roomId: room._id, from: stay.from, to: stay.to, guests: 2 } });
    expect(intent.status()).toBe(200);
    return paymentIntentSchema.parse(await intent.json()).totalCents;
  });

  await signInAs(page, guest);
  await page.goto('/dashboard/wishlists');
  await page.getByRole('link', { name: /Saved/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  await page.getByLabel('Check-in').fill(stay.from);
  await page.getByLabel('Check-out').fill(stay.to);
  await page.getByLabel('Guests').fill('2');
  await page.getByRole('button', { name: 'Show totals' }).click();
  await expect(page.getByText(`Available · 3 nights, 2 guests · ${usd(total)} total`)).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
});
