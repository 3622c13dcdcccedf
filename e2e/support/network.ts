import type { Page } from '@playwright/test';

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
