import type { Page } from '@playwright/test';
import { withoutServerFirstView } from './first-view';

/**
 * Holds the page's requests matching `matches` until the returned function is called, so a test
 * can see a loading state for certain instead of racing it.
 */
export async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Fails the page's requests matching `matches` as a dropped connection would, until the returned
 * function is called.
 */
export async function failRequests(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let failing = true;
  await page.route(matches, async (route) => {
    if (failing) await route.abort('internetdisconnected');
    else await route.continue();
  });
  return () => {
    failing = false;
  };
}

/**
 * Answers the page's reads (GET) matching `matches` with what the server answers, as `change` makes it (JSON), until
 * the returned function is called.
 */
export async function changeAnswers(page: Page, matches: (url: URL) => boolean, change: (answer: unknown) => unknown): Promise<() => void> {
  let changing = true;
  await page.route(matches, async (route) => {
    if (!changing || route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, json: change(await response.json()) });
  });
  return () => {
    changing = false;
  };
}

/**
 * The server embeds the home page's first page of rooms in its HTML (docs/decisions/017-bundle-budget.md), and
 * the first view it painted from them (decision 045). This takes both out, as when the server could not read the
 * rooms: the app then asks `/api/rooms` for the first page too, so a test can hold or fail that request.
 */
export async function withoutEmbeddedRooms(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const body = withoutServerFirstView(await response.text()).replace(
        /<script type="application\/json" id="staybook-first-rooms">.*?<\/script>/s,
        '',
      );
      await route.fulfill({ response, body });
    },
  );
}
