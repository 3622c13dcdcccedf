import { expect, test } from '@playwright/test';
import { createUser, signInAs, waitForVerificationMail } from '../support/auth';
import { BOOKABLE_ROOMS, fetchAvailability, freeStay, reservationCard, roomTitled } from '../support/bookings';
import { firstLink } from '../support/mail';
import { atPath, dashboardNav, dialog } from '../support/ui';

const WHY = (action: string) => `Please verify your e-mail address before you ${action}.`;

test('an unverified guest sees why they cannot book or become a host, resends the link and opens it', async ({
  page,
  playwright,
}) => {
  const guest = await createUser(playwright.request, { verified: false });
  await signInAs(page, guest);
  let hostRequests = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/user') hostRequests += 1;
  });

  // Booking: the dates can be chosen and priced, but the card says why Reserve stays off. (The room is only looked at.)
  const room = await roomTitled(page.request, BOOKABLE_ROOMS.journey);
  const stay = freeStay(await fetchAvailability(page.request, room._id), 2, 1);
  const roomWithStay = `/room/${room._id}?checkin=${stay.from}&checkout=${stay.to}`;
  await page.goto(roomWithStay);
  const card = reservationCard(page);
  await expect(card.getByText(WHY('book a stay'))).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reserve' })).toBeDisabled();

  // Becoming a host, from the header button and from the sidebar: the dialog says why, and Continue is off.
  const becomeHost = dialog(page, 'Become A Host!');
  await page.getByRole('button', { name: 'Host your home' }).click();
  await expect(becomeHost.getByText(WHY('ask to become a host'))).toBeVisible();
  await expect(becomeHost.getByText('Please read all the terms & conditions before becoming a host.')).toBeVisible();
  await expect(becomeHost.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await becomeHost.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/dashboard');
  await dashboardNav(page).getByRole('button', { name: 'Become A Host' }).click();
  await expect(becomeHost.getByText(WHY('ask to become a host'))).toBeVisible();
  await expect(becomeHost.getByRole('button', { name: 'Continue' })).toBeDisabled();

  // 'Resend the link' in the dialog sends a second mail; the first one still works too.
  await becomeHost.getByRole('button', { name: 'Resend the link' }).click();
  await expect(page.getByText(`We sent a new link to ${guest.email}.`)).toBeVisible();
  const resent = await waitForVerificationMail(guest.email, 2);
  await becomeHost.getByRole('button', { name: 'Cancel' }).click();
  expect(hostRequests).toBe(0);

  // The profile says the address is not verified, and offers the link again.
  await dashboardNav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText('(not verified)')).toBeVisible();
  await expect(page.getByText('Your e-mail address is not verified yet.')).toBeVisible();

  // Opening the new link verifies the address; everything it waited for is open now.
  await page.goto(firstLink(resent).href);
  await expect(page).toHaveURL(atPath('/verify-email'));
  await expect(page.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
  await page.goto('/dashboard/profile');
  await expect(page.getByText('(verified)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend the link' })).toBeHidden();
  await dashboardNav(page).getByRole('button', { name: 'Become A Host' }).click();
  await expect(becomeHost.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expect(becomeHost.getByText(WHY('ask to become a host'))).toBeHidden();
  await becomeHost.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(roomWithStay);
  await expect(reservationCard(page).getByRole('button', { name: 'Reserve' })).toBeEnabled();
  await expect(reservationCard(page).getByText(WHY('book a stay'))).toBeHidden();
});

test('an unverified host is told why Add Room has no form, and an expired or broken link says what to do', async ({
  page,
  playwright,
}) => {
  const host = await createUser(playwright.request, { role: 'host', verified: false });
  await signInAs(page, host);
  await page.goto('/dashboard/add-room');
  await expect(page.getByRole('heading', { name: 'Add Room' })).toBeVisible();
  await expect(page.getByText(WHY('list a room'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save & Continue' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Resend the link' })).toBeVisible();

  // A link whose token was changed lands on the page that says so, with the way to a new one.
  const link = firstLink(await waitForVerificationMail(host.email));
  link.searchParams.set('token', `${link.searchParams.get('token')!}x`);
  await page.goto(link.href);
  await expect(page).toHaveURL((url) => url.pathname === '/verify-email' && url.searchParams.get('error') === 'INVALID_TOKEN');
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend the link' })).toBeVisible();
});
