import { expect, test } from '@playwright/test';
import { CATEGORY_LABELS } from '../support/categories';
import { categoryStrip, expectGridToShow, roomsFromGridStart } from '../support/rooms';

test('each category chip shows exactly the rooms of its category', async ({ page, request }) => {
  await page.goto('/');
  const strip = categoryStrip(page);

  for (const label of CATEGORY_LABELS) {
    const chip = strip.getByRole('link', { name: label, exact: true });
    await chip.click();

    await expect(page).toHaveURL(
      (url) => url.pathname === '/' && url.search === `?category=${encodeURIComponent(label)}`,
    );
    await expect(chip).toHaveAttribute('aria-current', 'page');
    await expect(strip.locator('[aria-current="page"]')).toHaveCount(1);
    const rooms = await roomsFromGridStart(page, request, label);
    expect(rooms.every((room) => room.category === label)).toBe(true);
    await expectGridToShow(page, rooms);
  }
});
