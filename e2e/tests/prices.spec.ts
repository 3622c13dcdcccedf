import { expect, test } from '@playwright/test';
import { DEMO, signInAs } from '../support/auth';
import { addDays, pickStay } from '../support/bookings';
import { escapeRegExp, roomCards } from '../support/rooms';

// Seeded rooms (apps/api/src/seed/demo-data.ts) and how their prices must read, worked out by hand.
const CARDS = [
  { category: 'Lux', location: 'Amalfi Coast, Italy', price: '$1,450' },
  { category: 'Lux', location: 'Saint-Tropez, France', price: '$1,200' },
  { category: 'Lux', location: 'Dubai, United Arab Emirates', price: '$980' },
  { category: 'Beach', location: 'Byron Bay, Australia', price: '$132.50' },
] as const;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px wide`, () => {
    test.use({ viewport });

    test('room cards write prices with thousands separators, and cents only when there are some', async ({ page }) => {
      for (const { category, location, price } of CARDS) {
        await page.goto(`/?category=${category}`);
        const card = roomCards(page).filter({ hasText: location });
        await expect(card).toHaveCount(1);
        await expect(card.getByText(price, { exact: true })).toBeVisible();
        // The spec's card: location, its rating ('New' or '★ 4.87 (23)', then its words for screen readers),
        // '5 nights .', the price, then 'night'.
        await expect(card).toHaveText(
          new RegExp(`^${escapeRegExp(location)}(New|★ \\d\\.\\d\\d \\(\\d+\\))(New listing|Rated .+ reviews)5 nights \\.${escapeRegExp(price)}night$`),
        );
      }
    });

    test('the room page writes the nightly price and the total with thousands separators', async ({ page }) => {
      await signInAs(page, DEMO.guest);
      await page.goto('/?category=Lux');
      await roomCards(page).filter({ hasText: 'Amalfi Coast, Italy' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Cliffside villa with a private chef' })).toBeVisible();

      const reservation = page.getByRole('region', { name: 'Reservation' });
      await expect(reservation.getByText('$1,450', { exact: true })).toBeVisible();
      // The card chooses nothing until the guest does. The seed books it from 3 to 7 days after the seed day:
      // ten nights from day 20 are free in its window (to 83 days after), and cost 10 × $1,450 = $14,500.
      const today = new Date().toISOString().slice(0, 10);
      await pickStay(page, { from: addDays(today, 20), to: addDays(today, 30) });
      await expect(reservation.getByText('10 nights × $1,450', { exact: true })).toBeVisible();
      await expect(reservation.getByText('$14,500', { exact: true })).toBeVisible();
    });
  });
}
