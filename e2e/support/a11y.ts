import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A mid-range phone's screen, the size every page is also checked at. */
export const PHONE = { width: 390, height: 844 } as const;

/** Every violation axe finds on the page as it is now, whatever its impact. */
export async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Two frames: the layout of a new viewport size has been made and painted. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Every violation axe finds at the page's size and at a phone's, each marked with the width it was found at; the
 * page is put back at its size afterwards. The suite expects none (issue 35: accessibility to zero).
 */
export async function violationsAtBothSizes(page: Page) {
  const size = page.viewportSize();
  const at = (width: number) => async () => (await axeViolations(page)).map((v) => ({ width, ...v }));
  const found = await at(size?.width ?? 0)();
  if (size && size.width !== PHONE.width) {
    await page.setViewportSize(PHONE);
    await settle(page);
    found.push(...(await at(PHONE.width)()));
    await page.setViewportSize(size);
    await settle(page);
  }
  return found;
}

/**
 * Opens each path in turn, waits for its level-one heading and for nothing to be loading any more, and expects no
 * violation at either size.
 */
export async function expectPagesAccessible(page: Page, pages: readonly (readonly [path: string, heading: string])[]): Promise<void> {
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    expect(await violationsAtBothSizes(page), path).toEqual([]);
  }
}
