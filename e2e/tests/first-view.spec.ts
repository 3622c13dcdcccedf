import { expect, test, type Page, type Route } from '@playwright/test';
import {
  describeFirstView,
  embeddedFirstRoom,
  embeddedFirstRooms,
  firstViewChanges,
  keepDocument,
  keepHomeDocument,
  recordFirstViewChanges,
  serverFirstView,
  withoutServerFirstView,
} from '../support/first-view';
import { DEMO, signInAs } from '../support/auth';
import { escapeRegExp, fetchSeededRoom, roomCards, roomPath } from '../support/rooms';
import { SEEDED_ON_EACH_DATABASE } from '../support/servers';

/**
 * The first view of the home page and of a room page is painted by the server with the app's own components, and
 * the app hydrates it (docs/decisions/045-server-rendered-first-view.md). Three views of one response must agree:
 * the server's HTML, the page after hydration, and the page the app draws from scratch from the same embedded
 * data. They are proven on each database the run has (the embedded one, and PostgreSQL when TEST_DATABASE_URL
 * is set). Other tests add and change rooms meanwhile, so every comparison is of one response, kept as the
 * browser received it.
 */

// Far from the server's zone: nothing in the first view may depend on the browser's clock.
test.use({ timezoneId: 'Pacific/Kiritimati' });

/** Console errors and warnings, and uncaught exceptions: hydration problems show there, if anywhere. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The app has started (it takes the embedded rooms out first) and has nothing left to fetch. */
async function settled(page: Page, cards: number) {
  await expect(page.locator('#staybook-first-rooms')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // Only the embedded page of rooms: the next page loads when the grid's end comes near, far below the fold.
  await expect(roomCards(page)).toHaveCount(cards);
}

const checkIn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
const checkOut = new Date(Date.now() + 43 * 86_400_000).toISOString().slice(0, 10);

test("a room page's HTML preloads the very picture its gallery shows as the cover", async ({ page, request }) => {
  const problems = collectProblems(page);
  const room = await fetchSeededRoom(request);
  await signInAs(page, DEMO.guest);
  const preloaded: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image' && r.url().includes('/uploads/')) preloaded.push(new URL(r.url()).pathname);
  });
  const response = await page.goto(roomPath(room._id));
  const html = (await response?.text()) ?? '';
  const key = room.image.slice(0, -'.webp'.length);
  expect(html).toMatch(new RegExp(`<link rel="preload" as="image" fetchpriority="high" href="${key}-1600w\\.webp" imagesrcset="[^"]+" imagesizes="[^"]+"></head>`));

  const cover = page.getByRole('region', { name: 'Photos' }).getByRole('img', { name: room.title }).first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shown = new URL(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  // The cover's file was fetched once, by the preload: the gallery's sizes chose the same width as the preload's.
  expect(preloaded.filter((path) => path.startsWith(key))).toEqual([shown]);
  expect(problems).toEqual([]);
});

/**
 * Holds back what a room page asks for only once it is on screen (the nights for its calendar, the reviews' code),
 * so the page stays its first view while it is compared; `release` lets them through. Its first request proves the
 * app has taken the page over: the reservation card asks for the nights when it mounts.
 */
