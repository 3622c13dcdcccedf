import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { addMonths, EARNINGS_CSV_HEADER, earningsReportSchema, payoutsPageSchema, payoutStatementSchema, type PayoutStatement } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { createUser, DEMO, signInAs } from '../support/auth';
import { mediumDate, usd } from '../support/bookings';
import { SEEDED_URL } from '../support/servers';
import { atPath, collectPageErrors, dashboardNav } from '../support/ui';

/*
 * A host's Earnings (decision 049): what they hold now, per listing and per month, each payout's printable statement
 * and their ledger entries as CSV. The demo host's past stays were released and paid out by the seed, so this reads
 * them as the demo host (reading only). Other specs book the demo's rooms meanwhile, which moves what is upcoming:
 * the figures are checked against the API's answer at that moment, and the paid ones, which other specs never
 * change, for their amounts.
 */

/** The card `label` (a heading of the cards' list) and what it says. */
function moneyCard(page: Page, label: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true, level: 3 }) });
}

/** The signed-in page's own request context asks the API as the page would. */
async function apiJson(page: Page, path: string): Promise<unknown> {
  const res = await page.request.get(`${SEEDED_URL}${path}`);
  expect(res.status(), path).toBe(200);
  return res.json();
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

test('a host with paid stays opens Earnings, reads their figures, opens a payout’s statement, prints it and downloads their entries', async ({ page }) => {
  test.slow();
  await signInAs(page, DEMO.host);
  const errors = collectPageErrors(page);

  // 1. From the sidebar: the page, its cards, each listing and the last 12 months.
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/earnings'));
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  const period = { from: addMonths(thisMonth(), -11), to: thisMonth() };
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(period.from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(period.to);
  // Paid out is the seed's history (and a payout the server's pass made at start): what the API says, to the cent.
  await expect(async () => {
    const answer = earningsReportSchema.parse(await apiJson(page, `/api/earnings?from=${period.from}&to=${period.to}`));
    expect(answer.balances.paidCents).toBeGreaterThan(0);
    await expect(moneyCard(page, 'Paid out').getByText(usd(answer.balances.paidCents), { exact: true })).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('table', { name: 'Earnings by listing' }).getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(answer.listings.length, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  for (const label of ['Pending', 'Available', 'On its way']) await expect(moneyCard(page, label)).toContainText('$');
  const months = page.getByRole('table', { name: 'Earnings by month' }).getByRole('rowgroup').nth(1).getByRole('row');
  await expect(months).toHaveCount(12);
  await expect(page.getByRole('table', { name: 'Earnings by month' }).getByRole('columnheader')).toHaveText(['Month', 'Booked', 'Refunded', 'Released', 'Paid out']);
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // 2. The newest payout in the history opens its statement: the stays it paid add up to its amount.
  const { payouts } = payoutsPageSchema.parse(await apiJson(page, '/api/payouts'));
  const newest = payouts[0]!;
  const history = page.getByRole('table', { name: 'Payout history' });
  await expect(history.getByRole('row').nth(1).getByRole('cell')).toHaveText([mediumDate(newest.asOf), usd(newest.amountCents), 'Paid', '…6789']);
  await history.getByRole('link', { name: mediumDate(newest.asOf), exact: true }).click();
  await expect(page).toHaveURL(atPath(`/dashboard/earnings/payouts/${newest.id}`));
  const statement = page.getByRole('article', { name: 'Payout statement' });
  await expect(statement.getByRole('heading', { name: 'Payout statement', level: 1 })).toBeVisible();
  await expect(statement.getByText(`Payout of ${mediumDate(newest.asOf)}`, { exact: true })).toBeVisible();
  const paper: PayoutStatement = payoutStatementSchema.parse(await apiJson(page, `/api/earnings/payouts/${newest.id}`));
  expect(paper.stays.length).toBeGreaterThan(0);
  expect(paper.totals.netCents + paper.otherCents).toBe(newest.amountCents);
  const stays = statement.getByRole('table', { name: 'Stays in this payout' });
  await expect(stays.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(paper.stays.length);
  for (const stay of paper.stays) await expect(stays.getByRole('row').filter({ hasText: stay.reference })).toContainText(stay.guestName);
  await expect(stays.getByRole('rowgroup').nth(2).getByRole('row').last()).toHaveText(new RegExp(`^Total.*${usd(newest.amountCents).replace('$', '\\$')}$`));
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // 3. Print: the button asks the browser, and printed only the statement remains.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to Earnings' })).toBeHidden();
  await expect(statement).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // 4. Back on Earnings: the entries of the payout's day, downloaded as a person would.
  await page.getByRole('link', { name: 'Back to Earnings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/earnings'));
  await page.getByLabel('First day', { exact: true }).fill(newest.asOf);
  await page.getByLabel('Last day', { exact: true }).fill(newest.asOf);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`staybook-earnings-${newest.asOf}-to-${newest.asOf}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toBe(EARNINGS_CSV_HEADER.join(','));
  const dollars = (newest.amountCents / 100).toFixed(2);
  expect(lines).toContain(`${newest.asOf},Payout paid,,,${newest.asOf},Paid out,${dollars}`);
  expect(lines.slice(1).every((line) => line.startsWith(`${newest.asOf},`))).toBe(true);
  await expect(page).toHaveURL(atPath('/dashboard/earnings'));
  expect(errors).toEqual([]);
});

test('earnings are each host’s own: a guest is sent to the dashboard, and another host finds no such payout', async ({ page, playwright }) => {
  await signInAs(page, DEMO.host);
  const { payouts } = payoutsPageSchema.parse(await apiJson(page, '/api/payouts'));
  const hanas = payouts[0]!;
  await page.context().clearCookies();

  await signInAs(page, await createUser(playwright.request));
  await page.goto('/dashboard/earnings');
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(dashboardNav(page).getByRole('link', { name: 'Earnings' })).toBeHidden();
  expect((await page.request.get(`${SEEDED_URL}/api/earnings/payouts/${hanas.id}`)).status()).toBe(403);
  await page.context().clearCookies();

  await signInAs(page, await createUser(playwright.request, { role: 'host' }));
  await page.goto(`/dashboard/earnings/payouts/${hanas.id}`);
  await expect(page.getByRole('heading', { name: 'Payout not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Earnings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/earnings'));
  await expect(page.getByText('No stays yet. Once a guest books one of your listings, its earnings show here.')).toBeVisible();
  await expect(page.getByText('No payouts yet. Your first payout is sent the day after your first guest checks in.')).toBeVisible();
});
