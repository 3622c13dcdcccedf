import { expect, test } from '@playwright/test';
import { roomCards } from '../support/rooms';

// Viewport width -> columns: 1, then 2 (sm 640), 3 (md 768), 4 (lg 1024), 5 (xl 1280), 6 (2xl 1536).
const COLUMNS_AT_WIDTH: ReadonlyArray<readonly [number, number]> = [
  [375, 1],
  [639, 1],
  [640, 2],
  [767, 2],
  [768, 3],
  [1023, 3],
  [1024, 4],
  [1279, 4],
  [1280, 5],
  [1535, 5],
  [1536, 6],
  [1920, 6],
];

test('the room grid has the column count of each breakpoint', async ({ page }) => {
  await page.goto('/');
  await expect(roomCards(page).first()).toBeVisible();
  const grid = page.getByTestId('room-grid');

  for (const [width, columns] of COLUMNS_AT_WIDTH) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length), {
        message: `columns at ${width}px`,
      })
      .toBe(columns);
  }
});
