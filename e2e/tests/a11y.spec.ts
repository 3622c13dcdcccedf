import { expect, test } from '@playwright/test';
import { asAccount, createUser, DEMO, signInAs } from '../support/auth';
import {
  addDays,
  BOOKABLE_ROOMS,
  bookThroughApi,
  dayButton,
  fetchAvailability,
  fillCard,
  freeStay,
  reservationCard,
  reviewDialog,
  roomTitled,
  showMonthOf,
  SUCCESS_CARD,
} from '../support/bookings';
import { availabilityCalendar, listingRow, listRoomThroughApi } from '../support/hosting';
import { fetchSeededRoom, roomCards, roomPath } from '../support/rooms';
import { expectPagesAccessible, violationsAtBothSizes } from '../support/a11y';
import { collectPageErrors } from '../support/ui';

test('the home page has no accessibility violations, on a desktop or a phone and no console errors', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(roomCards(page).first()).toBeVisible();

  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the home page search has no accessibility violations: open, with results, and as the phone sheet', async ({ page }) => {
  const errors = collectPageErrors(page);
  const checkin = addDays(new Date().toISOString().slice(0, 10), 30);
  await page.goto(`/?checkin=${checkin}&checkout=${addDays(checkin, 4)}&guests=2&minPrice=50&sort=price-asc`);
  await expect(roomCards(page).first()).toBeVisible();
  await expect(page.getByTestId('result-count')).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  const search = page.getByRole('search', { name: 'Find a stay' });
  await search.getByRole('button', { name: /^Check in.*Check out/ }).click();
  await expect(search.getByRole('group', { name: 'Choose dates' }).getByRole('grid')).toHaveCount(2);
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^Where to\?/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Where to?' });
  await sheet.getByRole('button', { name: /^Check in.*Check out/ }).click();
  await expect(sheet.getByRole('group', { name: 'Choose dates' }).getByRole('grid')).toHaveCount(1);
  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the home page with the map open has no accessibility violations: every marker is a button named with its price', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/?area=-60,-170,75,170');
  const map = page.getByRole('region', { name: /^Map: drag or use the arrow keys/ });
  await expect(map).toBeVisible();
  await expect(map.getByRole('button', { name: /^\$[\d,.]+ a night, / }).first()).toBeVisible();
  // Each marker is reachable by keyboard: a button, named with its price and home or its count of homes.
  for (const name of await map.locator('.staybook-marker').evaluateAll((markers) => markers.map((m) => `${m.tagName} ${m.getAttribute('aria-label')}`))) {
    expect(name).toMatch(/^BUTTON (\$[\d,.]+ a night, .+|\d+ homes here: zoom in)$/);
  }
  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a search that finds nothing has no accessibility violations', async ({ page }) => {
  await page.goto('/?where=Qqqxzzvvkkjj&guests=16&maxPrice=5');
  await expect(page.getByRole('heading', { name: 'No stays match your search' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
});

test('a room page has no accessibility violations, on a desktop or a phone and no console errors', async ({ page, request }) => {
  const room = await fetchSeededRoom(request);
  await signInAs(page, DEMO.guest);
  const errors = collectPageErrors(page);

  await page.goto(roomPath(room._id));
  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
  await expect(page.getByTestId('availability-calendar')).toBeVisible();

  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the stay picker and the review dialog have no accessibility violations, on a desktop or a phone and no console errors', async ({
  page,
  request,
  playwright,
}) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.a11y);
  const stay = freeStay(await fetchAvailability(request, room._id), 2);
  await signInAs(page, await createUser(playwright.request));
  const errors = collectPageErrors(page);

  await page.goto(roomPath(room._id));
  await showMonthOf(page, stay.from);
  // Half-way through a pick: check-in chosen, later days limited to possible check-outs.
  await dayButton(page, stay.from).click();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  await showMonthOf(page, stay.to);
  await dayButton(page, stay.to).click();
  await reservationCard(page).getByRole('button', { name: 'Reserve' }).click();
  const dialog = reviewDialog(page);
  await fillCard(dialog, SUCCESS_CARD);
  await expect(dialog.getByRole('button', { name: /^Pay / })).toBeEnabled();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the sign-in pages have no accessibility violations, on a desktop or a phone and no console errors', async ({ page }) => {
  const errors = collectPageErrors(page);
  await expectPagesAccessible(page, [
    ['/login', 'Log In'],
    ['/signup', 'Sign Up'],
  ]);
  expect(errors).toEqual([]);
});

test('the dashboard has no accessibility violations, on a desktop or a phone and no console errors', async ({ page, playwright }) => {
  const user = await createUser(playwright.request);
  await signInAs(page, user);
  const errors = collectPageErrors(page);

  await page.goto('/dashboard/profile');
  await expect(page.getByText(`Email: ${user.email}`)).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  await page.getByRole('button', { name: 'Become A Host' }).click();
  await expect(page.getByRole('dialog', { name: 'Become A Host!' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('My Bookings and its cancel dialog have no accessibility violations, on a desktop or a phone and no console errors', async ({
  page,
  request,
  playwright,
}) => {
  const room = await roomTitled(request, BOOKABLE_ROOMS.a11yTables);
  const guest = await createUser(playwright.request);
  await asAccount(playwright.request, guest, async (api) =>
    // From tomorrow on, so the stay can still be cancelled.
    bookThroughApi(api, room._id, freeStay(await fetchAvailability(request, room._id), 2, 1)),
  );
  await signInAs(page, guest);
  const errors = collectPageErrors(page);

  await page.goto('/dashboard/my-bookings');
  const row = page.getByRole('row').filter({ hasText: room.title });
  await expect(row).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('Add Room, My Listings and its dialogs have no accessibility violations, on a desktop or a phone and no console errors', async ({
  page,
  playwright,
}) => {
  test.slow();
  const host = await createUser(playwright.request, { role: 'host' });
  const room = await asAccount(playwright.request, host, (api) =>
    listRoomThroughApi(api, {
      location: 'Lofoten, Norway',
      category: 'Arctic',
      from: addDays(new Date().toISOString().slice(0, 10), 1),
      to: addDays(new Date().toISOString().slice(0, 10), 30),
      title: 'A11y fishing cabin',
      price: '95',
      guests: '2',
      bedrooms: '1',
      bathrooms: '1',
      description: '',
    }),
  );
  await signInAs(page, host);
  const errors = collectPageErrors(page);

  await page.goto('/dashboard/add-room');
  await expect(availabilityCalendar(page).getByRole('grid')).toBeVisible();
  // With every message showing, as after a rejected save.
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await page.getByRole('button', { name: /^Category/ }).click();
  await expect(page.getByRole('option', { name: 'Lake' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/my-listings');
  await expect(listingRow(page, room.title)).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await page.getByRole('button', { name: `Update ${room.title}` }).click();
  await expect(availabilityCalendar(page.getByRole('dialog', { name: 'Update Room Info' })).getByRole('grid')).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Delete ${room.title}` }).click();
  await expect(page.getByRole('dialog', { name: "Are you sure? You cannot undo once it's done!" })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});
