import { expect, test } from '@playwright/test';
import { asAccount, createUser, sameOrigin, signInAs } from '../support/auth';
import {
  addDays,
  cancelStaysAfterEach,
  fetchMyBookings,
  fillCard,
  findBookingRow,
  reservationCard,
  reviewDialog,
  SUCCESS_CARD,
  usd,
} from '../support/bookings';
import { listingRow } from '../support/hosting';
import { DEMO_HOST, listRoomThroughApi } from '../support/listings';
import { roomPath } from '../support/rooms';
import { hostWithRooms, today, uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { dialog } from '../support/ui';

const cancelStaysOf = cancelStaysAfterEach();

const STRICT_TEXT =
  'Full refund if you cancel within 48 hours of booking and at least 14 days before check-in; otherwise 50% until 7 days before check-in, and nothing after.';

test("a host makes a listing Strict in 'Update Room Info', and its room page says so", async ({ page, playwright }) => {
  const place = uniquePlace();
  const {
    host,
    rooms: [room],
  } = await hostWithRooms(playwright.request, [{ location: `${place}, Testland`, title: `Quiet loft ${place}` }]);
  await signInAs(page, host);
  await page.goto(roomPath(room!._id));
  await expect(page.getByRole('heading', { name: 'Cancellation policy: Flexible' })).toBeVisible();

  await page.goto('/dashboard/my-listings');
  await listingRow(page, room!.title).getByRole('button', { name: `Update ${room!.title}` }).click();
  const update = dialog(page, 'Update Room Info');
  const policy = update.getByLabel('Cancellation policy');
  await expect(policy).toHaveValue('flexible');
  await policy.selectOption({ label: 'Strict' });
  await expect(update.getByText(STRICT_TEXT, { exact: false })).toBeVisible();
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(update).toBeHidden();

  await page.goto(roomPath(room!._id));
  await expect(page.getByRole('heading', { name: 'Cancellation policy: Strict' })).toBeVisible();
  await expect(page.getByText(STRICT_TEXT)).toBeVisible();
});

test('a guest books a Strict room seeing its policy before paying, then cancels and sees half the total refunded before and after', async ({
  page,
  playwright,
}) => {
  // Listed by a demo host: the admin's statistics test adds up the sales of the demo hosts' rooms, and the half
  // this stay keeps is a sale.
  const place = uniquePlace();
  const room = await asAccount(playwright.request, DEMO_HOST, (api) =>
    listRoomThroughApi(api, {
      title: `Strict cabin ${place}`,
      location: `${place}, Testland`,
      to: addDays(today(), 60),
      price: '145.25',
      cancellationPolicy: 'strict',
    }),
  );
  // Ten days ahead: past Strict's 14-day full refund, before its 7-day cut-off, so half comes back.
  const stay = { from: addDays(today(), 10), to: addDays(today(), 12) };
  const totalCents = 2 * room.priceCents;
  const half = usd(Math.ceil(totalCents / 2));
  const guest = await createUser(playwright.request);
  cancelStaysOf(guest);
  await signInAs(page, guest);

  await page.goto(`${roomPath(room._id)}?checkin=${stay.from}&checkout=${stay.to}`);
  await expect(page.getByRole('heading', { name: 'Cancellation policy: Strict' })).toBeVisible();
  await reservationCard(page).getByRole('button', { name: 'Reserve' }).click();
  const review = reviewDialog(page);
  await expect(review.getByText('Cancellation policy: Strict')).toBeVisible();
  await expect(review.getByText(STRICT_TEXT)).toBeVisible();
  await fillCard(review, SUCCESS_CARD);
  await review.getByRole('button', { name: `Pay ${usd(totalCents)}` }).click();
  await expect(page.getByText('Room Booked Successfully')).toBeVisible();

  const [booking] = (await fetchMyBookings(page.request)).filter((b) => b.roomId === room._id);
  expect(booking).toMatchObject({ cancellationPolicy: 'strict', reference: expect.stringMatching(/^SB-[0-9A-Z]{4}-[0-9A-Z]{4}$/) });

  await page.goto('/dashboard/my-bookings');
  const row = await findBookingRow(page, room.title);
  await row.getByRole('button', { name: /Cancel/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(confirm.getByTestId('refund-headline')).toHaveText(`You will be refunded ${half} of ${usd(totalCents)}`);
  await expect(confirm.getByText('Under the Strict cancellation policy this stay was booked with, cancelling today refunds half of the total.', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByText('Booking Canceled')).toBeVisible();
  await expect(row).toContainText(`Cancelled · refunded ${half} of ${usd(totalCents)}`);

  const [cancelled] = (await fetchMyBookings(page.request)).filter((b) => b.roomId === room._id);
  expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: Math.ceil(totalCents / 2) });

  // The room leaves the marketplace again; its cancelled stay stays in the host's history.
  await asAccount(playwright.request, DEMO_HOST, async (api) => {
    expect((await api.delete(`${SEEDED_URL}/api/room/${room._id}`, { headers: sameOrigin() })).status()).toBe(200);
  });
});
