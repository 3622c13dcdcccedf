import { expect, test, type Locator, type Page } from '@playwright/test';
import { furthestAvailabilityEnd, LOCALE_COOKIE, todayIn } from '@staybook/domain';
import { asAccount, createUser, photoPng, sameOrigin, signInAs } from '../support/auth';
import { addDays, bookThroughApi, dayName, mediumDate } from '../support/bookings';
import {
  availabilityCalendar,
  fillRoomForm,
  listedRoomId,
  listingRow,
  listRoomThroughApi,
  pickAvailability,
  type RoomDetails,
} from '../support/hosting';
import { roomCards } from '../support/rooms';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav, dialog, expectImageLoaded } from '../support/ui';

const today = new Date().toISOString().slice(0, 10);

function details(overrides: Partial<RoomDetails> = {}): RoomDetails {
  const tag = Math.random().toString(36).slice(2, 8);
  return {
    location: `Lakeside ${tag}, Norway`,
    category: 'Caves',
    from: addDays(today, 3),
    to: addDays(today, 40),
    title: `E2E cave house ${tag}`,
    price: '150',
    guests: '4',
    bedrooms: '2',
    bathrooms: '1',
    description: 'A quiet house in the rock, with a view of the water.',
    ...overrides,
  };
}

/** Counts the page's requests of one method and path, to tell that a form sent nothing. */
function countRequests(page: Page, method: string, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** The home page's grid of one category holds a card linking to the room (or none). */
async function expectOnHomePage(page: Page, category: string, roomId: string, shown: boolean): Promise<void> {
  await page.goto(`/?category=${category}`);
  const link = page.getByTestId('room-grid').locator(`a[href="/room/${roomId}"]`);
  if (shown) {
    await expect(link).toBeVisible();
    // Newest first: the room just added leads its category.
    await expect(roomCards(page).first()).toHaveAttribute('href', `/room/${roomId}`);
  } else {
    await expect(roomCards(page).first()).toBeVisible();
    await expect(link).toHaveCount(0);
  }
}

test("a new host adds a room with a photo, updates its price and photo, and deletes it", async ({ page, playwright }) => {
  // A whole host journey, with three uploads and the home page twice: slow on a busy machine.
  test.slow();
  const host = await createUser(playwright.request, { role: 'host' });
  await signInAs(page, host);
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Add Room' }).click();
  await expect(page.getByRole('heading', { name: 'Add Room' })).toBeVisible();

  const room = details();
  await fillRoomForm(page, page, room);
  await expect(page.getByTestId('availability-summary')).toHaveText(`${mediumDate(room.from)} – ${mediumDate(room.to)}`);
  // The photo list shows the chosen file's name, cut to 20 characters, and a preview.
  await page.getByLabel('Photos').setInputFiles({ name: 'lakeside-cabin-at-dawn.png', mimeType: 'image/png', buffer: photoPng([20, 90, 160]) });
  await expect(page.getByText('Photo 1 of 1: lakeside-cabin-….png', { exact: true })).toBeVisible();
  await expectImageLoaded(page.getByRole('img', { name: 'Preview of photo 1' }));
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  await expect(page.getByText('Room Added Successfully!')).toBeVisible();
  await page.waitForURL(atPath('/dashboard/my-listings'));
  const row = listingRow(page, room.title);
  await expect(row.getByRole('cell')).toHaveText([
    room.title,
    room.location,
    '$150',
    mediumDate(room.from),
    mediumDate(room.to),
    'Delete',
    'Update',
    'Pricing and availability',
    'Calendar sync',
  ]);
  const roomId = await listedRoomId(page, room.title);
  const added = await (await page.request.get(`/api/room/${roomId}`)).json();
  expect(added).toMatchObject({ title: room.title, category: 'Caves', priceCents: 15000, guests: 4, host: { name: host.name } });
  expect((await page.request.get(added.image)).status()).toBe(200);
  await expectOnHomePage(page, 'Caves', roomId, true);

  // Update: the same form, prefilled; a new price, and a new photo in place of the first.
  await page.goto('/dashboard/my-listings');
  await listingRow(page, room.title).getByRole('button', { name: `Update ${room.title}` }).click();
  const update = dialog(page, 'Update Room Info');
  await expect(update.getByLabel('Title')).toHaveValue(room.title);
  await expect(update.getByLabel('Price per night ($)')).toHaveValue('150');
  await expect(update.getByRole('img', { name: 'Preview of photo 1' })).toBeVisible();
  await update.getByLabel('Price per night ($)').fill('175.50');
  await update.getByLabel('Photos').setInputFiles({ name: 'dusk.png', mimeType: 'image/png', buffer: photoPng([200, 120, 30]) });
  await expect(update.getByText('Photo 2 of 2: dusk.png', { exact: true })).toBeVisible();
  await expect(update.getByRole('progressbar')).toHaveCount(0);
  await update.getByTestId('photo-item').first().getByRole('button', { name: 'Remove' }).click();
  await expect(update.getByText('Photo 1 of 1: dusk.png', { exact: true })).toBeVisible();
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Home info updated')).toBeVisible();
  await expect(update).toBeHidden();
  await expect(listingRow(page, room.title).getByRole('cell').nth(2)).toHaveText('$175.50');
  const updated = await (await page.request.get(`/api/room/${roomId}`)).json();
  expect(updated).toMatchObject({ priceCents: 17550, from: room.from, to: room.to });
  expect(updated.image).not.toBe(added.image);
  // The replaced photo is removed from storage once nothing shows it.
  expect((await page.request.get(added.image)).status()).toBe(404);

  // Delete: No keeps it, Yes removes it everywhere.
  await listingRow(page, room.title).getByRole('button', { name: `Delete ${room.title}` }).click();
  const confirm = dialog(page, "Are you sure? You cannot undo once it's done!");
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await listingRow(page, room.title).getByRole('button', { name: `Delete ${room.title}` }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Successfully deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No listings yet' })).toBeVisible();
  expect((await page.request.get(`/api/room/${roomId}`)).status()).toBe(404);
  await expectOnHomePage(page, 'Caves', roomId, false);
});

test('invalid input shows field messages, keeps what was typed and sends nothing', async ({ page, playwright }) => {
  const host = await createUser(playwright.request, { role: 'host' });
  const posts = countRequests(page, 'POST', '/api/room');
  await signInAs(page, host);
  await page.goto('/dashboard/add-room');

  await page.getByLabel('Location').fill('Tromsø, Norway');
  await page.getByLabel('Price per night ($)').fill('0.5');
  await page.getByLabel('Total guests').fill('0');
  await page.getByLabel('Bedrooms').fill('51');
  await page.getByLabel('Description').fill('Northern lights from the bed.');
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Please choose a category')).toBeVisible();
  await expect(page.getByText('Please choose the first available day')).toBeVisible();
  await expect(page.getByText('Price must be at least $1')).toBeVisible();
  await expect(page.getByText('The number of guests must be at least 1')).toBeVisible();
  await expect(page.getByText('The number of bedrooms must be at most 50')).toBeVisible();
  await expect(page.getByText('Please enter the number of bathrooms')).toBeVisible();
  await expect(page.getByText('Please upload at least one photo')).toBeVisible();
  await expect(page.getByLabel('Price per night ($)')).toHaveAttribute('aria-invalid', 'true');
  // The keyboard is taken to the first field to fix.
  await expect(page.getByRole('button', { name: /^Category/ })).toBeFocused();
  await expect(page.getByLabel('Location')).toHaveValue('Tromsø, Norway');
  await expect(page.getByLabel('Price per night ($)')).toHaveValue('0.5');
  await expect(page.getByLabel('Total guests')).toHaveValue('0');
  await expect(page.getByLabel('Description')).toHaveValue('Northern lights from the bed.');

  // A file that is not a picture is named as the problem, before anything is uploaded.
  await page.getByLabel('Photos').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('Please choose an image file')).toBeVisible();

  // Fixing a field clears its message; the rest stay.
  await page.getByLabel('Price per night ($)').fill('120');
  await expect(page.getByText('Price must be at least $1')).toBeHidden();
  await expect(page.getByText('The number of guests must be at least 1')).toBeVisible();
  await pickAvailability(page, addDays(today, 1), addDays(today, 2));
  await expect(page.getByText('Please choose the first available day')).toBeHidden();
  expect(posts()).toBe(0);
  await expect(page).toHaveURL(/\/dashboard\/add-room$/);
});

test("the server's refusals are told plainly and lose nothing: a shrink past a stay, a delete with stays to come", async ({
  page,
  playwright,
}) => {
  // Two new users, a room and a paid booking before the page opens.
  test.slow();
  const host = await createUser(playwright.request, { role: 'host' });
  const guest = await createUser(playwright.request);
  const room = details({ category: 'Arctic', from: addDays(today, 1), to: addDays(today, 30) });
  const listed = await asAccount(playwright.request, host, (api) => listRoomThroughApi(api, room));
  const stay = { from: addDays(today, 10), to: addDays(today, 13) };
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, listed._id, stay));

  await signInAs(page, host);
  await page.goto('/dashboard/my-listings');
  await listingRow(page, room.title).getByRole('button', { name: `Update ${room.title}` }).click();
  const update = dialog(page, 'Update Room Info');
  const newTitle = `${room.title} (shorter season)`;
  await update.getByLabel('Title').fill(newTitle);
  // The window would end before the guest leaves.
  await pickAvailability(update, addDays(today, 1), addDays(today, 11));
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(
    page.getByText(`A confirmed stay from ${mediumDate(stay.from)} to ${mediumDate(stay.to)} falls outside the new dates.`),
  ).toBeVisible();
  await expect(update).toBeVisible();
  await expect(update.getByLabel('Title')).toHaveValue(newTitle);
  await expect(update.getByTestId('availability-summary')).toHaveText(`${mediumDate(addDays(today, 1))} – ${mediumDate(addDays(today, 11))}`);
  await update.getByRole('button', { name: 'Cancel' }).click();
  await expect(update).toBeHidden();
  await expect(listingRow(page, room.title)).toBeVisible();

  await listingRow(page, room.title).getByRole('button', { name: `Delete ${room.title}` }).click();
  await dialog(page, "Are you sure? You cannot undo once it's done!").getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('This room has 1 upcoming stay. Cancel it in Manage Bookings first.')).toBeVisible();
  await expect(listingRow(page, room.title)).toBeVisible();
  expect((await page.request.get(`/api/room/${listed._id}`)).status()).toBe(200);

  // Once the host has cancelled the stay (refunding the guest), the room can go. This also leaves no stay in a
  // room other tests do not know of: the admin's statistics test counts stays through the demo hosts.
  const cancelled = await page.request.delete(`/api/booking/${booking._id}`, { headers: sameOrigin() });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await listingRow(page, room.title).getByRole('button', { name: `Delete ${room.title}` }).click();
  await dialog(page, "Are you sure? You cannot undo once it's done!").getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Successfully deleted.')).toBeVisible();
  expect((await page.request.get(`/api/room/${listed._id}`)).status()).toBe(404);
});

