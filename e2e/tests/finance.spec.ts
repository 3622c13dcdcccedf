import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { addMonths, FINANCE_COLUMNS } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { DEMO, signInAs } from '../support/auth';
import { SEEDED_URL } from '../support/servers';
import { atPath, collectPageErrors, dashboardNav } from '../support/ui';

/*
 * The admins' Finance page (decision 049): the marketplace's money by month from the ledger, as a table and a CSV
 * file, and a month checked with the payment provider. It only reads, so it runs beside the other specs: their
 * bookings change the figures meanwhile, so the figures are checked for their shape, never for their amounts.
 */

const CSV_HEADER = ['Month', ...FINANCE_COLUMNS.map((column) => column.label)].join(',');

/** 'Nov 2026', as a row of the table names a month. */
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
function shortMonth(month: string): string {
  return SHORT_MONTH.format(new Date(`${month}-01T00:00:00Z`));
}

/** The month rows (the table's body) and the Total row (its foot) of 'Money by month'. */
function figures(page: Page) {
  const table = page.getByRole('table', { name: 'Money by month' });
  return { table, months: table.getByRole('rowgroup').nth(1).getByRole('row'), foot: table.getByRole('rowgroup').nth(2).getByRole('row') };
}

test('an admin opens Finance from the sidebar, downloads the CSV of the last 12 months and checks this month with the provider', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const errors = collectPageErrors(page);
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Finance' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/finance'));
  await expect(page.getByRole('heading', { name: 'Finance', level: 1 })).toBeVisible();

  // 1. The last 12 months up to this one (UTC): a row each, oldest first, this month last, and the Total in the foot.
  const thisMonth = new Date().toISOString().slice(0, 7);
  const from = addMonths(thisMonth, -11);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(thisMonth);
  const { table, months, foot } = figures(page);
  await expect(table.getByRole('columnheader')).toHaveText(CSV_HEADER.split(','));
  await expect(months).toHaveCount(12);
  await expect(months.first().getByRole('cell').first()).toHaveText(shortMonth(from));
  await expect(months.last().getByRole('cell').first()).toHaveText(shortMonth(thisMonth));
  await expect(foot).toHaveCount(1);
  await expect(foot.getByRole('cell')).toHaveText(['Total', ...FINANCE_COLUMNS.map(() => /^-?\$[\d,]+(\.\d\d)?$/)]);
  for (const label of ['Pending', 'Available', 'On its way']) {
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true, level: 3 }) })).toContainText('$');
  }
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // 2. The CSV of the same period, downloaded as a person would: the header, a line per month of the table, the Total.
  const link = page.getByRole('link', { name: 'Download CSV' });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`staybook-finance-${from}-to-${thisMonth}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter((line) => line !== '');
  expect(lines[0]).toBe(CSV_HEADER);
  const rows = lines.slice(1).map((line) => line.split(','));
  const tableMonths = await months.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
  expect(rows.slice(0, -1).map(([month]) => month)).toEqual(tableMonths);
  expect(rows.at(-1)?.[0]).toBe('Total');
  for (const row of rows) expect(row.slice(1), row[0]).toEqual(FINANCE_COLUMNS.map(() => expect.stringMatching(/^-?\d+\.\d\d$/)));
  // Still on the page: the download was a plain navigation that left it alone.
  await expect(page).toHaveURL(atPath('/dashboard/finance'));

  // 3. This month checked with the built-in processor, through which every payment here was made: the ledger agrees.
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(thisMonth);
  const agreed = page.getByText(/^Checked \d+ payments? and \d+ payouts? with the built-in processor: no differences\.$/);
  // Other specs pay and refund meanwhile; one caught between the provider's answer and its journal is asked again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Check with the provider' }).click();
    await expect(agreed).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Differences' })).toBeHidden();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the figures are the admins’: a host neither sees Finance nor opens it, and the API refuses them', async ({ page }) => {
  await signInAs(page, DEMO.host);
  await page.goto('/dashboard/finance');
  await expect(page).toHaveURL(atPath('/dashboard'));
  await expect(dashboardNav(page).getByRole('link', { name: 'My Listings' })).toBeVisible();
  await expect(dashboardNav(page).getByRole('link', { name: 'Finance' })).toBeHidden();
  const month = new Date().toISOString().slice(0, 7);
  for (const path of [`/api/admin/finance?from=${month}&to=${month}`, `/api/admin/finance.csv?from=${month}&to=${month}`, `/api/admin/finance/reconciliation?month=${month}`]) {
    expect((await page.request.get(`${SEEDED_URL}${path}`)).status(), path).toBe(403);
  }
});
