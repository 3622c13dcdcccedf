import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { marketplaceFeesSchema, type Room } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, DEMO, sameOrigin, signInAs } from '../support/auth';
import { addDays, reservationCard, usd } from '../support/bookings';
import { DEMO_HOST, listRoomThroughApi } from '../support/listings';
import { roomPath } from '../support/rooms';
import { today, uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { atPath, collectPageErrors, dashboardNav } from '../support/ui';

/*
 * The marketplace's fees (issue 32): an admin sets a guest service fee and a host commission, and a guest's price
 * gains a 'Service fee' line. The fees apply to every stay on the server and every other spec expects none, so this
 * spec runs alone once the others have finished (the 'marketplace-wide settings' project, playwright.config.ts), and
 * puts both back to 0 whatever happens.
 */

const FEES_PATH = `${SEEDED_URL}/api/admin/fees`;

/** The room's prices, in cents and basis points; no weekend price, so every night costs the same. */
const PRICE_CENTS = 10_000;
const CLEANING_CENTS = 3_000;
const TAX_BP = 1_250;
const NIGHTS = 2;

let listed: Room | null = null;

/** Sets both fees to 0 through the API unless they are already, so a failed run never leaves fees on. */
async function removeFees(api: APIRequestContext): Promise<void> {
  const answer = await api.get(FEES_PATH);
  expect(answer.status(), await answer.text()).toBe(200);
  const { current } = marketplaceFeesSchema.parse(await answer.json());
  if (current.guestFeeBp === 0 && current.hostCommissionBp === 0) return;
  const reset = await api.put(FEES_PATH, { headers: sameOrigin(), data: { guestFeePercent: '0', hostCommissionPercent: '0' } });
  expect(reset.status(), await reset.text()).toBe(200);
}

test.afterEach(async ({ playwright }) => {
  try {
    await asAccount(playwright.request, DEMO.admin, removeFees);
  } finally {
    const room = listed;
    listed = null;
    if (room) {
      await asAccount(playwright.request, DEMO_HOST, async (api) => {
        expect((await api.delete(`${SEEDED_URL}/api/room/${room._id}`, { headers: sameOrigin() })).status()).toBe(200);
      });
    }
  }
});

/** One line of a price as a person reads it: its label and its amount. */
interface Line {
  label: string;
  cents: number;
}

/** The card's price: each line's label and amount, then the Total. */
async function expectPriceLines(card: Locator, lines: readonly Line[]): Promise<void> {
  const list = card.getByRole('list', { name: 'Price details' });
  await expect(list.getByRole('listitem').locator('span')).toHaveText(lines.flatMap((line) => [line.label, usd(line.cents)]));
  const total = card.locator('p').filter({ has: card.page().getByText('Total', { exact: true }) });
  await expect(total).toHaveText(`Total${usd(lines.reduce((sum, line) => sum + line.cents, 0))}`);
}

function feesForm(page: Page) {
  return {
    guestFee: page.getByLabel('Guest service fee (%)', { exact: true }),
    commission: page.getByLabel('Host commission (%)', { exact: true }),
    save: page.getByRole('button', { name: 'Save fees' }),
  };
}

/** The cells of the newest row of the fee history. */
function newestChange(page: Page): Locator {
  return page.getByRole('table', { name: 'Fee history' }).getByRole('row').nth(1).getByRole('cell');
}

test("an admin's guest service fee is added to a guest's price as 'Service fee', and set back to none", async ({ page, browser, playwright }) => {
  // A room of the demo host's with a cleaning fee and a tax: the service fee is on the nights and the cleaning fee,
  // before tax, and is not itself taxed.
  const place = uniquePlace();
  listed = await asAccount(playwright.request, DEMO_HOST, (api) =>
    listRoomThroughApi(api, {
      title: `Fees cottage ${place}`,
      location: `${place}, Testland`,
      price: String(PRICE_CENTS / 100),
      cleaningFee: String(CLEANING_CENTS / 100),
      taxRate: String(TAX_BP / 100),
    }),
  );
  const stay = { from: addDays(today(), 5), to: addDays(today(), 5 + NIGHTS) };
  const hostCharges = PRICE_CENTS * NIGHTS + CLEANING_CENTS;
  const withoutFee: Line[] = [
    { label: `${NIGHTS} nights × ${usd(PRICE_CENTS)}`, cents: PRICE_CENTS * NIGHTS },
    { label: 'Cleaning fee', cents: CLEANING_CENTS },
    // 12.5% is an eighth: exact in cents here.
    { label: 'Occupancy tax (12.5%)', cents: hostCharges / 8 },
  ];

  // 1. The admin opens Fees from the sidebar: no fees yet, then 10% and 3%.
  await signInAs(page, DEMO.admin);
  const errors = collectPageErrors(page);
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Fees' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/fees'));
  await expect(page.getByRole('heading', { name: 'Fees', level: 1 })).toBeVisible();
  const form = feesForm(page);
  await expect(form.guestFee).toHaveValue('0');
  await expect(form.commission).toHaveValue('0');
  await expect(page.getByText('No changes yet: no fees are charged')).toBeVisible();
  await form.guestFee.fill('10');
  await form.commission.fill('3');
  await form.save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Fees saved' })).toBeVisible();
  await expect(newestChange(page)).toHaveText([/\d{4}/, '10%', '3%', 'Ada Admin']);
  // The page with a history (a11y-pages.spec.ts sees it before any change).
  expect(await violationsAtBothSizes(page)).toEqual([]);
  // The rates in force, after a reload too.
  await page.reload();
  await expect(form.guestFee).toHaveValue('10');
  await expect(form.commission).toHaveValue('3');

  // 2. A guest, in a browser of their own, prices a stay: 10% of what the host charges, after the tax.
  const guest = await createUser(playwright.request);
  const guestContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const guestPage = await guestContext.newPage();
    await signInAs(guestPage, guest);
    await guestPage.goto(`${roomPath(listed._id)}?checkin=${stay.from}&checkout=${stay.to}`);
    const card = reservationCard(guestPage);
    await expectPriceLines(card, [...withoutFee, { label: 'Service fee', cents: hostCharges / 10 }]);

    // The fees are the admins': a guest can neither open the page nor change them.
    await guestPage.goto('/dashboard/fees');
    await expect(guestPage).toHaveURL(atPath('/dashboard'));
    await expect(dashboardNav(guestPage).getByRole('link', { name: 'My Bookings' })).toBeVisible();
    await expect(dashboardNav(guestPage).getByRole('link', { name: 'Fees' })).toBeHidden();
    const refused = await guestPage.request.put(FEES_PATH, { headers: sameOrigin(), data: { guestFeePercent: '0', hostCommissionPercent: '0' } });
    expect(refused.status()).toBe(403);

    // 3. The admin sets both back to 0: the change is in the history, and the guest's price has no service fee again.
    await form.guestFee.fill('0');
    await form.commission.fill('0');
    await form.save.click();
    await expect(newestChange(page)).toHaveText([/\d{4}/, '0%', '0%', 'Ada Admin']);
    await expect(page.getByRole('table', { name: 'Fee history' }).getByRole('row').nth(2).getByRole('cell')).toHaveText([/\d{4}/, '10%', '3%', 'Ada Admin']);
    await guestPage.goto(`${roomPath(listed._id)}?checkin=${stay.from}&checkout=${stay.to}`);
    await expectPriceLines(reservationCard(guestPage), withoutFee);
  } finally {
    await guestContext.close();
  }
  expect(errors).toEqual([]);
});