test('a guest opening Add Room is sent to the dashboard', async ({ page, playwright }) => {
  const guest = await createUser(playwright.request);
  await signInAs(page, guest);
  await page.goto('/dashboard/add-room');
  await page.waitForURL(atPath('/dashboard'));
  await expect(dashboardNav(page).getByRole('link', { name: 'Add Room' })).toHaveCount(0);
  await expect(availabilityCalendar(page)).toHaveCount(0);
});

test("Add Room's availability calendar goes to a month and a year chosen from lists", async ({ page, playwright }) => {
  const host = await createUser(playwright.request, { role: 'host' });
  await signInAs(page, host);
  await page.goto('/dashboard/add-room');
  const calendar = availabilityCalendar(page);
  // A year and two months on, in two choices instead of fourteen clicks.
  const later = new Date(`${addDays(today, 1)}T00:00:00Z`);
  later.setUTCMonth(later.getUTCMonth() + 14, 1);
  const month = later.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  await calendar.getByRole('combobox', { name: 'Choose the Year' }).selectOption(String(later.getUTCFullYear()));
  await calendar.getByRole('combobox', { name: 'Choose the Month' }).selectOption({ label: month });
  await expect(calendar.getByRole('grid', { name: `${month} ${later.getUTCFullYear()}` })).toBeVisible();
  const first = later.toISOString().slice(0, 10);
  await pickAvailability(page, first, addDays(first, 10));
  await expect(page.getByTestId('availability-summary')).toHaveText(`${mediumDate(first)} – ${mediumDate(addDays(first, 10))}`);
});

