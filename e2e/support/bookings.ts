import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  bookingSchema,
  bookingsPageSchema,
  paymentIntentSchema,
  roomAvailabilitySchema,
  type Booking,
  type ListedRoom,
  type RoomAvailability,
  type StayRange,
} from '@staybook/domain';
import { asAccount, sameOrigin, type Account } from './auth';
import { fetchAllRooms } from './rooms';
import { SEEDED_URL } from './servers';

/**
 * Seeded rooms (apps/api/src/seed/demo-data.ts) that booking tests change, one per test, so that tests
 * running side by side never book the same nights. No other spec books them.
 */
export const BOOKABLE_ROOMS = {
  journey: 'Red cottage by a still lake',
  takenNights: 'Snow-bound cabin on the fjord',
  decline: 'Fairy-chimney cave suite',
  race: 'Garden house with a heated pool',
  twoTabs: 'Canvas lodge by the river',
  guestCancels: 'Forest glamping with a campfire',
  // Hosted by the demo host, whose Manage Bookings the test reads.
  hostCancels: 'Alpine hay barn loft',
  fullyBooked: 'Dune camp with Berber tents',
  keyboard: 'Oak-frame barn by the orchard',
  a11y: 'Starlit desert dome',
  a11yTables: 'Troglodyte home with a courtyard',
  // Hosted by the demo host, whose Manage Bookings the test reads; takes 4 guests.
  searchDates: 'Adobe retreat among the cacti',
} as const;

/** Stripe's test card that is always authorized, and a card that is always declined. */
export const SUCCESS_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
/** Any expiry date in the future works with the test cards: December, three years on. */
export const CARD_EXPIRY = { month: 12, year: new Date().getUTCFullYear() + 3 };

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function nightsOf(stay: StayRange): number {
  return Math.round((Date.parse(stay.to) - Date.parse(stay.from)) / DAY_MS);
}

