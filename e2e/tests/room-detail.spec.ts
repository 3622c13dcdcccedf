import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { countOf, formatDollars, stayTotalCents } from '@staybook/domain';
import { DEMO, signInAs } from '../support/auth';
import { holdRequests } from '../support/network';
import { fetchRoom, fetchRoomsPage, roomCards, roomPath } from '../support/rooms';

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

test('clicking a card opens the room with every detail', async ({ page, request }) => {
  const { items } = await fetchRoomsPage(request);
  const listed = items[1] ?? items[0];
  if (!listed) throw new Error('the seeded marketplace lists no rooms');
  const room = await fetchRoom(request, listed._id);

  await page.goto('/');
  await roomCards(page).nth(items.indexOf(listed)).click();
  await expect(page).toHaveURL((url) => url.pathname === roomPath(room._id));

  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
  await expect(page).toHaveTitle(`${room.title} | StayBook`);
  await expect(page.getByText(room.location).first()).toBeVisible();

  const mainImage = page.getByRole('img', { name: room.title });
  await expect(mainImage).toBeVisible();
  await expect.poll(() => mainImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await expect(page.getByText(`Hosted by ${room.host.name}`)).toBeVisible();
  await expect(page.getByRole('img', { name: room.host.name, exact: true })).toBeVisible();
  await expect(page.getByText(countOf(room.guests, 'guest'), { exact: true })).toBeVisible();
  await expect(page.getByText(countOf(room.bedrooms, 'room'), { exact: true })).toBeVisible();
  await expect(page.getByText(countOf(room.bathrooms, 'bathroom'), { exact: true })).toBeVisible();
  await expect(page.getByText(room.description)).toBeVisible();

  await expect(page.getByText(`$ ${formatDollars(room.priceCents)}`, { exact: true })).toBeVisible();
  await expect(page.getByText('night', { exact: true })).toBeVisible();
  await expect(page.getByTestId('availability-calendar')).toBeVisible();
  await expect(page.getByText('Total', { exact: true })).toBeVisible();
  const total = formatDollars(stayTotalCents(room.priceCents, room.from, room.to));
  await expect(page.getByText(`$ ${total}`, { exact: true })).toBeVisible();
});

test('a loader shows while the room loads', async ({ page, request }) => {
  const [room] = (await fetchRoomsPage(request)).items;
  if (!room) throw new Error('the seeded marketplace lists no rooms');
  const release = await holdRequests(page, (url) => url.pathname === `/api/room/${room._id}`);

  await page.goto(roomPath(room._id));
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

test('a malformed room id shows the error screen', async ({ page }) => {
  await page.goto('/room/not-a-room-id');
  await expectErrorScreen(page);
});
