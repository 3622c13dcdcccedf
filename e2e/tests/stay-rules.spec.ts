import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Room, StayRange } from '@staybook/domain';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import {
  addDays,
  calendar,
  cancelStaysAfterEach,
  dayButton,
  fetchMyBookings,
  fillCard,
  reservationCard,
  reviewDialog,
  showMonthOf,
  SUCCESS_CARD,
  usd,
} from '../support/bookings';
import { roomCards, roomPath } from '../support/rooms';
import { stayText, today, uniquePlace } from '../support/search';
import { DEMO_HOST, listRoomThroughApi } from '../support/listings';
import { SEEDED_URL } from '../support/servers';
import { atPath, isTripPage } from '../support/ui';

const cancelStaysOf = cancelStaysAfterEach();

/**
 * A demo host who can sign in. The stay this test books is cancelled under Strict and keeps part of its total: a
 * sale, and the admin's statistics test adds up the sales of the demo hosts' rooms only (statistics.spec.ts), so the
 * room is listed by a demo host, as after-pay.spec.ts and cancellation-policy.spec.ts do; its title is the test's own.
 */

/** The listing's prices and rules, in cents and basis points, as the host sets them (in dollars and percent) below. */
const PRICE_CENTS = 12_000;
const WEEKEND_CENTS = 15_000;
const CLEANING_CENTS = 4_500;
const TAX_BP = 1_250;
const MIN_NIGHTS = 3;

/** One line of a price as a person reads it: its label and its amount. */
interface Line {
  label: string;
  cents: number;
}

