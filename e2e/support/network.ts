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