for (const locale of ['en', 'es'] as const) {
  test(`My Listings at 1366 px shows every action's whole label, without scrolling (${locale})`, async ({ page, playwright }) => {
    const host = await createUser(playwright.request, { role: 'host' });
    const room = details();
    await asAccount(playwright.request, host, (api) => listRoomThroughApi(api, room));
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: SEEDED_URL }]);
    await signInAs(page, host);
    await page.goto('/dashboard/my-listings');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const table = page.getByRole('table');
    // Delete, Update, Pricing and availability, Calendar sync: the row's last four cells.
    const actions = listingRow(page, room.title).getByRole('cell').locator('button, a').filter({ hasNotText: room.title });
    await expect(actions).toHaveCount(4);
    for (const action of await actions.all()) {
      const { scrollWidth, clientWidth, text } = await action.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, text: el.textContent }));
      expect(scrollWidth, `"${text}" is cut`).toBeLessThanOrEqual(clientWidth);
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    const box = await table.evaluate((el) => {
      const frame = el.parentElement as HTMLElement;
      return { scrollWidth: frame.scrollWidth, clientWidth: frame.clientWidth };
    });
    expect(box.scrollWidth, 'the table scrolls inside its box').toBeLessThanOrEqual(box.clientWidth);

    // On a phone, the row is a card: its actions are whole, and the page does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 768 });
    for (const action of await actions.all()) {
      const { scrollWidth, clientWidth, text } = await action.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, text: el.textContent }));
      expect(scrollWidth, `"${text}" is cut at 375 px`).toBeLessThanOrEqual(clientWidth);
    }
    const pageWidth = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(pageWidth.scrollWidth, 'the page scrolls sideways at 375 px').toBeLessThanOrEqual(pageWidth.clientWidth);
  });
}

