import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { roomsPageSchema } from '@staybook/domain';
import { asAccount, createUser, DEMO, signInAs } from '../support/auth';
import { addDays, bookThroughApi, cancelStaysAfterEach, mediumDate, usd } from '../support/bookings';
import { cardHrefs, categoryStrip, priceText, roomCards, roomPath } from '../support/rooms';
import {
  datesButton,
  hostWithRooms,
  pickSearchDates,
  searchCalendar,
  searchForm,
  setGuests,
  stayText,
  today,
  uniquePlace,
} from '../support/search';

/** The first page the API answers for a search, asked with the same query string the page's address has. */
async function apiSearch(request: APIRequestContext, query: string) {
  const response = await request.get(`/api/rooms?${query}`);
  expect(response.status(), `GET /api/rooms?${query}`).toBe(200);
  return roomsPageSchema.parse(await response.json());
}

/** The grid shows the rooms the API finds for `query`, in its order, each linking as a card of that search does. */
async function expectGridToMatchApi(page: Page, request: APIRequestContext, query: string, link: (id: string) => string = roomPath) {
  const found = await apiSearch(request, query);
  expect(found.items.length, `the search ${query} finds rooms`).toBeGreaterThan(0);
  await expect(roomCards(page)).toHaveCount(found.items.length);
  expect(await cardHrefs(page)).toEqual(found.items.map((room) => link(room._id)));
}

function atSearch(query: string) {
  return (url: URL) => url.pathname === '/' && url.search === (query ? `?${query}` : '');
}

const cancelStaysOf = cancelStaysAfterEach();

const roomCard = (page: Page, title: string) => roomCards(page).filter({ has: page.getByAltText(title, { exact: true }) });

test('a place, dates and 2 guests searched from the home page find only the rooms free for that stay, with its total', async ({
  page,
  playwright,
}) => {
  const place = uniquePlace();
  const stay = { from: addDays(today(), 20), to: addDays(today(), 27) };
  const {
    rooms: [free, taken, single, freedOnCheckIn],
  } = await hostWithRooms(playwright.request, [
    { location: `${place}, Testland`, title: `Free loft ${place}`, price: '180' },
    { location: `${place}, Testland`, title: `Taken loft ${place}` },
    { location: `${place}, Testland`, title: `Single room ${place}`, guests: '1' },
    { location: `${place}, Testland`, title: `Cabin freed on the check-in day ${place}`, price: '95' },
  ]);
  // One night of overlap takes a room out; a stay that ends on the check-in day does not.
  const guest = await createUser(playwright.request);
  cancelStaysOf(guest);
  await asAccount(playwright.request, guest, async (api) => {
    await bookThroughApi(api, taken!._id, { from: addDays(stay.from, 6), to: addDays(stay.to, 3) });
    await bookThroughApi(api, freedOnCheckIn!._id, { from: addDays(stay.from, -3), to: stay.from });
  });

  await page.goto('/');
  const form = searchForm(page);
  await form.getByLabel('Where').fill(place);
  await pickSearchDates(form, stay);
  await expect(datesButton(form)).toHaveAccessibleName(/Check in.*Check out/);
  await setGuests(form, 2);
  await form.getByRole('button', { name: 'Search' }).click();

  const query = `where=${place}&checkin=${stay.from}&checkout=${stay.to}&guests=2`;
  await expect(page).toHaveURL(atSearch(query));
  await expect(page.getByTestId('result-count')).toHaveText('2 stays');
  await expect(roomCards(page)).toHaveCount(2);
  for (const room of [free!, freedOnCheckIn!]) {
    const card = roomCard(page, room.title);
    await expect(card).toContainText(stayText(7, usd(7 * room.priceCents)));
    await expect(card).toContainText(`${priceText(room.priceCents)}night`);
    await expect(card).toHaveAttribute('href', `${roomPath(room._id)}?checkin=${stay.from}&checkout=${stay.to}&guests=2`);
  }
  await expect(roomCard(page, taken!.title)).toHaveCount(0);
  await expect(roomCard(page, single!.title)).toHaveCount(0);

  // Without the dates the cards keep the spec's text, and every room of the place but the single room is there.
  await page.goto(`/?where=${place}&guests=2`);
  await expect(page.getByTestId('result-count')).toHaveText('3 stays');
  await expect(roomCard(page, free!.title)).toContainText('5 nights .');
  await expect(roomCard(page, free!.title)).toHaveAttribute('href', roomPath(free!._id));
});

