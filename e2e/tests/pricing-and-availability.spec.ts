import { expect, test, type APIRequestContext } from '@playwright/test';
import { roomSchema, type Room } from '@staybook/domain';
import { asAccount, sameOrigin, signInAs } from '../support/auth';
import { listingRow } from '../support/hosting';
import { DEMO_HOST, listRoomThroughApi } from '../support/listings';
import { uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { dashboardNav, dialog } from '../support/ui';

/** Lists a room at $120 a night, no weekend price, a 2-night minimum. */
function listRoom(api: APIRequestContext, title: string, place: string): Promise<Room> {
  return listRoomThroughApi(api, { title, location: `${place}, Testland`, price: '120', minNights: 2 });
}

test("a host changes a listing's weekend price and minimum stay on its Pricing and availability page", async ({ page, playwright }) => {
  const place = uniquePlace();
  const title = `Pricing cottage ${place}`;
  const room = await asAccount(playwright.request, DEMO_HOST, (api) => listRoom(api, title, place));
  const pricingPath = `/dashboard/listings/${room._id}/pricing`;
  try {
    await signInAs(page, DEMO_HOST);
    await page.goto('/dashboard/my-listings');
    await listingRow(page, title).getByRole('link', { name: `Pricing and availability for ${title}` }).click();

    await expect(page).toHaveURL((url) => url.pathname === pricingPath);
    await expect(page.getByRole('heading', { name: 'Pricing and availability', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/room/${room._id}`);
    await expect(page.getByLabel('Price per night ($)', { exact: true })).toHaveValue('120');
    await expect(page.getByLabel('Weekend price ($)', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Minimum nights', { exact: true })).toHaveValue('2');

    await page.getByLabel('Weekend price ($)', { exact: true }).fill('150');
    await page.getByLabel('Minimum nights', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Pricing and availability saved')).toBeVisible();
    // The page stays, with what was saved.
    await expect(page).toHaveURL((url) => url.pathname === pricingPath);
    await expect(page.getByLabel('Weekend price ($)', { exact: true })).toHaveValue('150');

    await page.reload();
    await expect(page.getByLabel('Weekend price ($)', { exact: true })).toHaveValue('150');
    await expect(page.getByLabel('Minimum nights', { exact: true })).toHaveValue('4');
    await expect(page.getByLabel('Price per night ($)', { exact: true })).toHaveValue('120');

    // Leaving with a change not saved asks first.
    await page.getByLabel('Price per night ($)', { exact: true }).fill('125');
    await dashboardNav(page).getByRole('link', { name: 'My Listings' }).click();
    const leave = dialog(page, 'Leave this page?');
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.getByLabel('Price per night ($)', { exact: true })).toHaveValue('125');

    // What guests are offered: the new minimum and weekend price, the rest of the room as it was.
    const visitor = await playwright.request.newContext();
    try {
      const answer = await visitor.get(`${SEEDED_URL}/api/room/${room._id}`);
      expect(answer.status()).toBe(200);
      const seen = roomSchema.parse(await answer.json());
      expect(seen.rules).toMatchObject({ minNights: 4, weekendPriceCents: 15_000 });
      expect(seen).toMatchObject({ title, priceCents: 12_000, from: room.from, to: room.to, description: room.description, photos: room.photos });
    } finally {
      await visitor.dispose();
    }
  } finally {
    await asAccount(playwright.request, DEMO_HOST, async (api) => {
      expect((await api.delete(`${SEEDED_URL}/api/room/${room._id}`, { headers: sameOrigin() })).status()).toBe(200);
    });
  }
});
