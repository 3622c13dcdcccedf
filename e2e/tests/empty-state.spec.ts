import { expect, test, type Page } from '@playwright/test';
import { categoryStrip, fetchRoomsPage, roomCards } from '../support/rooms';
import { EMPTY_URL } from '../support/servers';

test.use({ baseURL: EMPTY_URL });

test.beforeEach(async ({ request }) => {
  const firstPage = await fetchRoomsPage(request);
  expect(firstPage.items, 'the empty marketplace has no rooms').toEqual([]);
});

async function expectEmptyState(page: Page) {
  await expect(page.getByRole('heading', { name: 'No Rooms Available In This Category!' })).toBeVisible();
  await expect(page.getByText('Please Select Other Categories.')).toBeVisible();
  await expect(roomCards(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show more rooms' })).toBeHidden();
}

test('a category without rooms shows the empty state', async ({ page }) => {
  await page.goto('/?category=Castles');
  await expectEmptyState(page);

  await categoryStrip(page).getByRole('link', { name: 'Beach', exact: true }).click();
  await expect(page).toHaveURL((url) => url.search === '?category=Beach');
  await expectEmptyState(page);
});

test('the all-categories home without rooms shows the empty state', async ({ page }) => {
  await page.goto('/');
  await expectEmptyState(page);
});