/** The calendar's controls that could lead to the day after the last day, once the last day's month is shown. */
interface PastTheLastDay {
  dayAfter: Locator;
  nextMonthButton: Locator;
  /** The day after's month in the month list (of the shown year). */
  monthOption: Locator;
  /** The day after's year in the year list. */
  yearOption: Locator;
}

/**
 * Where the furthest last day of an availability window falls (three years from the form's today), and how the
 * calendar keeps the day after it from being picked: disabled in the same month, or its month, or its year, not offered.
 */
const lastDayCases: {
  title: string;
  holds: (last: string, after: string) => boolean;
  expectNotOffered: (controls: PastTheLastDay) => Promise<void>;
}[] = [
  {
    title: 'mid-month: the day after it is shown and disabled',
    holds: (last, after) => after.slice(0, 7) === last.slice(0, 7),
    expectNotOffered: async ({ dayAfter }) => {
      await expect(dayAfter).toBeDisabled();
    },
  },
  {
    title: 'the end of a month other than December: the next month is not offered',
    holds: (last, after) => after.slice(0, 7) !== last.slice(0, 7) && after.slice(0, 4) === last.slice(0, 4),
    expectNotOffered: async ({ dayAfter, nextMonthButton, monthOption }) => {
      await expect(dayAfter).toHaveCount(0);
      await expect(nextMonthButton).toBeDisabled();
      await expect(monthOption).toBeDisabled();
    },
  },
  {
    title: '31 December: the next year is not offered',
    holds: (last, after) => after.slice(0, 4) !== last.slice(0, 4),
    expectNotOffered: async ({ dayAfter, nextMonthButton, yearOption }) => {
      await expect(dayAfter).toHaveCount(0);
      await expect(nextMonthButton).toBeDisabled();
      await expect(yearOption).toHaveCount(0);
    },
  },
];