/** What a stay costs, worked out here rather than with the app's code: nights × the nightly price. */
export function expectedTotalCents(room: Pick<ListedRoom, 'priceCents'>, stay: StayRange): number {
  return nightsOf(stay) * room.priceCents;
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const WITH_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** How the product writes an amount: '$10,640', '$89.50'. */
export function usd(cents: number): string {
  return cents % 100 === 0 ? WHOLE_DOLLARS.format(cents / 100) : WITH_CENTS.format(cents / 100);
}

/** How the product writes a calendar date: 'Jan 5, 2027'. */
export function mediumDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export async function roomTitled(request: APIRequestContext, title: string): Promise<ListedRoom> {
  const room = (await fetchAllRooms(request)).find((r) => r.title === title);
  if (!room) throw new Error(`the seeded marketplace has no room "${title}"`);
  return room;
}

export async function fetchAvailability(request: APIRequestContext, roomId: string): Promise<RoomAvailability> {
  const response = await request.get(`${SEEDED_URL}/api/room/${roomId}/availability`);
  expect(response.status(), `GET /api/room/${roomId}/availability`).toBe(200);
  return roomAvailabilitySchema.parse(await response.json());
}

function isTaken(day: string, availability: RoomAvailability): boolean {
  return availability.taken.some((stay) => stay.from <= day && day < stay.to);
}

/**
 * The first `nights` free nights in a row, starting `skip` days or more after the first day offered
 * (today, for a room whose window has begun).
 */
export function freeStay(availability: RoomAvailability, nights: number, skip = 0): StayRange {
  for (let from = addDays(availability.from, skip); addDays(from, nights) <= availability.to; from = addDays(from, 1)) {
    const stayNights = Array.from({ length: nights }, (_, i) => addDays(from, i));
    if (!stayNights.some((night) => isTaken(night, availability))) return { from, to: addDays(from, nights) };
  }
  throw new Error(`no ${nights} free nights in a row between ${availability.from} and ${availability.to}`);
}

/** Every run of free nights left, as stays: booking them all leaves the room fully booked. */
export function freeRuns(availability: RoomAvailability): StayRange[] {
  const runs: StayRange[] = [];
  for (let day = availability.from; day < availability.to; day = addDays(day, 1)) {
    if (isTaken(day, availability)) continue;
    const last = runs[runs.length - 1];
    if (last && last.to === day) last.to = addDays(day, 1);
    else runs.push({ from: day, to: addDays(day, 1) });
  }
  return runs;
}

/**
 * Books a stay as the browser does, through the API with the built-in processor's success card:
 * payment intent, card confirmation, booking. `api` is signed in as the guest, on `baseURL`'s server.
 */
export async function bookThroughApi(api: APIRequestContext, roomId: string, stay: StayRange, baseURL = SEEDED_URL): Promise<Booking> {
  const headers = sameOrigin(baseURL);
  const created = await api.post(`${baseURL}/api/create-payment-intent`, { headers, data: { roomId, ...stay } });
  expect(created.ok(), `create a payment intent: ${await created.text()}`).toBe(true);
  const intent = paymentIntentSchema.parse(await created.json());

  const confirmed = await api.post(`${baseURL}/api/test-processor/confirm`, {
    headers,
    data: {
      clientSecret: intent.clientSecret,
      card: { number: SUCCESS_CARD.replaceAll(' ', ''), expMonth: CARD_EXPIRY.month, expYear: CARD_EXPIRY.year, cvc: '123' },
    },
  });
  expect(confirmed.ok(), `confirm the card: ${await confirmed.text()}`).toBe(true);

  const booked = await api.post(`${baseURL}/api/booking`, { headers, data: { paymentIntentId: intent.paymentIntentId } });
  expect(booked.ok(), `book the stay: ${await booked.text()}`).toBe(true);
  return bookingSchema.parse(await booked.json());
}

/** The first page of the signed-in user's bookings. */
export async function fetchMyBookings(api: APIRequestContext): Promise<Booking[]> {
  const response = await api.get(`${SEEDED_URL}/api/my-bookings`);
  expect(response.status(), 'GET /api/my-bookings').toBe(200);
  return bookingsPageSchema.parse(await response.json()).items;
}

/** Every booking of the signed-in guest, page after page. */
export async function fetchAllMyBookings(api: APIRequestContext): Promise<Booking[]> {
  const bookings: Booking[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
    const response = await api.get(`${SEEDED_URL}/api/my-bookings${query}`);
    expect(response.status(), 'GET /api/my-bookings').toBe(200);
    const page = bookingsPageSchema.parse(await response.json());
    bookings.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return bookings;
}

/**
 * Registers, for the spec file it is called in, the cancelling of stays once each test ends, passed or failed:
 * every upcoming stay of each guest handed to the returned function. A stay a test leaves behind would count in
 * the admin's statistics, which another spec checks.
 */
export function cancelStaysAfterEach(): (guest: Account) => void {
  const guests: Account[] = [];
  test.afterEach(async ({ playwright }) => {
    for (const guest of guests.splice(0)) {
      await asAccount(playwright.request, guest, async (api) => {
        for (const booking of await fetchMyBookings(api)) {
          if (booking.state !== 'upcoming') continue;
          const cancelled = await api.delete(`${SEEDED_URL}/api/booking/${booking._id}`, { headers: sameOrigin() });
          expect(cancelled.status(), await cancelled.text()).toBe(200);
        }
      });
    }
  });
  return (guest) => guests.push(guest);
}

// ---- The room page's reservation card and its calendar ----

export function reservationCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Reservation' });
}

export function calendar(page: Page): Locator {
  return page.getByTestId('availability-calendar');
}

/** What screen readers are told after each pick (the calendar's live region). */
export function pickAnnouncement(page: Page): Locator {
  // The other live region in the calendar is its month caption.
  return calendar(page).locator('p[aria-live="polite"]');
}

/** The calendar's name for a day, as a screen reader reads it: its number first, '5, Tuesday, January 2027'. */
export function dayName(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const month = d.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${d.getUTCDate()}, ${weekday}, ${month} ${d.getUTCFullYear()}`;
}

/** A day's button in a calendar: ', today' and ', selected' are added to its name when they apply. */
export function dayButtonNamed(date: string): RegExp {
  return new RegExp(`^${dayName(date)}(, today)?(, selected)?$`);
}

export function dayButton(page: Page, date: string): Locator {
  return calendar(page).getByRole('button', { name: dayButtonNamed(date) });
}

export function monthName(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Pages the calendar to the month of `date`, as a person presses 'next month' or 'previous month': a stay picked
 * across a month's end leaves the calendar on the later month.
 */
export async function showMonthOf(page: Page, date: string): Promise<void> {
  // The calendar arrives after the room: until then there is no month to page from.
  await expect(calendar(page).getByRole('grid')).toBeVisible();
  const wanted = date.slice(0, 7);
  const grid = calendar(page).getByRole('grid', { name: monthName(date) });
  while (!(await grid.isVisible())) {
    const shown = (await calendar(page).getByRole('grid').getAttribute('aria-label')) ?? '';
    const shownMonth = new Date(`1 ${shown} UTC`).toISOString().slice(0, 7);
    const button = calendar(page).getByRole('button', { name: shownMonth < wanted ? 'Go to the Next Month' : 'Go to the Previous Month' });
    await expect(button, `the calendar reaches ${monthName(date)}`).toBeEnabled();
    await button.click();
    await expect(calendar(page).getByRole('grid')).not.toHaveAttribute('aria-label', shown);
  }
}

/** Clicks check-in, then check-out, paging the calendar as needed. */
export async function pickStay(page: Page, stay: StayRange): Promise<void> {
  await showMonthOf(page, stay.from);
  await dayButton(page, stay.from).click();
  await showMonthOf(page, stay.to);
  await dayButton(page, stay.to).click();
}

export function describeStay(stay: StayRange): string {
  const nights = nightsOf(stay);
  return `Check-in ${mediumDate(stay.from)}, check-out ${mediumDate(stay.to)}, ${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

// ---- The review dialog ----

export function reviewDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Review Info Before Reserve' });
}

export async function fillCard(dialog: Locator, number: string): Promise<void> {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date').fill(`${CARD_EXPIRY.month} / ${String(CARD_EXPIRY.year).slice(-2)}`);
  await dialog.getByLabel('CVC').fill('123');
}

// ---- My Bookings and Manage Bookings ----

/** The table row of a booking, found by a text only it has (e.g. the room title or the guest's e-mail). */
export function bookingRow(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** Presses 'Show more' until the row with `text` is listed (the lists come a page at a time). */
export async function findBookingRow(page: Page, text: string): Promise<Locator> {
  const rows = page.getByRole('row');
  const row = bookingRow(page, text);
  await expect(rows.nth(1)).toBeVisible();
  while (!(await row.isVisible())) {
    const more = page.getByRole('button', { name: 'Show more' });
    await expect(more, `a booking with "${text}" is on a later page`).toBeVisible();
    const before = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
  }
  return row;
}
