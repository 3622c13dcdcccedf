import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import type { Room } from '@staybook/domain';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import { addDays, bookThroughApi, cancelStaysAfterEach, findBookingRow, usd } from '../support/bookings';
import { fetchMail } from '../support/mail';
import { today, uniquePlace } from '../support/search';
import { DEMO_HOST, listRoomThroughApi } from '../support/listings';
import { SEEDED_URL } from '../support/servers';
import { atPath } from '../support/ui';

const cancelStaysOf = cancelStaysAfterEach();

/**
 * A demo host who can sign in. The stay this test books is cancelled under Moderate and keeps part of its total: a
 * sale, and the admin's statistics test adds up the sales of the demo hosts' rooms only (statistics.spec.ts), so the
 * room is listed by a demo host, as stay-rules.spec.ts does; its title is the test's own.
 */

const PRICE_CENTS = 10_000;
const CLEANING_CENTS = 4_500;
const TAX_BP = 1_250;

/**
 * Two nights three days ahead, worked out by hand: 2 × $100, the $45 cleaning fee, 12.5% tax on both ($30.625,
 * rounded half up). Cancelled under Moderate fewer than 5 days before check-in (a midnight passing during the test
 * still leaves it so): half the nights, the cleaning fee in full, and the tax in the proportion of what it was
 * charged on that comes back, rounded to the nearest cent.
 */
const NIGHTS_CENTS = 2 * PRICE_CENTS;
const TAX_CENTS = Math.round(((NIGHTS_CENTS + CLEANING_CENTS) * TAX_BP) / 10_000);
const TOTAL_CENTS = NIGHTS_CENTS + CLEANING_CENTS + TAX_CENTS;
const NIGHTS_REFUND = Math.ceil(NIGHTS_CENTS / 2);
const TAX_REFUND = Math.round((TAX_CENTS * (NIGHTS_REFUND + CLEANING_CENTS)) / (NIGHTS_CENTS + CLEANING_CENTS));
const REFUND_CENTS = NIGHTS_REFUND + CLEANING_CENTS + TAX_REFUND;
const REFUND_LINES = [
  ['Nights', usd(NIGHTS_REFUND)],
  ['Cleaning fee', usd(CLEANING_CENTS)],
  ['Occupancy tax', usd(TAX_REFUND)],
] as const;

function listRoom(api: APIRequestContext, title: string, place: string): Promise<Room> {
  return listRoomThroughApi(api, {
    title,
    location: `${place}, Testland`,
    to: addDays(today(), 30),
    price: String(PRICE_CENTS / 100),
    cleaningFee: String(CLEANING_CENTS / 100),
    taxRate: String(TAX_BP / 100),
    cancellationPolicy: 'moderate',
  });
}

/** Each line of a refund list (a `dl`), then its total: the terms and the amounts beside them. */
async function expectRefundLines(scope: Locator, totalLabel: string): Promise<void> {
  await expect(scope.getByRole('term')).toHaveText([...REFUND_LINES.map(([label]) => label), totalLabel]);
  await expect(scope.getByRole('definition')).toHaveText([...REFUND_LINES.map(([, amount]) => amount), usd(REFUND_CENTS)]);
}

test('a guest sees the refund line by line before cancelling, then on the trip page, the receipt and the mail', async ({ page, playwright }) => {
  const place = uniquePlace();
  const title = `Refund cottage ${place}`;
  const room = await asAccount(playwright.request, DEMO_HOST, (api) => listRoom(api, title, place));
  const guest = await createUser(playwright.request);
  cancelStaysOf(guest);
  const stay = { from: addDays(today(), 3), to: addDays(today(), 5) };
  const booking = await asAccount(playwright.request, guest, (api) => bookThroughApi(api, room._id, stay));
  expect(booking.priceCents).toBe(TOTAL_CENTS);

  // 1. The cancel dialog, opened from My Bookings: the refund by line and its total, before anyone confirms.
  await signInAs(page, guest);
  await page.goto('/dashboard/my-bookings');
  const row = await findBookingRow(page, title);
  await row.getByRole('button', { name: /Cancel/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(confirm.getByTestId('refund-headline')).toHaveText(`You will be refunded ${usd(REFUND_CENTS)} of ${usd(TOTAL_CENTS)}`);
  await expect(confirm.getByText('The refund, line by line', { exact: true })).toBeVisible();
  await expectRefundLines(confirm, 'Total refund');
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText('Booking Canceled')).toBeVisible();

  // 2. The trip page: under the charged lines, what each gave back.
  const tripPath = `/dashboard/trips/${booking._id}`;
  await page.goto(tripPath);
  const price = page.getByRole('region', { name: 'Price' });
  await expect(price.getByText('Refunded', { exact: true })).toBeVisible();
  await expectRefundLines(price, 'Total refunded');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText(`Refunded${usd(REFUND_CENTS)}`);

  // 3. The receipt: a Refund block beside the charges.
  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(atPath(`${tripPath}/receipt`));
  const receipt = page.getByRole('article', { name: 'Receipt' });
  const refund = receipt.locator('section').filter({ has: page.getByRole('heading', { name: 'Refund', exact: true }) });
  await expectRefundLines(refund, 'Total refunded');

  // 4. The guest's cancellation mail says the same, line by line.
  let text = '';
  await expect
    .poll(async () => (text = (await fetchMail(guest.email)).find((mail) => mail.subject.startsWith('Cancelled:'))?.text ?? ''), {
      message: `the cancellation mail to ${guest.email}`,
    })
    .not.toBe('');
  expect(text.replaceAll('\r\n', '\n')).toContain(
    ['The refund, line by line:', ...REFUND_LINES.map(([label, amount]) => `${label}: ${amount}`), `Refunded to the guest's card: ${usd(REFUND_CENTS)}`].join('\n'),
  );

  // The room leaves the marketplace again; its cancelled stay stays in the host's history.
  await asAccount(playwright.request, DEMO_HOST, async (api) => {
    expect((await api.delete(`${SEEDED_URL}/api/room/${room._id}`, { headers: sameOrigin() })).status()).toBe(200);
  });
});
