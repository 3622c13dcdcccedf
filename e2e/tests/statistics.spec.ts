import { expect, test, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { bookingsPageSchema, hostStatsSchema, tripSchema, usersPageSchema, type Booking } from '@staybook/domain';
import { formatAverage } from '@staybook/domain/ratings';
import { asAccount, createUser, DEMO, fetchUser, signInAs, signInThroughApi, type Account } from '../support/auth';
import { addDays, usd } from '../support/bookings';
import { holdRequests } from '../support/network';
import { fetchAllRooms } from '../support/rooms';
import { SEEDED_URL } from '../support/servers';

// Dates are written in the viewer's language and zone; these are the test browser's.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const MEDIUM = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const NOT_ENOUGH_DATA = 'Not enough data available for this section!';

/** Every page of a stays list (`my-bookings` or `manage-bookings`) as the signed-in account sees it. */
async function allStays(api: APIRequestContext, list: 'my-bookings' | 'manage-bookings'): Promise<Booking[]> {
  const stays: Booking[] = [];
  let cursor: string | null = null;
  do {
    const response = await api.get(`${SEEDED_URL}/api/${list}?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status()).toBe(200);
    const page = bookingsPageSchema.parse(await response.json());
    stays.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return stays;
}

/** Sales are what stays kept (a cancelled stay under a Moderate or Strict policy may keep part); bookings are the confirmed stays. */
function salesOf(stays: Booking[]): { cents: number; count: number; confirmed: Booking[] } {
  const confirmed = stays.filter((s) => s.status === 'confirmed');
  return { cents: stays.reduce((sum, s) => sum + s.keptCents, 0), count: confirmed.length, confirmed };
}

/** What stays pay their host after the marketplace's commission: each trip page's 'Your payout', added up. */
async function earningsOf(api: APIRequestContext, stays: Booking[]): Promise<number> {
  const payouts = await Promise.all(
    stays.map(async (stay) => {
      const response = await api.get(`${SEEDED_URL}/api/trips/${stay._id}`);
      expect(response.status()).toBe(200);
      return tripSchema.parse(await response.json()).earnings?.payoutCents ?? 0;
    }),
  );
  return payouts.reduce((sum, cents) => sum + cents, 0);
}

async function countUsers(api: APIRequestContext): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const response = await api.get(`${SEEDED_URL}/api/users${cursor ? `?cursor=${cursor}` : ''}`);
    expect(response.status()).toBe(200);
    const page = usersPageSchema.parse(await response.json());
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

/** A card's value, found by its label. */
function card(page: Page, label: string) {
  return page.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
}

async function expectCards(page: Page, expected: Record<string, string>): Promise<void> {
  const labels = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
  await expect(labels).toHaveCount(Object.keys(expected).length);
  for (const [label, value] of Object.entries(expected)) {
    await expect(card(page, label), label).toContainText(value);
  }
}

/**
 * Opens the dashboard with the figures held back: the chart's loader shows for certain, then (once they
 * arrive and its second is up) the chart or the notice replaces it.
 */
async function openStatistics(page: Page): Promise<void> {
  const release = await holdRequests(page, (url) => /^\/api\/(admin|host|guest)-stat$/.test(url.pathname));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  const chart = page.getByRole('region', { name: 'Sales Over Time' });
  await expect(chart.getByRole('status', { name: 'Loading' })).toBeVisible();
  release();
  await expect(page.getByRole('list', { name: 'Totals' })).toBeVisible();
  await expect(chart.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

/** The chart is drawn, and its line is green. */
async function expectGreenLine(page: Page): Promise<void> {
  const chart = page.getByTestId('sales-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  await expect
    .poll(() =>
      chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let green = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 1]! > 120 && data[i]! < 60 && data[i + 2]! < 100) green += 1;
        return green;
      }),
    )
    .toBeGreaterThan(50);
  // A tooltip for the point nearest the pointer.
  await chart.hover();
  await expect(page.getByTestId('sales-tooltip')).toContainText('$');
}

/** The current month's nights the calendar marks, as written in its list for screen readers. */
async function markedNights(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: /^Booked nights in / });
  return list.locator('li[data-date]').evaluateAll((items) => items.map((li) => li.getAttribute('data-date')!));
}

function nightsInMonth(stays: Booking[], month: string): string[] {
  const nights = new Set<string>();
  for (const s of stays) for (let d = s.from; d < s.to; d = addDays(d, 1)) if (d.startsWith(month)) nights.add(d);
  return [...nights].sort();
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

function since(iso: string): string {
  return MEDIUM.format(new Date(iso));
}

test('the demo guest sees what they spent, their stays on the chart and their nights on the calendar', async ({ page, playwright }) => {
  const { stays, user } = await asAccount(playwright.request, DEMO.guest, async (api) => ({
    stays: await allStays(api, 'my-bookings'),
    user: await fetchUser(api, DEMO.guest.email),
  }));
  const { cents, count, confirmed } = salesOf(stays);
  expect(count).toBeGreaterThan(1);

  await signInAs(page, DEMO.guest);
  await openStatistics(page);
  await expectCards(page, { 'Total Spent': usd(cents), 'Total Bookings': String(count), 'Guest Since': since(user.createdAt) });
  await expectGreenLine(page);

  // The points, for screen readers: one row per week of the last twelve months with a booking.
  const today = new Date().toISOString().slice(0, 10);
  const monday = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
  const firstWeek = monday(addDays(today, -364));
  const weeks = new Map<string, number>();
  for (const s of confirmed) {
    const booked = s.date.slice(0, 10);
    if (booked >= firstWeek && booked <= today) weeks.set(monday(booked), (weeks.get(monday(booked)) ?? 0) + s.priceCents);
  }
  const table = page.getByRole('table', { name: /Sales over time/ });
  await expect(table.getByRole('row')).toHaveCount(weeks.size + 1);
  for (const [week, weekCents] of weeks) {
    await expect(table.getByRole('row', { name: `Week of ${MEDIUM.format(new Date(`${week}T00:00:00Z`))}` })).toContainText(usd(weekCents));
  }

  // Their nights this month are marked: the demo guest is in the middle of a stay.
  const expectedNights = nightsInMonth(confirmed, thisMonth());
  expect(expectedNights.length).toBeGreaterThan(0);
  await expect.poll(() => markedNights(page)).toEqual(expectedNights);
  await expect(page.getByTestId('stats-calendar').locator('.stats-booked')).toHaveCount(expectedNights.length);

  // Month to month: next month's marks are next month's nights.
  const next = new Date(`${thisMonth()}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  await page.getByRole('button', { name: /next month/i }).click();
  await expect.poll(() => markedNights(page)).toEqual(nightsInMonth(confirmed, next.toISOString().slice(0, 7)));
});

/**
 * Other tests book the seeded rooms and sign people up while this runs, so the figures are worked out
 * again until the page and the data agree on one moment.
 */
async function expectFiguresSettle(page: Page, compute: () => Promise<Record<string, string>>): Promise<void> {
  await expect(async () => {
    const before = await compute();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Totals' })).toBeVisible();
    const shown = Object.fromEntries(
      await Promise.all(Object.keys(before).map(async (label) => [label, (await card(page, label).innerText()).replace(label, '').trim()])),
    );
    const after = await compute();
    expect(after).toEqual(before);
    expect(shown).toEqual(before);
  }).toPass({ timeout: 90_000 });
}

/** API contexts signed in once for the whole test (signing in is slow on purpose). */
async function signedInContexts(request: APIRequest, accounts: Account[]): Promise<APIRequestContext[]> {
  return Promise.all(
    accounts.map(async (account) => {
      const api = await request.newContext();
      await signInThroughApi(api, account);
      return api;
    }),
  );
}

test('the demo host sees sales and stays in their rooms, their listings and when they became a host', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const [api] = await signedInContexts(playwright.request, [DEMO.host]);
  const user = await fetchUser(api!, DEMO.host.email);
  const compute = async () => {
    const stays = await allStays(api!, 'manage-bookings');
    const { cents, count } = salesOf(stays);
    const listings = await api!.get(`${SEEDED_URL}/api/my-listings?limit=50`);
    const rooms = ((await listings.json()) as { items: unknown[] }).items.length;
    // Over the published reviews of all their rooms, as the API adds up the rooms' aggregates.
    const { rating } = hostStatsSchema.parse(await (await api!.get(`${SEEDED_URL}/api/host-stat`)).json());
    return {
      'Total Sales': usd(cents),
      Earnings: usd(await earningsOf(api!, stays)),
      'Total Bookings': String(count),
      'Total Rooms': String(rooms),
      'Host Since': since(user.createdAt),
      'Average rating': rating.average === null ? 'No reviews yet' : formatAverage(rating.average),
    };
  };
  await signInAs(page, DEMO.host);
  await openStatistics(page);
  await expectGreenLine(page);
  await expectFiguresSettle(page, compute);

  // The nights booked in their rooms this month are marked (other tests may book more meanwhile).
  const { confirmed } = salesOf(await allStays(api!, 'manage-bookings'));
  const nights = nightsInMonth(confirmed, thisMonth());
  expect(nights.length).toBeGreaterThan(0);
  await expect.poll(() => markedNights(page)).toEqual(expect.arrayContaining(nights));
  await api!.dispose();
});

test('the demo admin sees every sale, user and live listing, and bookings per day on the calendar', async ({ page, playwright, request }) => {
  test.setTimeout(180_000);
  const hosts: Account[] = [DEMO.host, { email: 'marco@staybook.example', password: 'staybook-host' }, { email: 'ingrid@staybook.example', password: 'staybook-host' }];
  const [admin, ...hostApis] = await signedInContexts(playwright.request, [DEMO.admin, ...hosts]);
  // Every stay is in a demo host's rooms: a test that books a room it listed cancels the stay before it ends
  // (hosting.spec.ts), and the figures are worked out again until they settle.
  const compute = async () => {
    const sales = await Promise.all(hostApis.map(async (api) => salesOf(await allStays(api, 'manage-bookings'))));
    const users = await countUsers(admin!);
    const rooms = (await fetchAllRooms(request)).length;
    return {
      'Total Sales': usd(sales.reduce((sum, s) => sum + s.cents, 0)),
      'Total User': String(users),
      'Total Bookings': String(sales.reduce((sum, s) => sum + s.count, 0)),
      'Total Rooms': String(rooms),
    };
  };
  await signInAs(page, DEMO.admin);
  await openStatistics(page);
  await expectGreenLine(page);
  await expectFiguresSettle(page, compute);
  await expect.poll(async () => (await markedNights(page)).length).toBeGreaterThan(0);
  for (const api of [admin!, ...hostApis]) await api.dispose();
});

test("a brand-new guest sees zeros and 'Not enough data available for this section!'", async ({ page, playwright }) => {
  const guest = await createUser(playwright.request);
  const user = await asAccount(playwright.request, guest, (api) => fetchUser(api, guest.email));
  await signInAs(page, guest);
  await openStatistics(page);
  await expectCards(page, { 'Total Spent': '$0', 'Total Bookings': '0', 'Guest Since': since(user.createdAt) });
  await expect(page.getByText(NOT_ENOUGH_DATA)).toBeVisible();
  await expect(page.getByTestId('sales-chart')).toHaveCount(0);
  await expect(page.getByRole('list', { name: /^Booked nights in / })).toContainText('No booked nights this month');
  // Another range, the same answer.
  await page.getByLabel('Period').selectOption({ label: 'All time' });
  await expect(page).toHaveURL(/range=all/);
  await expect(page.getByText(NOT_ENOUGH_DATA)).toBeVisible();
});

test('a host switching the dashboard to guest mode sees their statistics as a guest', async ({ page, playwright }) => {
  const host = await createUser(playwright.request, { role: 'host' });
  await signInAs(page, host);
  await page.goto('/dashboard');
  // Made a host a moment after signing up.
  const user = await asAccount(playwright.request, host, (api) => fetchUser(api, host.email));
  await expectCards(page, {
    'Total Sales': '$0',
    Earnings: '$0',
    'Total Bookings': '0',
    'Total Rooms': '0',
    'Host Since': since(user.createdAt),
    'Average rating': 'No reviews yet',
  });

  await page.getByRole('button', { name: 'Switch to Guest' }).click();
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'My Bookings' }).click();
  await nav.getByRole('link', { name: 'Statistics' }).click();
  await expectCards(page, { 'Total Spent': '$0', 'Total Bookings': '0', 'Guest Since': since(user.createdAt) });
  await expect(page.getByText(NOT_ENOUGH_DATA)).toBeVisible();
});

test.describe('in Spanish on a small screen (375 px)', () => {
  test.use({ locale: 'es-ES', viewport: { width: 375, height: 740 } });

  test("the guest's chart and its table for screen readers fit the screen: nothing scrolls sideways", async ({ page }) => {
    await signInAs(page, DEMO.guest);
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The periods with sales, as a table screen readers read: its rows are longer in Spanish.
    await expect(page.getByRole('table', { name: /^Ventas a lo largo del tiempo/ }).getByRole('row').nth(2)).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
