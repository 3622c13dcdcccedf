import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInAs } from '../support/auth';
import { fetchAvailability, freeStay, nightsOf, pickStay } from '../support/bookings';
import { holdRequests } from '../support/network';
import { fetchAllRooms, fetchRoom, roomCards, roomPath } from '../support/rooms';

// A room page needs a signed-in user (login.spec.ts covers the visitor's way through /login).
test.beforeEach(async ({ page }) => {
  await signInAs(page, DEMO.guest);
});

async function expectErrorScreen(page: Page) {
  await expect(page.getByText('Something Went Wrong!')).toBeVisible();
  await expect(page.getByText('Here are some helpful links:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take Me Home' })).toBeVisible();
}

/**
 * A seeded room (apps/api/src/seed/demo-data.ts, Countryside) whose price has cents, and what its page
 * must say, worked out by hand.
 */
const TIMBER_LODGE = {
  title: 'Timber lodge in rolling hills',
  location: 'Hokkaido, Japan',
  category: 'Countryside',
  nightly: '$149.99',
  counts: ['5 guests', '2 rooms', '1 bathroom'],
  // The seed opens it from 368 days before the seed day to 96 days after, and books none of it from
  // today on (today where the room is: Hokkaido).
  nights: 464,
  timeZone: 'Asia/Tokyo',
} as const;

const DAY_MS = 86_400_000;

/** Nights from today where the room is (as the server counts, decision 026) to a room's last check-out. */
function nightsLeftUntil(to: string, timeZone: string): number {
  // en-CA writes dates as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return (Date.parse(to) - Date.parse(today)) / DAY_MS;
}

test('clicking a card opens the room with every detail', async ({ page, request }) => {
  const rooms = await fetchAllRooms(request, TIMBER_LODGE.category);
  const listed = rooms.find((room) => room.title === TIMBER_LODGE.title);
  if (!listed) throw new Error(`the seeded marketplace has no "${TIMBER_LODGE.title}"`);
  const room = await fetchRoom(request, listed._id);
  expect((Date.parse(room.to) - Date.parse(room.from)) / DAY_MS, 'nights between from and to').toBe(TIMBER_LODGE.nights);
  const availability = await fetchAvailability(request, room._id);
  expect(availability.taken, 'no stay booked from today on').toEqual([]);
  expect(room.timeZone, 'the demo room is in the zone of its location').toBe(TIMBER_LODGE.timeZone);
  const nightsLeft = nightsLeftUntil(room.to, room.timeZone);
  expect(nightsLeft, 'nights left after the seed day').toBeLessThanOrEqual(96);
  expect(nightsOf(availability), 'nights from today to the last check-out').toBe(nightsLeft);

  await page.goto(`/?category=${TIMBER_LODGE.category}`);
  await roomCards(page).nth(rooms.indexOf(listed)).click();
  await expect(page).toHaveURL((url) => url.pathname === roomPath(room._id));

  await expect(page.getByRole('heading', { level: 1, name: TIMBER_LODGE.title })).toBeVisible();
  await expect(page).toHaveTitle(`${TIMBER_LODGE.title} | StayBook`);
  await expect(page.getByText(TIMBER_LODGE.location).first()).toBeVisible();

  const mainImage = page.getByRole('img', { name: new RegExp(`^${TIMBER_LODGE.title}, photo 1 of \\d+$`) });
  await expect(mainImage).toBeVisible();
  await expect.poll(() => mainImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await expect(page.getByText(`Hosted by ${room.host.name}`)).toBeVisible();
  await expect(page.getByRole('img', { name: room.host.name, exact: true })).toBeVisible();
  for (const count of TIMBER_LODGE.counts) {
    await expect(page.getByText(count, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(room.description)).toBeVisible();

  const reservation = page.getByRole('region', { name: 'Reservation' });
  await expect(reservation.getByText(TIMBER_LODGE.nightly, { exact: true })).toBeVisible();
  await expect(reservation.getByText('night', { exact: true })).toBeVisible();
  await expect(page.getByTestId('availability-calendar')).toBeVisible();
  // Nothing is chosen for the guest: the card asks for dates, and prices the stay once it has them.
  await expect(reservation.getByText('Add dates for prices', { exact: true })).toBeVisible();
  await expect(reservation.getByText('Total', { exact: true })).toBeHidden();
  await expect(reservation.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  await pickStay(page, freeStay(availability, 3, 1));
  await expect(reservation.getByText('Total', { exact: true })).toBeVisible();
  // 3 × $149.99
  await expect(reservation.getByText(`3 nights × ${TIMBER_LODGE.nightly}`, { exact: true })).toBeVisible();
  await expect(reservation.getByText('$449.97', { exact: true })).toBeVisible();
  await expect(reservation.getByRole('button', { name: 'Reserve' })).toBeEnabled();
  // Whoever looks, the stay's days are the room's.
  await expect(reservation.getByText('Check-in days are in Asia/Tokyo time.', { exact: true })).toBeVisible();
});

test('a loader shows while the room loads', async ({ page, request }) => {
  // Opened at its address, the page arrives painted with its room (decision 045): reached from the grid, the app
  // draws it and asks for the room. The grid's first card is whichever room is newest as the page loads (other
  // tests list rooms meanwhile), so the room is the one that card links to.
  await page.goto('/');
  const card = roomCards(page).first();
  await expect(card).toBeVisible();
  const href = await card.getAttribute('href');
  const id = href ? new URL(href, 'http://card').pathname.split('/').pop() : undefined;
  if (!id) throw new Error(`the first card links to "${href}", not a room`);
  const room = await fetchRoom(request, id);
  const release = await holdRequests(page, (url) => url.pathname === `/api/room/${room._id}`);
  await roomCards(page).and(page.locator(`[href="${href}"]`)).first().click();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeHidden();
  release();
  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
  await expect(page.getByTestId('availability-calendar')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeHidden();
});

test('an unknown room shows the error screen, and "Take Me Home" goes home', async ({ page }) => {
  await page.goto(roomPath(randomUUID()));
  await expectErrorScreen(page);

  await page.getByRole('button', { name: 'Take Me Home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(roomCards(page).first()).toBeVisible();
});

test('"Go back" on the error screen returns to the previous page', async ({ page }) => {
  await page.goto('/?category=Lake');
  await expect(roomCards(page).first()).toBeVisible();
  await page.goto(roomPath(randomUUID()));
  await expectErrorScreen(page);

  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '?category=Lake');
  await expect(roomCards(page).first()).toBeVisible();
});

test('"Go back" on the first page of the tab goes home instead of leaving the site', async ({ page }) => {
  await page.goto(roomPath(randomUUID()));
  await expectErrorScreen(page);

  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(roomCards(page).first()).toBeVisible();
});

test('a malformed room id shows the error screen with a sentence for people', async ({ page }) => {
  await page.goto('/room/not-a-room-id');
  await expectErrorScreen(page);
  await expect(page.getByText('This room link is not valid. Please check the address, or find the room from the home page.')).toBeVisible();
  await expect(page.getByText(/malformed/)).toHaveCount(0);
});