interface Price {
  lines: Line[];
  nightsCents: number;
  taxCents: number;
  totalCents: number;
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function nightsText(count: number): string {
  return `${count} ${count === 1 ? 'night' : 'nights'}`;
}

/**
 * What the stay costs, worked out here by hand rather than with the app's quote: each night at the nightly price,
 * or the weekend price on Friday and Saturday nights, grouped by price in the order a price first appears; the
 * cleaning fee; then 12.5% tax on both, rounded to the nearest cent, halves up.
 */
function expectedPrice(stay: StayRange): Price {
  const groups: { unitCents: number; weekend: boolean; nights: number }[] = [];
  for (let night = stay.from; night < stay.to; night = addDays(night, 1)) {
    const weekend = weekdayOf(night) === 5 || weekdayOf(night) === 6;
    const unitCents = weekend ? WEEKEND_CENTS : PRICE_CENTS;
    const group = groups.find((g) => g.weekend === weekend);
    if (group) group.nights += 1;
    else groups.push({ unitCents, weekend, nights: 1 });
  }
  const nightLines = groups.map((g) => ({
    label: `${nightsText(g.nights)} × ${usd(g.unitCents)}${g.weekend ? ' (weekend)' : ''}`,
    cents: g.unitCents * g.nights,
  }));
  const nightsCents = nightLines.reduce((sum, line) => sum + line.cents, 0);
  // 12.5% is an eighth: exact in cents up to the half cent, which rounds up.
  const taxCents = Math.round((nightsCents + CLEANING_CENTS) / 8);
  return {
    lines: [...nightLines, { label: 'Cleaning fee', cents: CLEANING_CENTS }, { label: 'Occupancy tax (12.5%)', cents: taxCents }],
    nightsCents,
    taxCents,
    totalCents: nightsCents + CLEANING_CENTS + taxCents,
  };
}

/**
 * What a guest who cancels under Strict between 7 and 13 days before check-in gets back, line by line: half the
 * nights (rounded up, in the guest's favour), the cleaning fee in full, and the tax in the proportion of what it was
 * charged on that comes back, rounded to the nearest cent.
 */
function expectedHalfRefund(price: Price): number {
  const nights = Math.ceil(price.nightsCents / 2);
  const tax = Math.round((price.taxCents * (nights + CLEANING_CENTS)) / (price.nightsCents + CLEANING_CENTS));
  return nights + CLEANING_CENTS + tax;
}

/**
 * The first day from 8 to 12 days ahead (Strict refunds half from 7 to 13 days before check-in, and a midnight
 * passing during the test still leaves it inside) from which a 3-night stay has both a weekday night and a Friday
 * or Saturday night: a Wednesday, Thursday, Friday or Saturday. Five days in a row always hold one.
 */
function checkInDay(): string {
  for (let ahead = 8; ahead <= 12; ahead++) {
    const day = addDays(today(), ahead);
    if ([3, 4, 5, 6].includes(weekdayOf(day))) return day;
  }
  throw new Error('five days in a row without a Wednesday to Saturday');
}

function listRoomWithRules(api: APIRequestContext, title: string, place: string): Promise<Room> {
  return listRoomThroughApi(api, {
    title,
    location: `${place}, Testland`,
    price: String(PRICE_CENTS / 100),
    weekendPrice: String(WEEKEND_CENTS / 100),
    minNights: MIN_NIGHTS,
    cleaningFee: String(CLEANING_CENTS / 100),
    taxRate: String(TAX_BP / 100),
    cancellationPolicy: 'strict',
  });
}

/** The day's button on the room page's calendar, once the calendar shows its month. */
async function day(page: Page, date: string): Promise<Locator> {
  await showMonthOf(page, date);
  return dayButton(page, date);
}

/** The one price as the card, the review dialog and the trip page show it: each line's label and amount, then the Total. */
async function expectPriceDetails(scope: Locator, price: Price): Promise<void> {
  const list = scope.getByRole('list', { name: 'Price details' });
  await expect(list.getByRole('listitem').locator('span')).toHaveText(price.lines.flatMap((line) => [line.label, usd(line.cents)]));
  const total = scope.locator('p').filter({ has: scope.page().getByText('Total', { exact: true }) });
  await expect(total).toHaveText(`Total${usd(price.totalCents)}`);
}

test("a room's weekend price, minimum stay, closed nights, cleaning fee and tax hold from the calendar to the refund", async ({
  page,
  playwright,
}) => {
  // 1. The host lists a room with a weekend price, a 3-night minimum, a cleaning fee and a tax, and closes two nights.
  const place = uniquePlace();
  const title = `Rules cottage ${place}`;
  const blocked = { from: addDays(today(), 20), to: addDays(today(), 22) };
  const room = await asAccount(playwright.request, DEMO_HOST, async (api) => {
    const listed = await listRoomWithRules(api, title, place);
    const closed = await api.put(`${SEEDED_URL}/api/room/${listed._id}/calendar/nights`, {
      headers: sameOrigin(),
      data: { ...blocked, set: { blocked: true } },
    });
    expect(closed.status(), await closed.text()).toBe(200);
    return listed;
  });

  const checkIn = checkInDay();
  const stay = { from: checkIn, to: addDays(checkIn, MIN_NIGHTS) };
  const price = expectedPrice(stay);
  // The stay has weekday and weekend nights: two nights' lines, one of them the weekend's.
  expect(price.lines.filter((line) => / × /.test(line.label))).toHaveLength(2);
  expect(price.lines.filter((line) => line.label.endsWith('(weekend)'))).toHaveLength(1);
  const total = usd(price.totalCents);
  const refundCents = expectedHalfRefund(price);
  const refund = usd(refundCents);

  const guest = await createUser(playwright.request);
  cancelStaysOf(guest);
  await signInAs(page, guest);

  // 2. Searching the place: two nights from the check-in day find nothing (the 3-night minimum); three find the
  // room with the quote's total on its card, fees and tax included.
  await page.goto(`/?where=${encodeURIComponent(place)}&checkin=${stay.from}&checkout=${addDays(stay.from, 2)}`);
  await expect(page.getByRole('heading', { name: 'No stays match your search' })).toBeVisible();
  await page.goto(`/?where=${encodeURIComponent(place)}&checkin=${stay.from}&checkout=${stay.to}`);
  await expect(page.getByTestId('result-count')).toHaveText('1 stay');
  await expect(roomCards(page)).toHaveCount(1);
  await expect(roomCards(page).first()).toContainText(stayText(MIN_NIGHTS, total));

  // 3. A link asking for two nights: the card says why it cannot be booked, and prices nothing.
  const twoNights = { from: stay.from, to: addDays(stay.from, 2) };
  await page.goto(`${roomPath(room._id)}?checkin=${twoNights.from}&checkout=${twoNights.to}`);
  const card = reservationCard(page);
  const refused = card.getByRole('status').filter({ hasText: 'can’t be booked' });
  await expect(refused).toContainText('This home takes stays of at least 3 nights.');
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  await expect(card.getByRole('list', { name: 'Price details' })).toHaveCount(0);

  // The closed nights cannot be picked, nor the days before them from which three nights would reach them; the
  // day three nights before them, and the morning they end, can.
  await expect(calendar(page).getByRole('grid')).toBeVisible();
  for (let night = blocked.from; night < blocked.to; night = addDays(night, 1)) {
    await expect(await day(page, night), `the night of ${night} is closed`).toBeDisabled();
  }
  for (const night of [addDays(blocked.from, -2), addDays(blocked.from, -1)]) {
    await expect(await day(page, night), `three nights from ${night} would reach the closed nights`).toBeDisabled();
  }
  await expect(await day(page, addDays(blocked.from, -MIN_NIGHTS)), 'three nights that end as the closed nights begin').toBeEnabled();
  await expect(await day(page, blocked.to), 'the morning the closed nights end').toBeEnabled();

  // After a check-in day, the days that would make a 1- or 2-night stay are no check-out days; the third is.
  const oneNight = addDays(stay.from, 1);
  const twoNightsOut = addDays(stay.from, 2);
  await expect(await day(page, oneNight), 'before a check-in is picked, it may start a stay').toBeEnabled();
  await expect(await day(page, twoNightsOut), 'before a check-in is picked, it may start a stay').toBeEnabled();
  await (await day(page, stay.from)).click();
  await expect(await day(page, oneNight), 'a 1-night stay').toBeDisabled();
  await expect(await day(page, twoNightsOut), 'a 2-night stay').toBeDisabled();
  await expect(await day(page, stay.to), 'a 3-night stay').toBeEnabled();
  await (await day(page, stay.to)).click();
  await expect(refused).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.searchParams.get('checkin') === stay.from && url.searchParams.get('checkout') === stay.to);

  // 4. The card prices the stay: the weekday nights, the weekend night, the cleaning fee, the tax and the Total.
  await expectPriceDetails(card, price);

  // 5. The same lines before paying, on the trip page and on the receipt.
  await card.getByRole('button', { name: 'Reserve' }).click();
  const review = reviewDialog(page);
  await expect(review.getByText('Cancellation policy: Strict')).toBeVisible();
  await expectPriceDetails(review, price);
  await fillCard(review, SUCCESS_CARD);
  await review.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('Room Booked Successfully')).toBeVisible();
  await expect(page).toHaveURL(isTripPage);
  const tripPath = new URL(page.url()).pathname;