async function holdLaterParts(page: Page, roomId: string) {
  const { release } = await holdRequests(
    page,
    (url) => url.pathname === `/api/room/${roomId}/availability`,
    (url) => /\/assets\/room-reviews-[^/]+\.js$/.test(url.pathname),
  );
  const mounted = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/room/${roomId}/availability`);
  return { mounted, release };
}

/** Holds back the requests each `match` takes until `release` lets them, and any later one, through. */
async function holdRequests(page: Page, ...matches: Array<(url: URL) => boolean>) {
  const held: Route[] = [];
  let released = false;
  const hold = (route: Route) => (released ? route.continue() : void held.push(route));
  for (const match of matches) await page.route(match, hold);
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

// The server paints from what the database answers: each page is proven on every database this run has.
for (const { database, url } of SEEDED_ON_EACH_DATABASE) {
  test.describe(`on ${database}`, () => {
    test.use({ baseURL: url });

    for (const [name, address] of [
      ['every room', '/'],
      ['a dated search in a category', `/?category=Lake&checkin=${checkIn}&checkout=${checkOut}&guests=2`],
    ] as const) {
      test(`the home page for ${name}: the server's first view is the one the app hydrates and the one it draws itself`, async ({
        page,
        context,
      }) => {
        const problems = collectProblems(page);
        const served = await keepHomeDocument(page);
        await recordFirstViewChanges(page);
        await page.goto(address);

        const html = served();
        const painted = serverFirstView(html);
        const { page: rooms } = embeddedFirstRooms(html);
        expect(rooms.items.length, 'the seed lists rooms here').toBeGreaterThan(0);
        // The server painted the header, the search, the categories and a card per embedded room, pictures and all.
        expect(painted).toContain('aria-label="Open profile menu"');
        expect(painted).toContain('role="search"');
        expect(painted).toContain('aria-label="Categories"');
        expect(painted.match(/data-testid="room-card"/g)).toHaveLength(rooms.items.length);
        const paintedLines = await describeFirstView(page, painted);
        for (const room of rooms.items) expect(paintedLines.some((line) => line.includes(`alt="${room.title}"`)), room.title).toBe(true);
        expect(painted).toMatch(/srcset="[^"]+ 320w, [^"]+ 640w/i);

        await settled(page, rooms.items.length);
        const hydrated = await describeFirstView(page);
        expect(hydrated).toEqual(paintedLines);
        // Hydration took the server's elements and text over as they were.
        expect(await firstViewChanges(page)).toEqual([]);

        // The same response without the server's first view: the app draws the page from the embedded rooms alone.
        const fresh = await context.newPage();
        problems.push(...collectProblems(fresh));
        await fresh.route(
          (url) => url.pathname === '/',
          async (route) => (route.request().resourceType() === 'document' ? route.fulfill({ body: withoutServerFirstView(html), contentType: 'text/html' }) : route.continue()),
        );
        await fresh.goto(address);
        await settled(fresh, rooms.items.length);
        expect(await describeFirstView(fresh)).toEqual(hydrated);

        // The hydrated page answers: its menu opens, as nobody is signed in.
        await page.getByRole('button', { name: 'Open profile menu' }).click();
        await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

        expect(problems).toEqual([]);
      });
    }

    test("a room page for a signed-in guest: the server's first view is the one the app hydrates and the one it draws itself", async ({
      page,
      context,
      request,
    }) => {
      const problems = collectProblems(page);
      const room = await fetchSeededRoom(request);
      await signInAs(page, DEMO.guest, url);
      const address = roomPath(room._id);
      const served = await keepDocument(page, address);
      const later = await holdLaterParts(page, room._id);
      await recordFirstViewChanges(page);
      await page.goto(address);

      const html = served();
      const painted = serverFirstView(html);
      // Painted for this guest, with the room as the API answers them.
      const first = embeddedFirstRoom(html);
      expect(first.user.email).toBe(DEMO.guest.email);
      expect(first.room._id).toBe(room._id);
      const paintedLines = await describeFirstView(page, painted);
      expect(paintedLines.some((line) => line.includes(`"${room.title}"`)), 'the title').toBe(true);
      expect(painted).toContain('aria-label="Photos"');
      expect(painted).toContain('aria-label="Reservation"');
      expect(painted).toMatch(new RegExp(`<img [^>]*srcset="[^"]+ 320w, [^>]+alt="${escapeRegExp(room.title)}, photo 1 of \\d+"`));

      await later.mounted;
      expect(await describeFirstView(page)).toEqual(paintedLines);
      // Hydration took the server's elements and text over as they were.
      expect(await firstViewChanges(page)).toEqual([]);

      // The same response without the server's first view: the app draws the page from the embedded session and room.
      const fresh = await context.newPage();
      problems.push(...collectProblems(fresh));
      const freshLater = await holdLaterParts(fresh, room._id);
      await fresh.route(
        (url) => url.pathname === address,
        async (route) => (route.request().resourceType() === 'document' ? route.fulfill({ body: withoutServerFirstView(html), contentType: 'text/html' }) : route.continue()),
      );
      await fresh.goto(address);
      await freshLater.mounted;
      await expect(fresh.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
      expect(await describeFirstView(fresh)).toEqual(paintedLines);
      await freshLater.release();

      // The hydrated page answers: its calendar arrives once the nights do.
      await later.release();
      await expect(page.getByRole('region', { name: 'Reservation' }).getByRole('grid').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  });
}

// Before the app has started (here, never: no JavaScript), the painted home page is already a page: its cards are
// links, and its search is a GET form to the home page that keeps the rest of the search (decision 066).
test.describe('the home page before the app starts', () => {
  test.use({ javaScriptEnabled: false });

  test('its cards are links to their rooms, and its search submits as a GET that keeps the category', async ({ page }) => {
    await page.goto('/?category=Lake');
    // The card is itself the link to its room.
    await expect(page.getByTestId('room-card').first()).toHaveAttribute('href', /^\/room\/[0-9a-f-]{36}/);

    const search = page.getByRole('search', { name: 'Find a stay' });
    await search.getByLabel('Where').fill('Lake');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('where') === 'Lake');
    expect(new URL(page.url()).searchParams.get('category')).toBe('Lake');
    // The server painted the search the address asks for.
    await expect(page.getByRole('search', { name: 'Find a stay' }).getByLabel('Where')).toHaveValue('Lake');
  });
});

/**
 * Holds back the app's code (every script under /assets) until `release`: the painted page is all there is, as on a
 * slow connection. Its first view is painted by then; the page's own inline script keeps what a person does on it.
 */
function holdAppCode(page: Page) {
  return holdRequests(page, (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'));
}

// What a person does on the painted page while the app's code is still on its way is not lost (decision 071).
test.describe("the home page while the app's code is on its way", () => {
  test('a menu pressed before the app has started opens once it has', async ({ page }) => {
    const code = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    const menu = page.getByRole('button', { name: 'Open profile menu' });
    await menu.click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();

    await code.release();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test("a language chosen in the footer before the app has started is the site's once it has", async ({ page }) => {
    const code = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('contentinfo').getByLabel('Language').selectOption('es');

    await code.release();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('contentinfo').getByLabel('Idioma')).toHaveValue('es');
    await expect(page.getByRole('button', { name: 'Buscar' })).toBeVisible();
  });
});
