import { expect, test } from '@playwright/test';
import { violationsAtBothSizes } from '../support/a11y';
import { createUser, signInAs } from '../support/auth';
import {
  cancelStaysAfterEach,
  expectedTotalCents,
  fetchAvailability,
  fetchMyBookings,
  fillCard,
  findBookingRow,
  freeStay,
  mediumDate,
  pickStay,
  reservationCard,
  reviewDialog,
  SUCCESS_CARD,
  usd,
} from '../support/bookings';
import { roomPath } from '../support/rooms';
import { hostWithRooms, uniquePlace } from '../support/search';
import { atPath, isTripPage } from '../support/ui';

const cancelStaysOf = cancelStaysAfterEach();

/** Pages in a PDF: its page objects (`/Type /Page`), not the page tree (`/Type /Pages`). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

test('a guest pays and lands on the trip page with its reference; the host opens it from Manage Bookings; the receipt prints on one page', async ({
  page,
  request,
  playwright,
}) => {
  const place = uniquePlace();
  const {
    host,
    rooms: [room],
  } = await hostWithRooms(playwright.request, [{ title: `Harbour loft in ${place}`, location: `${place}, Norway`, price: '145' }]);
  const guest = await createUser(playwright.request);
  cancelStaysOf(guest);
  // From the day after tomorrow, so the stay can still be cancelled.
  const stay = freeStay(await fetchAvailability(request, room!._id), 3, 1);
  const total = usd(expectedTotalCents(room!, stay));

  await signInAs(page, guest);
  await page.goto(roomPath(room!._id));
  await pickStay(page, stay);
  await reservationCard(page).getByRole('button', { name: 'Reserve' }).click();
  const dialog = reviewDialog(page);
  await fillCard(dialog, SUCCESS_CARD);
  await dialog.getByRole('button', { name: `Pay ${total}` }).click();

  await expect(page.getByText('Room Booked Successfully')).toBeVisible();
  await expect(page).toHaveURL(isTripPage);
  const [booking] = await fetchMyBookings(page.request);
  expect(booking?.roomId).toBe(room!._id);
  const tripUrl = page.url();
  expect(new URL(tripUrl).pathname).toBe(`/dashboard/trips/${booking!._id}`);

  // The reference the API reports, the stay, the money and the policy with what cancelling today would refund.
  await expect(page.getByText(booking!.reference, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: room!.title })).toBeVisible();
  await expect(page.getByText(room!.location, { exact: true })).toBeVisible();
  const stayFacts = page.getByRole('region', { name: 'Your stay' });
  await expect(stayFacts.getByText(mediumDate(stay.from), { exact: true })).toBeVisible();
  await expect(stayFacts.getByText(mediumDate(stay.to), { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Price' }).getByText(`3 nights × ${usd(room!.priceCents)}`)).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your host' }).getByText(host.name, { exact: true })).toBeVisible();
  const policy = page.getByRole('region', { name: 'Cancellation policy' });
  await expect(policy.getByText('Flexible', { exact: true })).toBeVisible();
  await expect(policy.getByText('Full refund if you cancel before the check-in day.')).toBeVisible();
  await expect(policy.getByText(`If you cancel today: ${total} refunded of ${total}`)).toBeVisible();
  await expect(policy.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  const addToCalendar = page.getByRole('link', { name: 'Add to calendar' });
  await expect(addToCalendar).toHaveAttribute('href', `/api/booking/${booking!._id}/calendar.ics`);
  await expect(addToCalendar).toHaveAttribute('download');
  expect(await violationsAtBothSizes(page)).toEqual([]);

  // My Bookings is one click away, and its row leads back.
  await page.getByRole('link', { name: 'Back to My Bookings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/my-bookings'));
  const row = await findBookingRow(page, booking!.reference);
  await row.getByRole('link', { name: room!.title }).click();
  await expect(page).toHaveURL(tripUrl);
  await expect(page.getByText(booking!.reference, { exact: true })).toBeVisible();

  // The receipt, printed: one page, without the app around it.
  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(atPath(`/dashboard/trips/${booking!._id}/receipt`));
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
  for (const text of [booking!.reference, guest.name, guest.email, host.name, room!.title, 'Confirmed', 'USD']) {
    await expect(receipt.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(await violationsAtBothSizes(page)).toEqual([]);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  expect(pdfPageCount(await page.pdf({ format: 'A4' }))).toBe(1);
  expect(pdfPageCount(await page.pdf({ format: 'Letter' }))).toBe(1);
  await page.emulateMedia({ media: 'screen' });

  // The host finds the same stay in Manage Bookings and sees who the guest is.
  await page.context().clearCookies();
  await signInAs(page, host);
  await page.goto('/dashboard/manage-bookings');
  const managed = await findBookingRow(page, guest.email);
  await expect(managed).toContainText(booking!.reference);
  await managed.getByRole('link', { name: room!.title }).click();
  await expect(page).toHaveURL(tripUrl);
  await expect(page.getByText(booking!.reference, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your guest' }).getByText(guest.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cancellation policy' }).getByText(`If you cancel today: ${total} refunded of ${total}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Manage Bookings' })).toBeVisible();
  expect(await violationsAtBothSizes(page), "the host's trip page").toEqual([]);
});

test("a signed-in stranger opening someone else's trip is told the booking was not found", async ({ page, playwright }) => {
  await signInAs(page, await createUser(playwright.request));
  await page.goto('/dashboard/trips/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Bookings' }).click();
  await expect(page).toHaveURL(atPath('/dashboard/my-bookings'));
});
