import { expect, test, type APIRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { tripSchema, type Room, type StayRange, type Trip } from '@staybook/domain';
import { violationsAtBothSizes } from '../support/a11y';
import { asAccount, createUser, sameOrigin, signInAs, type Account, type TestUser } from '../support/auth';
import {
  addDays,
  bookThroughApi,
  cancelStaysAfterEach,
  dayButton,
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
  showMonthOf,
  SUCCESS_CARD,
  usd,
} from '../support/bookings';
import { listingRow } from '../support/hosting';
import { DEMO_HOST, listRoomThroughApi } from '../support/listings';
import { fetchMail } from '../support/mail';
import type { ReceivedMail } from '../support/mime';
import { roomPath } from '../support/rooms';
import { uniquePlace } from '../support/search';
import { SEEDED_URL } from '../support/servers';
import { atPath, dashboardNav, dialog, isTripPage } from '../support/ui';

/*
 * Request to book (issue 32, decision 049), walked as its people would: the demo host turns Instant book off on a
 * listing of theirs, guests ask for stays on it, and the host accepts one, declines another, and sees a third
 * withdrawn. The three tests share that listing and the host's count of waiting requests (the sidebar's badge), so
 * they run one after the other in this order; no other spec makes requests, so the count is theirs alone.
 */
test.describe.configure({ mode: 'serial' });

const cancelStaysOf = cancelStaysAfterEach();
const withdrawRequestsOf = withdrawRequestsAfterEach();

/**
 * Registers the withdrawing of every request still waiting once each test ends, passed or failed (a request is not a
 * stay: cancelStaysAfterEach leaves it, and it would hold nights, a card and the host's count).
 */
function withdrawRequestsAfterEach(): (guest: Account) => void {
  const guests: Account[] = [];
  test.afterEach(async ({ playwright }) => {
    for (const guest of guests.splice(0)) {
      await asAccount(playwright.request, guest, async (api) => {
        for (const booking of await fetchMyBookings(api)) {
          if (booking.state !== 'requested') continue;
          const withdrawn = await api.post(`${SEEDED_URL}/api/booking/${booking._id}/withdraw`, { headers: sameOrigin() });
          expect(withdrawn.status(), await withdrawn.text()).toBe(200);
        }
      });
    }
  });
  return (guest) => guests.push(guest);
}

/** A guest for one test: their stays are cancelled and their requests withdrawn when it ends. */
async function guestOfThisTest(request: APIRequest): Promise<TestUser> {
  const guest = await createUser(request);
  cancelStaysOf(guest);
  withdrawRequestsOf(guest);
  return guest;
}

/** The trip as the API answers it to `api`'s user. */
async function fetchTrip(api: APIRequestContext, bookingId: string): Promise<Trip> {
  const response = await api.get(`${SEEDED_URL}/api/trips/${bookingId}`);
  expect(response.status(), `GET /api/trips/${bookingId}`).toBe(200);
  return tripSchema.parse(await response.json());
}

/** Waits for the mail to `to` whose subject starts with `subject`, and returns it. */
async function waitForMailAbout(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => (found = (await fetchMail(to)).find((m) => m.subject.startsWith(subject))) !== undefined, { message: `"${subject}…" to ${to}` })
    .toBe(true);
  return found!;
}

/** The sidebar's Requests entry, named with its count as a screen reader reads it ('Requests 2 waiting requests'). */
function requestsEntry(page: Page, waiting: number) {
  const name = waiting === 0 ? 'Requests' : `Requests ${waiting} waiting ${waiting === 1 ? 'request' : 'requests'}`;
  return dashboardNav(page).getByRole('link', { name, exact: true });
}

/** Runs `use` with a page of its own browser context (a second person at their own computer), signed in as `account`. */
async function inBrowserOf<T>(browser: Browser, account: Account, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: SEEDED_URL });
  try {
    const page = await context.newPage();
    await signInAs(page, account);
    return await use(page);
  } finally {
    await context.close();
  }
}

/**
 * The guest asks for `stay` on the room page: the card says the host reviews requests, the review dialog sends a
 * request (the card held, not paid), and the trip page says it waits for the host. Answers the booking's id.
 */
