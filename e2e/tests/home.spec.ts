import { expect, test, type Locator, type Page } from '@playwright/test';
import { CATEGORY_LABELS } from '../support/categories';
import { failRequests, holdRequests, withoutEmbeddedRooms } from '../support/network';
import { cardHrefs, categoryStrip, expectGridToShow, keepHomeRoomPages, roomCards, roomPath } from '../support/rooms';

/**
 * Scrolling down to the button brings the grid's end near the viewport, which loads the next page
 * by itself and swaps the button for a loader. To see what the button does on its own, click it
 * where it is.
 */
async function clickWithoutScrolling(button: Locator) {
  await expect(button).toBeEnabled();
  await button.dispatchEvent('click');
}

/** Opens the home page on its first page of rooms; answers the pages of rooms its grid is drawn from. */
async function openHomeOnFirstPage(page: Page) {
  const pages = await keepHomeRoomPages(page);
  await page.goto('/');
  const firstPage = pages.firstPage();
  expect(firstPage.nextCursor, 'the seed fills more than one page').not.toBeNull();
  const cards = roomCards(page);
  await expect(cards).toHaveCount(firstPage.items.length);
  return { pages, cards };
}

const isNextPageRequest = (url: URL) => url.pathname === '/api/rooms' && url.searchParams.has('cursor');

test('the seeded home page shows the page frame, the category strip and the first page of rooms', async ({ page }) => {
  const pages = await keepHomeRoomPages(page);
  await page.goto('/');
  const firstPage = pages.firstPage();
  expect(firstPage.items.length).toBeGreaterThan(0);

  // The spec: a vacation homes and condo rentals title; footer: copyright 2024-2025, all rights reserved.
  await expect(page).toHaveTitle('StayBook | Vacation Homes & Condo Rentals');
  // Beside it, the language picker (decision 062), on English for a browser that asks for no other.
  const footer = page.locator('footer');
  await expect(footer.getByText('© 2024-2025 StayBook. All rights reserved.', { exact: true })).toBeVisible();
  await expect(footer.getByLabel('Language')).toHaveValue('en');
  await expect(page.getByRole('link', { name: 'StayBook home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('button', { name: 'Host your home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open profile menu' })).toBeVisible();

  // The spec's fifteen categories, in its order, after 'All' (every category), the one chosen here.
  const chips = categoryStrip(page).getByRole('link');
  await expect(chips).toHaveCount(16);
  await expect(chips.first()).toHaveAccessibleName('All');
  for (const [i, label] of CATEGORY_LABELS.entries()) {
    await expect(chips.nth(i + 1)).toHaveAccessibleName(label);
  }
  await expect(categoryStrip(page).locator('[aria-current="page"]')).toHaveAccessibleName('All');

  await expect(roomCards(page)).toHaveCount(firstPage.items.length);
  await expectGridToShow(page, firstPage.items);
  await expect(page.getByRole('button', { name: 'Show more rooms' })).toBeVisible();
});

test('"Show more rooms" loads further pages until the grid holds every room', async ({ page }) => {
  const { pages, cards } = await openHomeOnFirstPage(page);

  const showMore = page.getByRole('button', { name: 'Show more rooms' });
  while (!(await pages.reachedEnd())) {
    const before = await cards.count();
    await clickWithoutScrolling(showMore);
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  }

  await expect(showMore).toBeHidden();
  const hrefs = await cardHrefs(page);
  expect(new Set(hrefs).size, 'no card repeats').toBe(hrefs.length);
  await expectGridToShow(page, await pages.rooms());
});

test('scrolling to the bottom loads further pages until the grid holds every room', async ({ page }) => {
  const { pages, cards } = await openHomeOnFirstPage(page);

  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return (await pages.reachedEnd()) && (await cards.count()) === (await pages.rooms()).length;
    })
    .toBe(true);

  await expect(page.getByRole('button', { name: 'Show more rooms' })).toBeHidden();
  const hrefs = await cardHrefs(page);
  expect(new Set(hrefs).size, 'no card repeats').toBe(hrefs.length);
  await expectGridToShow(page, await pages.rooms());
  // The header is fixed: its way home stays on screen at the bottom of the page.
  await expect(page.getByRole('link', { name: 'StayBook home' })).toBeInViewport();
});

test('the first rooms come with the page: the API is asked only for the pages after them', async ({ page }) => {
  const pages = await keepHomeRoomPages(page);
  const roomRequests: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/rooms') roomRequests.push(url);
  });
  await page.goto('/');
  const embedded = pages.firstPage().items;
  await expect(roomCards(page).nth(embedded.length - 1)).toBeVisible();
  expect((await cardHrefs(page)).slice(0, embedded.length)).toEqual(embedded.map((room) => roomPath(room._id)));
  expect(roomRequests.filter((url) => !url.searchParams.has('cursor'))).toEqual([]);
});

test('a loader shows while the rooms load, and while the next page loads', async ({ page }) => {
  await withoutEmbeddedRooms(page);
  const releaseFirstPage = await holdRequests(page, (url) => url.pathname === '/api/rooms');
  await page.goto('/');
  const loader = page.getByRole('status', { name: 'Loading' });
  await expect(loader).toBeVisible();
  await expect(roomCards(page)).toHaveCount(0);
  releaseFirstPage();
  await expect(roomCards(page).first()).toBeVisible();
  await expect(loader).toBeHidden();

  const before = await roomCards(page).count();
  const releaseNextPage = await holdRequests(page, isNextPageRequest);
  const showMore = page.getByRole('button', { name: 'Show more rooms' });
  await clickWithoutScrolling(showMore);
  await expect(loader).toBeVisible();
  await expect(showMore).toBeHidden();
  releaseNextPage();
  await expect.poll(() => roomCards(page).count()).toBeGreaterThan(before);
  await expect(loader).toBeHidden();
});

test('when the rooms cannot be loaded, the home page says so instead of showing an empty grid', async ({ page }) => {
  await withoutEmbeddedRooms(page);
  await failRequests(page, (url) => url.pathname === '/api/rooms');
  await page.goto('/');
  // The app retries a dropped connection a few times before giving up.
  await expect(page.getByRole('heading', { name: 'Something Went Wrong!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Take Me Home' })).toBeVisible();
  await expect(roomCards(page)).toHaveCount(0);
});

test('a next page that fails keeps the rooms shown, stops loading by itself, and "Show more rooms" tries again', async ({ page }) => {
  const { cards } = await openHomeOnFirstPage(page);
  const shown = await cards.count();
  const restore = await failRequests(page, isNextPageRequest);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 });
  await expect(cards).toHaveCount(shown);

  restore();
  await clickWithoutScrolling(page.getByRole('button', { name: 'Show more rooms' }));
  await expect.poll(() => cards.count()).toBeGreaterThan(shown);
  await expect(page.getByRole('alert')).toBeHidden();
});
