import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A mid-range phone's screen, the size every page is also checked at. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Rules axe skips by default that the suite runs too. `label-content-name-mismatch` (a control's visible text starts
 * its accessible name, issue 35 item 10: the calendar's day buttons) is tagged experimental in axe-core 4, and axe
 * leaves experimental rules out unless one is enabled by name.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } } as const;

/**
 * Every violation axe finds on the page as it is now, whatever its impact, once it has come to rest: a toast is held
 * (hovering the toaster pauses its timers, so none starts to fade while axe reads it: a fading toast reads as text
 * too faint) and every animation that ends has ended (an entering toast, a dialog opening). Endless ones (a spinner)
 * are not waited for.
 */
export async function axeViolations(page: Page) {
  const toast = page.locator('[data-rht-toaster] [role="status"]');
  const holding = (await toast.count()) > 0 && (await toast.first().hover({ timeout: 2_000 }).then(() => true, () => false));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  try {
    const { violations } = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).analyze();
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  } finally {
    // Let the toasts go on as they would have.
    if (holding) await page.mouse.move(0, 0);
  }
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
