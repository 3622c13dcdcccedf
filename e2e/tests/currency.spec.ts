import { expect, test, type APIRequestContext } from '@playwright/test';
import { roomAvailabilitySchema, roomsPageSchema, serverInfoSchema, type ListedRoom } from '@staybook/domain';
import { DEMO, signInAs } from '../support/auth';
import { BOOKABLE_ROOMS, fillCard, freeStay, nightsOf, pickStay, reservationCard, reviewDialog, SUCCESS_CARD } from '../support/bookings';
import { roomCards, roomPath } from '../support/rooms';
import { atPath, isTripPage } from '../support/ui';
import { EURO_URL, YEN_URL } from '../support/servers';

/*
 * The marketplace's currency (decision 061), on two demo marketplaces of their own started with MARKETPLACE_CURRENCY
 * (playwright.config.ts): one in euros, one in yen. Amounts are written here by hand, not with the app's helper, so a
 * wrong sign or a stray decimal in the app fails the test.
 */

/** '€118', '€1,450', '€89.50': the app's way with euros, worked out here. */
function euros(cents: number): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `€${whole}${cents % 100 === 0 ? '' : `.${String(cents % 100).padStart(2, '0')}`}`;
}

/** '¥11,800': yen are whole, never with decimals. */
function yen(amount: number): string {
  return `¥${String(amount).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** A seeded room of the marketplace at `baseURL`, found by title on its rooms pages. */
async function seededRoom(request: APIRequestContext, baseURL: string, title: string): Promise<ListedRoom> {
  for (let cursor: string | null = null; ; ) {
    const response = await request.get(`${baseURL}/api/rooms${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status()).toBe(200);
    const page = roomsPageSchema.parse(await response.json());
    const room = page.items.find((item) => item.title === title);
    if (room) return room;
    if (!page.nextCursor) throw new Error(`no room "${title}" at ${baseURL}`);
    cursor = page.nextCursor;
  }
}

/** The first room the home page's grid shows on the marketplace at `baseURL`. */
async function firstListed(request: APIRequestContext, baseURL: string): Promise<ListedRoom> {
  const response = await request.get(`${baseURL}/api/rooms`);
  expect(response.status()).toBe(200);
  const room = roomsPageSchema.parse(await response.json()).items[0];
  if (!room) throw new Error(`no room listed at ${baseURL}`);
  return room;
}

async function currencyOf(request: APIRequestContext, baseURL: string): Promise<string> {
  return serverInfoSchema.parse(await (await request.get(`${baseURL}/api/config`)).json()).currency;
}

test.describe('a marketplace in euros', () => {
  test.use({ baseURL: EURO_URL });

  test('a guest sees euro prices on the home and room pages, pays in euros, and the trip and receipt say euros; the admin cannot change it now', async ({
    page,
    request,
  }) => {
    expect(await currencyOf(request, EURO_URL)).toBe('EUR');
    // The demo's $118 a night is €118 here.
    const room = await seededRoom(request, EURO_URL, BOOKABLE_ROOMS.journey);
    expect(room.priceCents).toBe(11_800);

    // The home page, painted by the server and then the app's: the card's price is in euros.
    // The grid's first room, whichever it is: the booked room may be further down than its first page.
    const first = await firstListed(request, EURO_URL);
    await page.goto('/');
    const card = roomCards(page).filter({ has: page.getByAltText(first.title, { exact: true }) });
    await expect(card).toContainText(euros(first.priceCents));
    await expect(roomCards(page).first()).toContainText('€');
    await expect(roomCards(page).first()).not.toContainText('$');

    await signInAs(page, DEMO.guest, EURO_URL);
    await page.goto(roomPath(room._id));
    const reservation = reservationCard(page);
    await expect(reservation.getByText(euros(room.priceCents), { exact: true })).toBeVisible();

    const availability = roomAvailabilitySchema.parse(await (await request.get(`${EURO_URL}/api/room/${room._id}/availability`)).json());
    // From two days on, so cancelling today refunds all of it under the room's flexible policy in any time zone.
    const stay = freeStay(availability, 2, 2);
    const total = euros(nightsOf(stay) * room.priceCents);
    await pickStay(page, stay);
    await reservation.getByRole('button', { name: 'Reserve' }).click();
    const dialog = reviewDialog(page);
    await fillCard(dialog, SUCCESS_CARD);
    await dialog.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page.getByText('Room Booked Successfully')).toBeVisible();
    await expect(page).toHaveURL(isTripPage);

    await expect(page.getByRole('region', { name: 'Price' }).getByText(`2 nights × ${euros(room.priceCents)}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cancellation policy' }).getByText(`If you cancel today: ${total} refunded of ${total}`)).toBeVisible();
    await page.getByRole('link', { name: 'View receipt' }).click();
    await expect(page).toHaveURL((url) => url.pathname.endsWith('/receipt'));
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(receipt.getByText('EUR', { exact: true })).toBeVisible();
    await expect(receipt.getByText(/^All amounts in euros \(EUR\)\./)).toBeVisible();
    await expect(receipt.getByText(total, { exact: true }).first()).toBeVisible();
    await expect(receipt).not.toContainText('$');

    // The marketplace has bookings now: the admin sees its currency, and why it cannot change.
    await page.context().clearCookies();
    await signInAs(page, DEMO.admin, EURO_URL);
    await page.goto('/dashboard/fees');
    await expect(page).toHaveURL(atPath('/dashboard/fees'));
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await expect(currency).toHaveValue('EUR');
    await expect(currency).toBeDisabled();
    await expect(page.getByText("The currency can't change once the marketplace has bookings")).toBeVisible();
  });
});

test.describe('a marketplace in yen', () => {
  test.use({ baseURL: YEN_URL });

  test('shows whole yen, never decimals, on the home and room pages and in the review before paying', async ({ page, request }) => {
    expect(await currencyOf(request, YEN_URL)).toBe('JPY');
    // The demo's $118 a night is ¥11,800 here: the same count of the currency's smallest unit.
    const room = await seededRoom(request, YEN_URL, BOOKABLE_ROOMS.journey);
    expect(room.priceCents).toBe(11_800);

    const first = await firstListed(request, YEN_URL);
    await page.goto('/');
    const card = roomCards(page).filter({ has: page.getByAltText(first.title, { exact: true }) });
    await expect(card).toContainText(yen(first.priceCents));
    for (const text of await roomCards(page).allInnerTexts()) {
      expect(text).toContain('¥');
      // No amount on a card has decimals: '¥11,800', never '¥11,800.00'.
      expect(text).not.toMatch(/¥[\d,]+\.\d/);
    }

    await signInAs(page, DEMO.guest, YEN_URL);
    await page.goto(roomPath(room._id));
    const reservation = reservationCard(page);
    await expect(reservation.getByText(yen(room.priceCents), { exact: true })).toBeVisible();
    const availability = roomAvailabilitySchema.parse(await (await request.get(`${YEN_URL}/api/room/${room._id}/availability`)).json());
    const stay = freeStay(availability, 3, 1);
    await pickStay(page, stay);
    await reservation.getByRole('button', { name: 'Reserve' }).click();
    const dialog = reviewDialog(page);
    await expect(dialog.getByRole('button', { name: `Pay ${yen(nightsOf(stay) * room.priceCents)}` })).toBeVisible();
    await expect(dialog).not.toContainText(/¥[\d,]+\.\d/);
  });
});