/**
 * The browser's today for a case: the latest day before the real UTC today whose furthest last day falls as the case
 * wants. Never later than the server's today (the server's clock is not faked, and it checks the saved dates against
 * its own today: three years from an earlier day is within its reach), and never the real today, so the calendar's
 * ', today' day shows the faked clock reached the page.
 */
function browserTodayFor(holds: (last: string, after: string) => boolean): string {
  for (let day = addDays(todayIn('UTC'), -1), tries = 0; tries < 800; day = addDays(day, -1), tries += 1) {
    const last = furthestAvailabilityEnd(day);
    if (holds(last, addDays(last, 1))) return day;
  }
  throw new Error('no day in the 800 days before today has its furthest last day where the case wants it');
}

for (const { title, holds, expectNotOffered } of lastDayCases) {
  test(`the room form's availability reaches the last day three years on, and no further, and saves with it: ${title}`, async ({ page, playwright }) => {
    test.slow();
    const browserToday = browserTodayFor(holds);
    test.info().annotations.push({ type: "the browser's today", description: browserToday });
    // Midday UTC: the same day in every time zone the browser may run in.
    await page.clock.setFixedTime(new Date(`${browserToday}T12:00:00Z`));
    const host = await createUser(playwright.request, { role: 'host' });
    await signInAs(page, host);
    await page.goto('/dashboard/add-room');
    // A new room has no time zone yet: its today is the UTC day, as the form's.
    const last = furthestAvailabilityEnd(browserToday);
    const after = addDays(last, 1);
    const from = addDays(last, -20);
    const room = details({ from, to: last });
    const calendar = availabilityCalendar(page);
    const monthOf = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
    const goToMonth = async (date: string) => {
      await calendar.getByRole('combobox', { name: 'Choose the Year' }).selectOption(date.slice(0, 4));
      await calendar.getByRole('combobox', { name: 'Choose the Month' }).selectOption({ label: monthOf(date) });
      await expect(calendar.getByRole('grid', { name: `${monthOf(date)} ${date.slice(0, 4)}` })).toBeVisible();
    };
    const dayCalled = (date: string) => calendar.getByRole('button', { name: new RegExp(`^${dayName(date)}(, today)?(, selected)?$`) });

    // The page's today is the faked one: the calendar opens on its month, and it alone is called today.
    await expect(calendar.getByRole('grid', { name: `${monthOf(browserToday)} ${browserToday.slice(0, 4)}` })).toBeVisible();
    await expect(calendar.getByRole('button', { name: /, today(, selected)?$/ })).toHaveAccessibleName(`${dayName(browserToday)}, today`);

    await goToMonth(from);
    await dayCalled(from).click();
    await goToMonth(last);
    await expect(dayCalled(last)).toBeEnabled();
    // The day after is not offered: disabled in its month, or its month (or its year) is not there to go to.
    await expectNotOffered({
      dayAfter: dayCalled(after),
      nextMonthButton: calendar.getByRole('button', { name: 'Go to the Next Month' }),
      monthOption: calendar.getByRole('combobox', { name: 'Choose the Month' }).getByRole('option', { name: monthOf(after), exact: true }),
      yearOption: calendar.getByRole('combobox', { name: 'Choose the Year' }).getByRole('option', { name: after.slice(0, 4), exact: true }),
    });
    await dayCalled(last).click();
    await expect(page.getByTestId('availability-summary')).toHaveText(`${mediumDate(from)} – ${mediumDate(last)}`);

    await fillRoomForm(page, page, room, { pickDates: false });
    await page.getByLabel('Photos').setInputFiles({ name: 'far-off.png', mimeType: 'image/png', buffer: photoPng() });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(page.getByText('Room Added Successfully!')).toBeVisible();
    await page.waitForURL(atPath('/dashboard/my-listings'));
    const roomId = await listedRoomId(page, room.title);
    expect(await (await page.request.get(`/api/room/${roomId}`)).json()).toMatchObject({ from, to: last });
  });
}
