import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { violationsAtBothSizes } from '../support/a11y';
import { roomsPageSchema } from '@staybook/domain';
import { createUser, photoPng, signInAs } from '../support/auth';
import { addDays } from '../support/bookings';
import { fillRoomForm, listedRoomId, listingRow } from '../support/hosting';
import { roomCards } from '../support/rooms';
import { hostWithRooms, searchForm, today, uniquePlace } from '../support/search';
import { atPath, dashboardNav, dialog } from '../support/ui';

/** The first page the API answers for a search. */
async function roomsPageOf(request: APIRequestContext, query: string) {
  const response = await request.get(`/api/rooms?${query}`);
  expect(response.status(), `GET /api/rooms?${query}`).toBe(200);
  return roomsPageSchema.parse(await response.json());
}

/** What the host ticks: twelve, so the room page shows ten and 'Show all 12 amenities'. */
const TICKED = ['Wi-Fi', 'Kitchen', 'Washer', 'Dryer', 'Heating', 'Workspace', 'TV', 'Pool', 'Hot tub', 'Fireplace', 'Free parking', 'Smoke alarm'];
const RULES = 'No parties or events.\nQuiet hours from 22:00 to 08:00.\nShoes off <please> & thanks.';

test("a host lists a room with amenities, times and house rules; its page offers them, ten at first and 'Show all' the rest", async ({
  page,
  playwright,
}) => {
  // A whole host journey with an upload: slow on a busy machine.
  test.slow();
  const host = await createUser(playwright.request, { role: 'host' });
  await signInAs(page, host);
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Add Room' }).click();
  await expect(page.getByRole('heading', { name: 'Add Room' })).toBeVisible();

  const tag = Math.random().toString(36).slice(2, 8);
  const title = `E2E amenities cottage ${tag}`;
  await fillRoomForm(page, page, {
    location: `Amenityville ${tag}, Norway`,
    category: 'Lake',
    from: addDays(today(), 3),
    to: addDays(today(), 40),
    title,
    price: '140',
    guests: '4',
    bedrooms: '2',
    bathrooms: '1',
    description: 'A cottage with everything.',
  });
  await page.getByLabel('Photos').setInputFiles({ name: 'cottage.png', mimeType: 'image/png', buffer: photoPng([40, 120, 90]) });
  // Saving waits for no upload: the photo is in first.
  await expect(page.getByRole('img', { name: 'Preview of photo 1' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const amenities = page.getByRole('group', { name: 'Amenities' });
  // Ticked in another order than the list's: the room keeps the list's.
  for (const label of [...TICKED].reverse()) await amenities.getByRole('checkbox', { name: label, exact: true }).check();
  await page.getByLabel('Check-in time').fill('15:00');
  await page.getByLabel('Check-out time').fill('11:00');
  await page.getByLabel('House rules').fill(RULES);
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  await expect(page.getByText('Room Added Successfully!')).toBeVisible();
  await page.waitForURL(atPath('/dashboard/my-listings'));
  const roomId = await listedRoomId(page, title);

  // The Update dialog starts from what was saved.
  await listingRow(page, title).getByRole('button', { name: 'Update' }).click();
  const update = dialog(page, 'Update Room Info');
  await expect(update.getByRole('group', { name: 'Amenities' }).getByRole('checkbox', { name: 'Hot tub' })).toBeChecked();
  await expect(update.getByRole('group', { name: 'Amenities' }).getByRole('checkbox', { name: 'Crib' })).not.toBeChecked();
  await expect(update.getByLabel('Check-in time')).toHaveValue('15:00');
  await expect(update.getByLabel('House rules')).toHaveValue(RULES);
  await update.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/room/${roomId}`);
  const offers = page.getByRole('region', { name: 'What this place offers' });
  await expect(offers.getByRole('listitem')).toHaveText(TICKED.slice(0, 10));
  const rules = page.getByRole('region', { name: 'House rules' });
  await expect(rules.getByRole('listitem')).toHaveText(['Check-in after 15:00', 'Checkout before 11:00']);
  // The rules as text, line breaks kept and nothing read as markup.
  await expect.poll(() => rules.locator('p').evaluate((p) => (p as HTMLElement).innerText)).toBe(RULES);
  expect(await violationsAtBothSizes(page)).toEqual([]);

  await offers.getByRole('button', { name: 'Show all 12 amenities' }).click();
  const all = dialog(page, 'What this place offers');
  await expect(all.getByRole('listitem')).toHaveCount(12);
  for (const label of TICKED) await expect(all.getByRole('listitem').filter({ hasText: label }).first()).toBeVisible();
  await expect(all.getByRole('heading', { name: 'Home safety' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(all).toBeHidden();
  await expect(offers.getByRole('button', { name: 'Show all 12 amenities' })).toBeFocused();
});

test('a guest narrows the home search to rooms with every amenity ticked, and the address carries them', async ({ page, playwright }) => {
  const place = uniquePlace();
  const {
    rooms: [pool, both, wifi],
  } = await hostWithRooms(playwright.request, [
    { location: `${place}, Testland`, title: `Pool house ${place}`, amenities: ['pool'] },
    { location: `${place}, Testland`, title: `Pool and Wi-Fi loft ${place}`, amenities: ['pool', 'wifi', 'kitchen'] },
    { location: `${place}, Testland`, title: `Wi-Fi flat ${place}`, amenities: ['wifi'] },
  ]);
  const titles = (page: Page) => roomCards(page).getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')).sort());

  await page.goto(`/?where=${place}`);
  await expect(roomCards(page)).toHaveCount(3);
  const form = searchForm(page);
  const button = form.getByRole('button', { name: /^Amenities/ });
  await expect(button).toHaveAccessibleName('Amenities Any');
  await button.click();
  const choices = form.getByRole('group', { name: 'Choose amenities' });
  await choices.getByRole('checkbox', { name: 'Pool', exact: true }).check();
  await expect(page).toHaveURL((url) => url.search === `?where=${place}&amenities=pool`);
  await expect(roomCards(page)).toHaveCount(2);
  expect(await titles(page)).toEqual([both!.title, pool!.title].sort());

  await choices.getByRole('checkbox', { name: 'Wi-Fi', exact: true }).check();
  await expect(page).toHaveURL((url) => url.search === `?where=${place}&amenities=wifi,pool`);
  await expect(roomCards(page)).toHaveCount(1);
  expect(await titles(page)).toEqual([both!.title]);
  // The API answers the same search with the same rooms.
  expect((await roomsPageOf(page.request, `where=${place}&amenities=wifi,pool`)).items.map((r) => r._id)).toEqual([both!._id]);
  await choices.getByRole('button', { name: 'Done' }).click();
  await expect(choices).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleName('Amenities 2 chosen');

  // A link with a key the list does not have keeps the rest of the filter.
  await page.goto(`/?where=${place}&amenities=wifi,sauna`);
  await expect(roomCards(page)).toHaveCount(2);
  expect(await titles(page)).toEqual([both!.title, wifi!.title].sort());
  await expect(button).toHaveAccessibleName('Amenities Wi-Fi');

  // Nothing has all of these: the empty state lets go of the amenities.
  await page.goto(`/?where=${place}&amenities=wifi,ev-charger`);
  await expect(page.getByRole('heading', { name: 'No stays match your search' })).toBeVisible();
  await page.getByRole('button', { name: 'Any amenities' }).click();
  await expect(page).toHaveURL((url) => url.search === `?where=${place}`);
  await expect(roomCards(page)).toHaveCount(3);
});
