import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from '../support/auth';
import { cardHrefs, categoryStrip, fetchAllRooms, fetchSeededRoom, roomCards, roomPath } from '../support/rooms';
import { atPath, openProfileMenu } from '../support/ui';

test('a room page opened directly survives a reload', async ({ page, request }) => {
  const room = await fetchSeededRoom(request);
  await signInAs(page, DEMO.guest);

  await page.goto(roomPath(room._id));
  const heading = page.getByRole('heading', { level: 1, name: room.title });
  await expect(heading).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === roomPath(room._id));
  await expect(heading).toBeVisible();
});

test('a category page opened directly survives a reload', async ({ page, request }) => {
  const lakeRooms = (await fetchAllRooms(request, 'Lake')).map((room) => roomPath(room._id));
  const lake = categoryStrip(page).getByRole('link', { name: 'Lake', exact: true });

  await page.goto('/?category=Lake');
  await expect(lake).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => cardHrefs(page)).toEqual(lakeRooms);

  await page.reload();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '?category=Lake');
  await expect(lake).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => cardHrefs(page)).toEqual(lakeRooms);
});

test('the profile menu toggles and offers Login and Sign Up when signed out', async ({ page }) => {
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Open profile menu' });
  // Signed out, the button shows the default avatar.
  const avatar = menuButton.locator('img');
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const login = page.getByRole('link', { name: 'Login', exact: true });
  const signUp = page.getByRole('link', { name: 'Sign Up', exact: true });
  await expect(login).toBeHidden();

  await menuButton.click();
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute('href', '/login');
  await expect(signUp).toBeVisible();
  await expect(signUp).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeHidden();

  await menuButton.click();
  await expect(login).toBeHidden();
  await expect(signUp).toBeHidden();
});

test.describe('on a small screen (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu has a Home link and the header no "Host your home" button', async ({ page }) => {
    await page.goto('/?category=Lake');
    await expect(roomCards(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Host your home' })).toBeHidden();

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    const home = page.getByRole('link', { name: 'Home', exact: true });
    await expect(home).toBeVisible();

    await home.click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  });
});

test.describe('on a large screen (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the menu has no Home link', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Host your home' })).toBeVisible();

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
  });
});

test('the logo link goes home from a category and from a room', async ({ page, request }) => {
  const room = await fetchSeededRoom(request);
  const logo = page.getByRole('link', { name: 'StayBook home' });
  const isHome = (url: URL) => url.pathname === '/' && url.search === '';
  await signInAs(page, DEMO.guest);

  await page.goto('/?category=Lake');
  await expect(roomCards(page).first()).toBeVisible();
  await logo.click();
  await expect(page).toHaveURL(isHome);
  // Home shows every category: 'All' is the current entry of the strip.
  await expect(categoryStrip(page).locator('[aria-current="page"]')).toHaveAccessibleName('All');

  await page.goto(roomPath(room._id));
  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
  await logo.click();
  await expect(page).toHaveURL(isHome);
  await expect(roomCards(page).first()).toBeVisible();
});

/** The login page's code, a chunk loaded on the first visit to /login. */
const LOGIN_CHUNK = '**/assets/login-*.js';

/** How the document now shown was reached: 'navigate' or 'reload'. */
function navigationType(page: Page): Promise<string> {
  return page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type);
}

/** Counts the page's document requests (the first visit, then each reload). */
function countDocumentRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) count += 1;
  });
  return () => count;
}

async function openLoginFromMenu(page: Page) {
  await page.goto('/');
  await openProfileMenu(page, false);
  await page.getByRole('link', { name: 'Login', exact: true }).click();
}

test('a tab left open across a deploy reloads once and shows the page it could not load', async ({ page }) => {
  // The tab's build is gone from the server: its login chunk answers 404 until the reload fetches the page anew.
  let reloaded = false;
  await page.route(
    (url) => url.pathname === '/login',
    async (route) => {
      if (route.request().isNavigationRequest()) reloaded = true;
      await route.continue();
    },
  );
  await page.route(LOGIN_CHUNK, (route) => (reloaded ? route.continue() : route.fulfill({ status: 404 })));
  const documentRequests = countDocumentRequests(page);

  await openLoginFromMenu(page);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/login'));
  expect(await navigationType(page)).toBe('reload');
  expect(documentRequests()).toBe(2);
});

test('a page whose code fails again after the reload shows the error screen', async ({ page }) => {
  await page.route(LOGIN_CHUNK, (route) => route.fulfill({ status: 404 }));
  const documentRequests = countDocumentRequests(page);

  await openLoginFromMenu(page);
  // The error screen only shows once the app has given up, so no further reload can follow it.
  await expect(page.getByText('Something Went Wrong!')).toBeVisible();
  await expect(page).toHaveURL(atPath('/login'));
  expect(await navigationType(page)).toBe('reload');
  expect(documentRequests()).toBe(2);
});

/** The dashboard's routes, a chunk the router loads on the way to the first /dashboard address. */
const DASHBOARD_ROUTES_CHUNK = '**/assets/dashboard-routes-*.js';

async function openDashboardFromMenu(page: Page) {
  await signInAs(page, DEMO.guest);
  await page.goto('/');
  await openProfileMenu(page, true);
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
}

test('a tab left open across a deploy opens the dashboard afresh once when its routes cannot be loaded', async ({ page }) => {
  // The tab's build is gone from the server: the dashboard's routes answer 404 until the dashboard is loaded anew.
  let opened = false;
  await page.route(
    (url) => url.pathname === '/dashboard',
    async (route) => {
      if (route.request().isNavigationRequest()) opened = true;
      await route.continue();
    },
  );
  await page.route(DASHBOARD_ROUTES_CHUNK, (route) => (opened ? route.continue() : route.fulfill({ status: 404 })));
  const documentRequests = countDocumentRequests(page);

  await openDashboardFromMenu(page);
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(atPath('/dashboard'));
  expect(documentRequests()).toBe(2);
});

test("the dashboard's routes failing again after the fresh load show the error screen", async ({ page }) => {
  await page.route(DASHBOARD_ROUTES_CHUNK, (route) => route.fulfill({ status: 404 }));
  const documentRequests = countDocumentRequests(page);

  await openDashboardFromMenu(page);
  await expect(page.getByText('Something Went Wrong!')).toBeVisible();
  await expect(page).toHaveURL(atPath('/dashboard'));
  expect(documentRequests()).toBe(2);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('an address the app has no page for answers HTTP 404 and shows the error screen in the page frame', async ({
      page,
    }) => {
      for (const path of ['/no-such-page', '/dashboard/no-such-page', '/room/a/b']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { name: 'Something Went Wrong!' })).toBeVisible();
        await expect(page.getByText('Page not found.')).toBeVisible();
        await expect(page.getByText('Here are some helpful links:')).toBeVisible();
        await expect(page).toHaveTitle('Page not found | StayBook');
        await expect(page.getByRole('link', { name: 'StayBook home' })).toBeVisible();
      }

      await page.getByRole('button', { name: 'Take Me Home' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
      await expect(roomCards(page).first()).toBeVisible();
    });

    test('the pages of the app answer HTTP 200, opened directly', async ({ page }) => {
      for (const path of ['/', '/?category=Lake', '/login', '/signup', '/dashboard/profile']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
      }
      await expect(page.getByRole('heading', { name: 'Something Went Wrong!' })).toBeHidden();
    });
  });
}