  await expectPriceDetails(page.getByRole('region', { name: 'Price' }), price);
  const policy = page.getByRole('region', { name: 'Cancellation policy' });
  await expect(policy.getByText(`If you cancel today: ${refund} refunded of ${total}`)).toBeVisible();

  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(atPath(`${tripPath}/receipt`));
  const receipt = page.getByRole('article', { name: 'Receipt' });
  const charges = receipt.locator('section').filter({ has: page.getByRole('heading', { name: 'Charges', exact: true }) });
  await expect(charges.getByRole('term')).toHaveText([...price.lines.map((line) => line.label), 'Total']);
  await expect(charges.getByRole('definition')).toHaveText([...price.lines.map((line) => usd(line.cents)), total]);

  // 6. Cancelling under Strict 8 to 12 days ahead: half the nights, the cleaning fee in full, the tax in proportion.
  await page.getByRole('link', { name: 'Back to the trip' }).click();
  await expect(page).toHaveURL(atPath(tripPath));
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(confirm.getByTestId('refund-headline')).toHaveText(`You will be refunded ${refund} of ${total}`);
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText('Booking Canceled')).toBeVisible();
  await expect(policy).toContainText(`${refund} was refunded`);
  const [cancelled] = (await fetchMyBookings(page.request)).filter((b) => b.roomId === room._id);
  expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: refundCents, keptCents: price.totalCents - refundCents });

  // The room leaves the marketplace again; its cancelled stay stays in the host's history.
  await asAccount(playwright.request, DEMO_HOST, async (api) => {
    expect((await api.delete(`${SEEDED_URL}/api/room/${room._id}`, { headers: sameOrigin() })).status()).toBe(200);
  });
});
