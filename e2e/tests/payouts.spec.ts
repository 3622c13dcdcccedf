import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import { addDays, bookThroughApi, mediumDate, usd } from '../support/bookings';
import { hostWithRooms, today, uniquePlace } from '../support/search';
import { POSTGRES_SEEDED_URL, postgresSeededDatabaseUrl } from '../support/servers';
import { atPath, collectPageErrors, dashboardNav } from '../support/ui';

/*
 * A host's Payouts page (decision 049): their balances, the bank account they are paid to (Stripe's test numbers with
 * the built-in processor) and their payouts. Each test makes a host of its own: a payout account stays on the shared
 * server for the rest of the run, and the daily payout pass would pay a demo host's balance to it.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const GOOD_ACCOUNT = { holderName: 'Hana Host', routingNumber: '110000000', accountNumber: '000123456789' };
const EMPTY_HISTORY = 'No payouts yet. Your first payout is sent the day after your first guest checks in.';

function bankAccountForm(page: Page) {
  return {
    holderName: page.getByLabel('Account holder name', { exact: true }),
    routingNumber: page.getByLabel('Routing number', { exact: true }),
    accountNumber: page.getByLabel('Account number', { exact: true }),
    save: page.getByRole('button', { name: 'Save bank account' }),
  };
}

/** The balance card `label` (a heading of the Balances section) and what it says. */
function balanceCard(page: Page, label: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true, level: 3 }) });
}

test('a new host opens Payouts, is told why a routing number is refused, and saves a test bank account', async ({ page, playwright }) => {
  const host = await createUser(playwright.request, { role: 'host' });
  await signInAs(page, host);
  const errors = collectPageErrors(page);

  // 1. From the sidebar: nothing earned yet, no account, and no payout.
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/payouts'));
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  for (const label of ['Pending', 'Available', 'On its way', 'Paid out']) {
    await expect(balanceCard(page, label).getByText('$0', { exact: true })).toBeVisible();
  }
  await expect(balanceCard(page, 'Available')).toContainText('Paid to your bank account once a day.');
  await expect(page.getByText('Payouts start once you add the bank account they go to.')).toBeVisible();
  await expect(page.getByText(EMPTY_HISTORY)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payout history' })).toBeHidden();

  // 2. A real bank's routing number is refused under its field, in the words of the shared schema.
  const form = bankAccountForm(page);
  await expect(page.getByText(/^Test mode:/)).toContainText('110000000');
  await form.holderName.fill(GOOD_ACCOUNT.holderName);
  await form.routingNumber.fill('021000021');
  await form.accountNumber.fill(GOOD_ACCOUNT.accountNumber);
  await form.save.click();
  await expect(page.getByText('In test mode, use the test routing number 110000000')).toBeVisible();
  await expect(form.routingNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(form.routingNumber).toBeFocused();
  // The page with the form and its error passes the checks.
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // 3. The test routing number: saved, and the page says where payouts go instead of asking again.
  await form.routingNumber.fill(GOOD_ACCOUNT.routingNumber);
  await form.save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Bank account saved' })).toBeVisible();
  await expect(page.getByText('Payouts go to Hana Host, account ending in 6789.')).toBeVisible();
  await expect(form.save).toBeHidden();
  await expect(page.getByRole('button', { name: 'Change bank account' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // 4. Kept: after a reload too. The server kept the last four digits only.
  await page.reload();
  await expect(page.getByText('Payouts go to Hana Host, account ending in 6789.')).toBeVisible();
  await page.getByRole('button', { name: 'Change bank account' }).click();
  await expect(form.holderName).toHaveValue('Hana Host');
  await expect(form.accountNumber).toHaveValue('');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.save).toBeHidden();
  expect(errors).toEqual([]);
});

test.describe('on PostgreSQL', () => {
  const databaseUrl = postgresSeededDatabaseUrl();
  test.skip(!POSTGRES_SEEDED_URL || !databaseUrl, 'needs the PostgreSQL seeded server (TEST_DATABASE_URL)');
  test.use({ baseURL: POSTGRES_SEEDED_URL ?? undefined });

  test("the day after a guest checks in, the operator's payout run pays the host, and Payouts shows it", async ({ page, playwright }) => {
    test.slow();
    const baseURL = POSTGRES_SEEDED_URL!;
    // This server's database is the run's own (dropped at the end), and no other spec reads its hosts' money.
    const place = uniquePlace();
    const { host, rooms } = await hostWithRooms(playwright.request, [{ title: `Payout cabin ${place}`, location: `${place}, Testland`, price: '180' }], { baseURL });
    const room = rooms[0]!;
    await asAccount(
      playwright.request,
      host,
      async (api) => {
        const saved = await api.put(`${baseURL}/api/payouts/bank-account`, { headers: sameOrigin(baseURL), data: GOOD_ACCOUNT });
        expect(saved.status(), await saved.text()).toBe(200);
      },
      baseURL,
    );

    // A guest books two nights from tomorrow: the host's whole share (no fees on this server) is pending.
    const stay = { from: addDays(today(), 1), to: addDays(today(), 3) };
    const shareCents = 2 * room.priceCents;
    const guest = await createUser(playwright.request, { baseURL });
    const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay, baseURL), baseURL);

    await signInAs(page, host, baseURL);
    await page.goto('/dashboard/payouts');
    await expect(balanceCard(page, 'Pending').getByText(usd(shareCents), { exact: true })).toBeVisible();
    await expect(page.getByText(EMPTY_HISTORY)).toBeVisible();

    // The operator pays what is due the day after check-in, as the server's daily run would then.
    const asOf = addDays(stay.from, 1);
    const { stdout } = await promisify(execFile)('npm', ['run', 'payouts', '--silent', '--', `--as-of=${asOf}`], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl!, PUBLIC_URL: baseURL, DATA_DIR: join(process.env.E2E_DATA_ROOT!, 'seeded-postgres') },
      timeout: 60_000,
    });
    expect(stdout).toContain(`Payouts for ${asOf}:`);

    await page.reload();
    const rows = page.getByRole('table', { name: 'Payout history' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByRole('cell')).toHaveText([mediumDate(asOf), usd(shareCents), 'Paid', '…6789']);
    await expect(balanceCard(page, 'Paid out').getByText(usd(shareCents), { exact: true })).toBeVisible();
    await expect(balanceCard(page, 'Pending').getByText('$0', { exact: true })).toBeVisible();

    // The payout's statement: the one stay it paid, by its reference, adding up to the payout.
    await rows.nth(1).getByRole('link', { name: mediumDate(asOf), exact: true }).click();
    const statement = page.getByRole('article', { name: 'Payout statement' });
    await expect(statement.getByText(`Payout of ${mediumDate(asOf)}`, { exact: true })).toBeVisible();
    const stays = statement.getByRole('table', { name: 'Stays in this payout' });
    await expect(stays.getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(1);
    await expect(stays.getByRole('row').filter({ hasText: booking.reference })).toContainText(guest.name);
    await expect(stays.getByRole('rowgroup').nth(2).getByRole('row').last()).toHaveText(new RegExp(`^Total.*${usd(shareCents).replace('$', '\\$')}$`));
    // Opened from Payouts, the statement leads back there.
    await expect(page.getByRole('link', { name: 'Back to Earnings' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Payouts' }).click();
    await expect(page).toHaveURL(atPath('/dashboard/payouts'));
    await expect(page.getByRole('table', { name: 'Payout history' })).toBeVisible();
  });
});
