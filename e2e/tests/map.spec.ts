import { expect, test, type Page } from '@playwright/test';
import { roomsPageSchema } from '@staybook/domain';
import { asAccount, createUser, DEMO, signInAs } from '../support/auth';
import { addDays } from '../support/bookings';
import { listingRow, listRoomThroughApi } from '../support/hosting';
import { escapeRegExp, priceText, roomCards } from '../support/rooms';
import { searchForm } from '../support/search';
import { collectPageErrors, dialog } from '../support/ui';

/** The map (docs/decisions/053-the-map.md): the home page's map of the results, and the room form's pin. */

const today = new Date().toISOString().slice(0, 10);

function homesMap(page: Page) {
  return page.getByRole('region', { name: /^Map: drag or use the arrow keys/ });
}

/** The price markers: one per home, named with its price and title. */
function priceMarkers(page: Page) {
  return homesMap(page).getByRole('button', { name: /^\$[\d,.]+ a night, / });
}

test('a guest opens the map, moves it to search there, and opens a home from its marker, all without leaving this server', async ({ page, baseURL }) => {
  test.slow();
  const errors = collectPageErrors(page);
  const outside: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname !== new URL(baseURL!).hostname) outside.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  // A room's page is for people signed in (the spec's); the map itself is anyone's.
  await signInAs(page, DEMO.guest);
  await page.goto('/');
  const form = searchForm(page);
  await form.getByLabel('Where').fill('lisbon');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('where') === 'lisbon');
  await expect(roomCards(page).first()).toBeVisible();

  await page.getByRole('button', { name: 'Show map' }).click();
  await expect(homesMap(page)).toBeVisible();
  await expect(priceMarkers(page).first()).toBeVisible();
  // Beside the list on a wide screen.
  await expect(roomCards(page).first()).toBeVisible();

  // Hovering a card singles out its marker.
  const shown = (await priceMarkers(page).first().getAttribute('aria-label'))!.replace(/^\$[\d,.]+ a night, /, '');
  await roomCards(page).filter({ has: page.getByRole('img', { name: shown, exact: true }) }).first().hover();
  const highlighted = homesMap(page).locator('.is-highlighted');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toHaveAttribute('aria-label', new RegExp(`, ${escapeRegExp(shown)}$`));

  // Moving the map searches there once asked to: by keyboard on the focused map, zoomed out and panned.
  await page.getByRole('checkbox', { name: 'Search as I move the map' }).check();
  await homesMap(page).focus();
  await page.keyboard.press('Minus');
  await expect(page).toHaveURL((url) => url.searchParams.has('area'));
  const zoomedOut = new URL(page.url()).searchParams.get('area');
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL((url) => url.searchParams.has('area') && url.searchParams.get('area') !== zoomedOut);
  const address = new URL(page.url());
  expect(address.searchParams.get('where')).toBe('lisbon');

  // The list is the server's answer for that area, and the markers are its homes.
  const answer = roomsPageSchema.parse(await (await page.request.get(`/api/rooms${address.search}`)).json());
  expect(answer.items.length).toBeGreaterThan(0);
  await expect(roomCards(page)).toHaveCount(answer.items.length);
  for (const room of answer.items) await expect(roomCards(page).filter({ hasText: room.location }).first()).toBeVisible();

  // A reload (or the link shared) shows the same area, with the map open and the search going on.
  await page.reload();
  await expect(homesMap(page)).toBeVisible();
  await expect(priceMarkers(page).first()).toBeVisible();
  expect(page.url()).toBe(address.href);
  await expect(page.getByRole('checkbox', { name: 'Search as I move the map' })).toBeChecked();

  // A marker, by keyboard: its small card, then its room.
  const marker = priceMarkers(page).first();
  const name = (await marker.getAttribute('aria-label'))!;
  const title = name.replace(/^\$[\d,.]+ a night, /, '');
  const room = answer.items.find((item) => item.title === title);
  expect(room, `the marker '${name}' is one of the homes found`).toBeDefined();
  await marker.focus();
  await page.keyboard.press('Enter');
  const card = page.getByRole('region', { name: title });
  await expect(card).toBeFocused();
  await expect(card.locator('img')).toBeVisible();
  await expect(card).toContainText(priceText(room!.priceCents));
  await page.keyboard.press('Tab');
  await expect(card.getByRole('link', { name: title })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === `/room/${room!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  expect(outside, 'the map asks nothing of any other server').toEqual([]);
  expect(errors).toEqual([]);
});

test('a cluster of homes shows how many and zooms in on them when activated', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The whole world: the demo's homes in Europe crowd together.
  await page.goto('/?area=-60,-170,75,170');
  await expect(homesMap(page)).toBeVisible();
  const cluster = homesMap(page).getByRole('button', { name: /^\d+ homes here: zoom in$/ }).first();
  await expect(cluster).toBeVisible();
  const count = Number(await cluster.textContent());
  expect(count).toBeGreaterThan(1);
  await cluster.focus();
  await page.keyboard.press('Enter');
  // Closer: a narrower area searched, where those homes are still all shown, as prices or smaller clusters.
  await expect(page).toHaveURL((url) => width(url.searchParams.get('area')) < 340);
  await expect.poll(() => homesShown(page)).toBeGreaterThanOrEqual(count);
});

/** How many degrees of longitude an `area` parameter spans. */
function width(area: string | null): number {
  const [, west, , east] = (area ?? '').split(',').map(Number) as [number, number, number, number];
  return west <= east ? east - west : east + 360 - west;
}

/** How many homes the map's markers show: one per price, a cluster's count for each cluster. */
async function homesShown(page: Page): Promise<number> {
  const names = await homesMap(page).getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return names.reduce((sum, name) => sum + (/ a night, /.test(name) ? 1 : Number(/^(\d+) homes here/.exec(name)?.[1] ?? 0)), 0);
}

test('on a phone the map takes the list’s place, and back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(roomCards(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Show map' }).click();
  await expect(homesMap(page)).toBeVisible();
  await expect(page.getByTestId('room-grid')).toBeHidden();
  await page.getByRole('button', { name: 'Show list' }).click();
  await expect(roomCards(page).first()).toBeVisible();
  await expect(homesMap(page)).toHaveCount(0);
});

test('a host places the pin by clicking the map, and the room keeps it', async ({ page, playwright }) => {
  test.slow();
  const tag = Math.random().toString(36).slice(2, 8);
  const host = await createUser(playwright.request, { role: 'host' });
  const title = `E2E pinned cabin ${tag}`;
  await asAccount(playwright.request, host, (api) =>
    listRoomThroughApi(api, {
      title,
      location: `Nowhere ${tag}, Testland`,
      category: 'Countryside',
      from: addDays(today, 2),
      to: addDays(today, 40),
      price: '90',
      guests: '2',
      bedrooms: '1',
      bathrooms: '1',
      description: 'A cabin somewhere only its host can point to.',
    }),
  );

  await signInAs(page, host);
  await page.goto('/dashboard/my-listings');
  await listingRow(page, title).getByRole('button', { name: `Update ${title}` }).click();
  const update = dialog(page, 'Update Room Info');
  const pinMap = update.getByRole('region', { name: /^Map of the pin/ });
  await expect(pinMap).toBeVisible();
  await expect(update.getByLabel('Latitude')).toHaveValue('');

  // Anywhere on the map: the fields follow the click.
  await pinMap.click({ position: { x: 140, y: 90 } });
  await expect(update.getByLabel('Latitude')).toHaveValue(/^-?\d+(\.\d+)?$/);
  await expect(update.getByLabel('Longitude')).toHaveValue(/^-?\d+(\.\d+)?$/);
  await expect(pinMap.locator('.staybook-pin')).toHaveCount(1);
  const latitude = await update.getByLabel('Latitude').inputValue();
  const longitude = await update.getByLabel('Longitude').inputValue();

  await update.getByRole('button', { name: 'Update' }).click();
  await expect(update).toBeHidden();

  await page.reload();
  await listingRow(page, title).getByRole('button', { name: `Update ${title}` }).click();
  const again = dialog(page, 'Update Room Info');
  await expect(again.getByLabel('Latitude')).toHaveValue(latitude);
  await expect(again.getByLabel('Longitude')).toHaveValue(longitude);
  await expect(again.getByRole('region', { name: /^Map of the pin/ }).locator('.staybook-pin')).toHaveCount(1);
});