async function sendRequest(page: Page, room: Room, stay: StayRange): Promise<string> {
  const total = usd(expectedTotalCents(room, stay));
  await page.goto(roomPath(room._id));
  const card = reservationCard(page);
  await expect(card.getByText('The host reviews each request: you are charged only if they accept it within 24 hours.')).toBeVisible();
  await pickStay(page, stay);
  await card.getByRole('button', { name: 'Reserve' }).click();
  const review = reviewDialog(page);
  await expect(
    review.getByText(`This host reviews requests. Your card is held for ${total} and charged only if they accept within 24 hours; otherwise the hold is released.`),
  ).toBeVisible();
  await expect(review.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await fillCard(review, SUCCESS_CARD);
  await review.getByRole('button', { name: 'Send Request' }).click();

  await expect(page.getByText('Request Sent', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(isTripPage);
  const bookingId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByText("Request sent: waiting for the host's answer.", { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw request' })).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText('Held on the card, not charged yet', { exact: true })).toBeVisible();
  await expect(payment.getByText('Visa ending in 4242', { exact: true })).toBeVisible();
  return bookingId;
}

/** Every night of `stay` on the room page's calendar: offered (a stay may start on it) or not. */
async function expectNightsOffered(page: Page, stay: StayRange, offered: boolean): Promise<void> {
  for (let night = stay.from; night < stay.to; night = addDays(night, 1)) {
    await showMonthOf(page, night);
    const button = dayButton(page, night);
    if (offered) await expect(button, `the night of ${night} is free`).toBeEnabled();
    else await expect(button, `the night of ${night} is held by the request`).toBeDisabled();
  }
}

test.describe('request to book on a listing of the demo host', () => {
  const place = uniquePlace();
  const title = `Request cottage ${place}`;
  let room: Room;

  test.beforeAll(async ({ playwright }) => {
    // Instant book, as every new listing is: the first test turns it off as the host would.
    room = await asAccount(playwright.request, DEMO_HOST, (api) => listRoomThroughApi(api, { title, location: `${place}, Testland`, price: '140' }));
  });

  test.afterAll(async ({ playwright }) => {
    // Listing it failed: nothing to remove.
    if (!room) return;
    // The stays and requests are over by now (each test's own afterEach): the room leaves the marketplace.
    await asAccount(playwright.request, DEMO_HOST, async (api) => {
      expect((await api.delete(`${SEEDED_URL}/api/room/${room._id}`, { headers: sameOrigin() })).status()).toBe(200);
    });
  });

  test('the host turns Instant book off; a guest requests a stay (the card held); the host accepts it from Requests with a message; the guest is charged, booked and mailed', async ({
    page,
    browser,
    request,
    playwright,
  }) => {
    // Two people in two browsers, a setting, a request, an answer and a mail.
    test.slow();
    const guest = await guestOfThisTest(playwright.request);
    // From the day after tomorrow, so the stay can still be cancelled when the test ends.
    const stay = freeStay(await fetchAvailability(request, room._id), 2, 1);
    const totalCents = expectedTotalCents(room, stay);
    const total = usd(totalCents);
    const message = `Welcome! The key is under the blue pot. ${place}`;

    // 1. The host, in a browser of their own, on the listing's Pricing and availability page: Instant book is on, and goes off.
    await inBrowserOf(browser, DEMO_HOST, async (host) => {
      await host.goto('/dashboard/my-listings');
      await listingRow(host, title).getByRole('link', { name: `Pricing and availability for ${title}` }).click();
      await expect(host).toHaveURL(atPath(`/dashboard/listings/${room._id}/pricing`));
      const stayRules = host.getByRole('group', { name: 'Pricing and stay rules' });
      const instantBook = stayRules.getByRole('checkbox', { name: 'Instant book' });
      await expect(instantBook).toBeChecked();
      await instantBook.uncheck();
      await host.getByRole('button', { name: 'Save changes' }).click();
      await expect(host.getByText('Pricing and availability saved')).toBeVisible();
      await host.reload();
      await expect(host.getByRole('group', { name: 'Pricing and stay rules' }).getByRole('checkbox', { name: 'Instant book' })).not.toBeChecked();
      // No request waits yet: the entry carries no count.
      await expect(requestsEntry(host, 0)).toBeVisible();

      // 2. The guest asks for the stay: the card is held, not captured.
      await signInAs(page, guest);
      const bookingId = await sendRequest(page, room, stay);
      const held = await fetchTrip(page.request, bookingId);
      expect(held.booking).toMatchObject({ status: 'requested', state: 'requested', roomId: room._id, from: stay.from, to: stay.to });
      expect(held.payment).toMatchObject({ status: 'authorized', capturedCents: 0, refundedCents: 0 });
      expect(held.price.totalCents).toBe(totalCents);

      // 3. The host sees the count in the sidebar, opens Requests and accepts, with a message.
      await host.goto('/dashboard');
      await requestsEntry(host, 1).click();
      await expect(host).toHaveURL(atPath('/dashboard/requests'));
      await expect(host.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
      const row = host.getByRole('row').filter({ hasText: guest.email });
      await expect(row).toContainText(title);
      await expect(row).toContainText(total);
      expect(await violationsAtBothSizes(host), 'Requests').toEqual([]);
      await row.getByRole('button', { name: `Accept request from ${guest.name}` }).click();
      const accept = dialog(host, 'Accept this request?');
      await expect(accept.getByText(`${guest.name}'s card is charged ${total} and the stay is booked.`)).toBeVisible();
      expect(await violationsAtBothSizes(host), 'Accept this request?').toEqual([]);
      await accept.getByLabel('Message to the guest (optional)').fill(message);
      await accept.getByRole('button', { name: 'Accept', exact: true }).click();
      await expect(host.getByText('Request Accepted', { exact: true })).toBeVisible();
      await expect(accept).toBeHidden();
      await expect(row).toHaveCount(0);
      await expect(host.getByText('No requests waiting')).toBeVisible();
      await expect(requestsEntry(host, 0)).toBeVisible();

      // 4. The guest's trip page: booked and charged, with the host's message.
      await page.reload();
      await expect(page.getByText('Confirmed: the stay is upcoming.')).toBeVisible();
      await expect(page.getByText(`The host's message: ${message}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(payment.getByText('Paid', { exact: true })).toBeVisible();
      await expect(payment.getByText(total, { exact: true })).toBeVisible();
      const charged = await fetchTrip(page.request, bookingId);
      expect(charged.booking).toMatchObject({ status: 'confirmed', state: 'upcoming' });
      expect(charged.booking.request).toMatchObject({ answer: 'accepted', message });
      expect(charged.payment).toMatchObject({ status: 'captured', capturedCents: totalCents, refundedCents: 0 });

      // 5. And the guest is told by mail, with the message.
      const accepted = await waitForMailAbout(guest.email, `Request accepted: your stay at ${title} is booked`);
      expect(accepted.text).toContain(message);
    });
  });

  test("the host declines another guest's request with a message: the nights open again, the guest is not charged, sees why and is mailed", async ({
    page,
    browser,
    request,
    playwright,
  }) => {
    test.slow();
    const guest = await guestOfThisTest(playwright.request);
    const stay = freeStay(await fetchAvailability(request, room._id), 3, 1);
    const message = `Sorry, we are painting the house that week. ${place}`;

    // 1. The guest asks; while the request waits, its nights are not offered to anyone else.
    await signInAs(page, guest);
    const bookingId = await sendRequest(page, room, stay);
    await page.goto(roomPath(room._id));
    await expectNightsOffered(page, stay, false);

    // 2. The host opens the request from Requests, reads it on its trip page and declines it there, with a message.
    await inBrowserOf(browser, DEMO_HOST, async (host) => {
      await host.goto('/dashboard');
      await requestsEntry(host, 1).click();
      await expect(host).toHaveURL(atPath('/dashboard/requests'));
      const row = host.getByRole('row').filter({ hasText: guest.email });
      await expect(row.getByRole('button', { name: `Decline request from ${guest.name}` })).toBeVisible();
      await row.getByRole('link', { name: title }).click();
      await expect(host).toHaveURL(atPath(`/dashboard/trips/${bookingId}`));
      await expect(host.getByText(`${guest.name} asks to stay.`, { exact: false })).toBeVisible();
      await expect(host.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
      expect(await violationsAtBothSizes(host), "the host's trip page with the request").toEqual([]);
      await host.getByRole('button', { name: 'Decline', exact: true }).click();
      const decline = dialog(host, 'Decline this request?');
      await expect(decline.getByLabel('Message to the guest (optional)')).toBeVisible();
      expect(await violationsAtBothSizes(host), 'Decline this request?').toEqual([]);
      await decline.getByLabel('Message to the guest (optional)').fill(message);
      await decline.getByRole('button', { name: 'Decline', exact: true }).click();
      await expect(host.getByText('Request Declined', { exact: true })).toBeVisible();
      await expect(decline).toBeHidden();
      await expect(host.getByText('The host declined this request.', { exact: false })).toBeVisible();
      await expect(host.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
      await expect(requestsEntry(host, 0)).toBeVisible();
      // Opened from Requests, the trip leads back there.
      await host.getByRole('link', { name: 'Back to Requests' }).click();
      await expect(host).toHaveURL(atPath('/dashboard/requests'));
      await expect(host.getByText('No requests waiting')).toBeVisible();
    });

    // 3. The nights are free again: the room page's calendar offers them.
    await page.reload();
    await expectNightsOffered(page, stay, true);

    // 4. My Bookings says so, and the trip page gives the host's message; the hold is gone, nothing was charged.
    await page.goto('/dashboard/my-bookings');
    const row = await findBookingRow(page, title);
    await expect(row).toContainText('Request declined · not charged');
    await expect(row.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(atPath(`/dashboard/trips/${bookingId}`));
    await expect(page.getByText('The host declined this request.', { exact: false })).toBeVisible();
    await expect(page.getByText(`The host's message: ${message}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment' }).getByText('Released, not charged', { exact: true })).toBeVisible();
    const declined = await fetchTrip(page.request, bookingId);
    expect(declined.booking).toMatchObject({ status: 'cancelled', state: 'cancelled' });
    expect(declined.booking.request).toMatchObject({ answer: 'declined', message });
    expect(declined.payment).toMatchObject({ status: 'voided', capturedCents: 0, refundedCents: 0 });

    // 5. And the guest was mailed, with the message.
    const mail = await waitForMailAbout(guest.email, `Request declined: ${title}, ${mediumDate(stay.from)}`);
    expect(mail.text).toContain(message);
  });

  test("a guest withdraws a request from My Bookings: the host's count of waiting requests goes down", async ({ page, browser, request, playwright }) => {
    test.slow();
    // Two guests ask (through the API, as the tests above do on the page) for nights of their own.
    const withdrawing = await guestOfThisTest(playwright.request);
    const waiting = await guestOfThisTest(playwright.request);
    const availability = await fetchAvailability(request, room._id);
    const first = freeStay(availability, 2, 1);
    // A free night apart from the first.
    const second = freeStay(availability, 2, Math.round((Date.parse(first.to) - Date.parse(availability.from)) / 86_400_000) + 1);
    const withdrawn = await asAccount(playwright.request, withdrawing, (api) => bookThroughApi(api, room._id, first));
    const kept = await asAccount(playwright.request, waiting, (api) => bookThroughApi(api, room._id, second));
    expect([withdrawn.status, kept.status]).toEqual(['requested', 'requested']);

    await inBrowserOf(browser, DEMO_HOST, async (host) => {
      await host.goto('/dashboard');
      await expect(requestsEntry(host, 2)).toBeVisible();

      // The first guest changes their mind, from My Bookings.
      await signInAs(page, withdrawing);
      await page.goto('/dashboard/my-bookings');
      const row = await findBookingRow(page, withdrawn.reference);
      await expect(row).toContainText('Awaiting host');
      await row.getByRole('button', { name: `Withdraw request for ${title}` }).click();
      const confirm = dialog(page, 'Withdraw this request?');
      await expect(confirm.getByText('The hold on your card is released: you are not charged.', { exact: false })).toBeVisible();
      expect(await violationsAtBothSizes(page), 'Withdraw this request?').toEqual([]);
      await confirm.getByRole('button', { name: 'Withdraw request' }).click();
      await expect(page.getByText('Request Withdrawn', { exact: true })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(row).toContainText('Request withdrawn · not charged');
      await expect(row.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);

      // The host, coming back to the dashboard: one request waits, the other guest's.
      await host.reload();
      await expect(requestsEntry(host, 1)).toBeVisible();
      await requestsEntry(host, 1).click();
      await expect(host).toHaveURL(atPath('/dashboard/requests'));
      await expect(host.getByRole('row').filter({ hasText: waiting.email })).toBeVisible();
      await expect(host.getByRole('row').filter({ hasText: withdrawing.email })).toHaveCount(0);
    });

    const trip = await fetchTrip(page.request, withdrawn._id);
    expect(trip.booking.request).toMatchObject({ answer: 'withdrawn' });
    expect(trip.payment).toMatchObject({ status: 'voided', capturedCents: 0 });
    // The host is told by mail.
    await waitForMailAbout(DEMO_HOST.email, `Request withdrawn: ${title}, ${mediumDate(first.from)}`);
  });
});