test('on a phone the search is one "Where to?" button that opens the same fields in a sheet', async ({ page, playwright }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const place = uniquePlace();
  const stay = { from: addDays(today(), 10), to: addDays(today(), 12) };
  const {
    rooms: [room],
  } = await hostWithRooms(playwright.request, [{ location: `${place}, Testland`, title: `Sheet cottage ${place}`, price: '120' }]);

  await page.goto('/');
  await expect(roomCards(page).first()).toBeVisible();
  await expect(searchForm(page), 'the bar is folded away').toHaveCount(0);
  const whereTo = page.getByRole('button', { name: /^Where to\?/ });
  await expect(whereTo).toBeVisible();

  await whereTo.click();
  const sheet = page.getByRole('dialog', { name: 'Where to?' });
  await expect(sheet).toBeVisible();
  await expect.poll(() => sheet.evaluate((dialog) => dialog.contains(document.activeElement)), { message: 'focus moves into the sheet' }).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(whereTo).toBeFocused();

  await whereTo.click();
  const form = searchForm(sheet);
  await form.getByLabel('Where').fill(place);
  // Escape in the open calendar closes the calendar, not the sheet.
  await datesButton(form).click();
  await expect(searchCalendar(form).getByRole('grid')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(searchCalendar(form)).toBeHidden();
  await expect(sheet).toBeVisible();
  await pickSearchDates(form, stay);
  await setGuests(form, 3);
  await form.getByRole('button', { name: 'Search' }).click();

  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(atSearch(`where=${place}&checkin=${stay.from}&checkout=${stay.to}&guests=3`));
  await expect(roomCards(page)).toHaveCount(1);
  await expect(roomCard(page, room!.title)).toContainText(stayText(2, '$240'));
  await expect(whereTo).toContainText(place);
});

test('Back and Forward step through searches, and the fields show each one', async ({ page, request }) => {
  await page.goto('/');
  await expect(roomCards(page).first()).toBeVisible();
  const form = searchForm(page);
  await form.getByLabel('Where').fill('Greece');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(atSearch('where=Greece'));
  await expectGridToMatchApi(page, request, 'where=Greece');

  // A sort applies as soon as it is chosen; a category keeps the rest of the search.
  await form.getByLabel('Sort by').selectOption({ label: 'Price high to low' });
  await expect(page).toHaveURL(atSearch('where=Greece&sort=price-desc'));
  await expectGridToMatchApi(page, request, 'where=Greece&sort=price-desc');
  await categoryStrip(page).getByRole('link', { name: 'Beach', exact: true }).click();
  await expect(page).toHaveURL(atSearch('category=Beach&where=Greece&sort=price-desc'));
  await expectGridToMatchApi(page, request, 'category=Beach&where=Greece&sort=price-desc');

  await page.goBack();
  await expect(page).toHaveURL(atSearch('where=Greece&sort=price-desc'));
  await expect(form.getByLabel('Sort by')).toHaveValue('price-desc');
  await expect(categoryStrip(page).getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectGridToMatchApi(page, request, 'where=Greece&sort=price-desc');

  await page.goBack();
  await expect(page).toHaveURL(atSearch('where=Greece'));
  await expect(form.getByLabel('Sort by')).toHaveValue('recommended');
  await expect(form.getByLabel('Where')).toHaveValue('Greece');

  await page.goBack();
  await expect(page).toHaveURL(atSearch(''));
  await expect(form.getByLabel('Where')).toHaveValue('');

  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(atSearch('where=Greece&sort=price-desc'));
  await expect(form.getByLabel('Where')).toHaveValue('Greece');
  await expect(form.getByLabel('Sort by')).toHaveValue('price-desc');
  await expectGridToMatchApi(page, request, 'where=Greece&sort=price-desc');
});

test('a shared link reproduces the search, a refresh keeps it, and what cannot be used is dropped without an error', async ({
  browser,
  playwright,
  request,
}) => {
  const place = uniquePlace();
  const at = (title: string) => ({ location: `${place}, Testland`, title: `${title} ${place}` });
  const {
    rooms: [mid, dear, _cheap, tooDear, single, oneBedroom],
  } = await hostWithRooms(playwright.request, [
    { ...at('Mid-priced house'), price: '150', bedrooms: '2' },
    { ...at('Dear house'), price: '300', bedrooms: '3', guests: '6' },
    { ...at('Cheap house'), price: '90', bedrooms: '2' },
    { ...at('Too dear house'), price: '450', bedrooms: '2' },
    { ...at('Single room'), price: '120', bedrooms: '2', guests: '1' },
    { ...at('One-bedroom flat'), price: '200', bedrooms: '1' },
  ]);
  expect(oneBedroom && single && tooDear).toBeTruthy();
  const stay = { from: addDays(today(), 30), to: addDays(today(), 33) };
  const query = `where=${place}&checkin=${stay.from}&checkout=${stay.to}&guests=2&minPrice=100&maxPrice=400&bedrooms=2&sort=price-asc`;
  const withStay = (id: string) => `${roomPath(id)}?checkin=${stay.from}&checkout=${stay.to}&guests=2`;

  // Someone else opens the link: a fresh browser, not signed in.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/?${query}`);
  const form = searchForm(page);
  await expect(form.getByLabel('Where')).toHaveValue(place);
  await expect(form.getByLabel('Minimum price')).toHaveValue('100');
  await expect(form.getByLabel('Maximum price')).toHaveValue('400');
  await expect(form.getByLabel('Bedrooms')).toHaveValue('2');
  await expect(form.getByLabel('Sort by')).toHaveValue('price-asc');
  await expect(form.getByRole('group', { name: 'Guests' })).toContainText('2 guests');
  await expect(datesButton(form)).toContainText(mediumDate(stay.from));
  await expect(datesButton(form)).toContainText(mediumDate(stay.to));
  // Only the two rooms that fit every filter, cheapest first, as the API answers the same query.
  await expect(roomCards(page)).toHaveCount(2);
  expect(await cardHrefs(page)).toEqual([withStay(mid!._id), withStay(dear!._id)]);
  await expectGridToMatchApi(page, request, query, withStay);
  await expect(roomCard(page, mid!.title)).toContainText(stayText(3, '$450'));
  await expect(roomCard(page, dear!.title)).toContainText(stayText(3, '$900'));

  await page.reload();
  await expect(page).toHaveURL(atSearch(query));
  await expect(form.getByLabel('Where')).toHaveValue(place);
  await expect(roomCards(page)).toHaveCount(2);
  expect(await cardHrefs(page)).toEqual([withStay(mid!._id), withStay(dear!._id)]);

  // Guests 0, a stay in the past, a made-up sort and bedroom count: dropped; the place still narrows the search.
  await page.goto(`/?guests=0&checkin=2001-01-01&checkout=2001-01-05&where=${place}&sort=cheapest&bedrooms=lots`);
  await expect(page.getByTestId('result-count')).toHaveText('6 stays');
  await expect(page.getByRole('heading', { name: 'Something Went Wrong!' })).toHaveCount(0);
  await expect(form.getByLabel('Where')).toHaveValue(place);
  await expect(form.getByRole('group', { name: 'Guests' })).toContainText('Any');
  await expectGridToMatchApi(page, request, `where=${place}`);
  await context.close();
});

test('a search that finds nothing says so and offers to clear each filter narrowing it, and clearing works', async ({
  page,
  playwright,
}) => {
  const place = uniquePlace();
  const {
    rooms: [room],
  } = await hostWithRooms(playwright.request, [{ location: `${place}, Testland`, title: `Far-off cabin ${place}`, price: '180' }]);
  // After the room's window has ended, and for less than its price.
  const late = { from: addDays(today(), 150), to: addDays(today(), 152) };
  await page.goto(`/?where=${place}&checkin=${late.from}&checkout=${late.to}&maxPrice=50`);

  await expect(page.getByRole('heading', { name: 'No stays match your search' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Rooms Available In This Category!' })).toHaveCount(0);
  const main = page.getByRole('main');
  for (const label of ['Clear place', 'Clear dates', 'Any price', 'Clear all filters']) {
    await expect(main.getByRole('button', { name: label, exact: true })).toBeVisible();
  }
  await expect(main.getByRole('button', { name: 'Any bedrooms' })).toHaveCount(0);

  await main.getByRole('button', { name: 'Any price', exact: true }).click();
  await expect(page).toHaveURL(atSearch(`where=${place}&checkin=${late.from}&checkout=${late.to}`));
  await expect(main.getByRole('button', { name: 'Any price', exact: true })).toHaveCount(0);
  await expect(searchForm(page).getByLabel('Maximum price')).toHaveValue('');
  await main.getByRole('button', { name: 'Clear dates', exact: true }).click();

  await expect(page).toHaveURL(atSearch(`where=${place}`));
  await expect(roomCards(page)).toHaveCount(1);
  await expect(roomCard(page, room!.title)).toContainText('5 nights .');
});

test("categories combine with the search, 'All' lets go of the category, and an unknown one keeps the spec's empty state", async ({
  page,
  request,
}) => {
  await page.goto('/?where=Greece&guests=2');
  await categoryStrip(page).getByRole('link', { name: 'Beach', exact: true }).click();
  await expect(page).toHaveURL(atSearch('category=Beach&where=Greece&guests=2'));
  await expectGridToMatchApi(page, request, 'category=Beach&where=Greece&guests=2');
  await expect(searchForm(page).getByLabel('Where')).toHaveValue('Greece');

  await categoryStrip(page).getByRole('link', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL(atSearch('where=Greece&guests=2'));
  await expectGridToMatchApi(page, request, 'where=Greece&guests=2');

  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/rooms') asked.push(r.url());
  });
  await page.goto('/?category=Volcanoes&where=Greece');
  await expect(page.getByRole('heading', { name: 'No Rooms Available In This Category!' })).toBeVisible();
  await expect(page.getByText('Please Select Other Categories.')).toBeVisible();
  await expect(categoryStrip(page).locator('[aria-current="page"]')).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('going to a room and back returns to the same place in the list', async ({ page }) => {
  await signInAs(page, DEMO.guest);
  await page.goto('/');
  const cards = roomCards(page);
  await expect(cards.first()).toBeVisible();
  const firstPage = await cards.count();
  await page.getByRole('button', { name: 'Show more rooms' }).dispatchEvent('click');
  await expect.poll(() => cards.count()).toBeGreaterThan(firstPage);

  const card = cards.nth(firstPage + 2);
  await card.scrollIntoViewIfNeeded();
  const href = await card.getAttribute('href');
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  const shown = await cards.count();

  await card.click();
  await expect(page).toHaveURL((url) => url.pathname === href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();

  await expect(cards).toHaveCount(shown);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  // The card in the list (the home is also under 'Recently viewed' now, below the list).
  await expect(page.getByTestId('room-grid').locator(`a[href="${href}"]`)).toBeInViewport();
});
