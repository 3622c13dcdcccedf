import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { roomSchema, type Room } from '@staybook/domain';
import { sameOrigin, uploadPhoto } from './auth';
import { dayButtonNamed } from './bookings';
import { SEEDED_URL } from './servers';

/** What a host types into the room form; numbers as typed. */
export interface RoomDetails {
  location: string;
  category: string;
  from: string;
  to: string;
  title: string;
  price: string;
  guests: string;
  bedrooms: string;
  bathrooms: string;
  description: string;
  /** What a guest who cancels gets back; left out, the room is Flexible. */
  cancellationPolicy?: 'flexible' | 'moderate' | 'strict';
  /** Amenity keys, 'HH:MM' times and house rules (through the API only); left out, the room has none. */
  amenities?: string[];
  checkInTime?: string;
  checkOutTime?: string;
  houseRules?: string;
}

/** The room form's calendar (inside the Add Room page or the Update Room Info dialog). */
export function availabilityCalendar(scope: Page | Locator): Locator {
  return scope.getByRole('group', { name: 'Availability' });
}

function monthName(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Clicks one day of the room form's calendar, paging forward to its month as a person would. */
export async function clickAvailabilityDay(scope: Page | Locator, date: string): Promise<void> {
  const calendar = availabilityCalendar(scope);
  await expect(calendar.getByRole('grid')).toBeVisible();
  while (!(await calendar.getByRole('grid', { name: monthName(date) }).isVisible())) {
    const shown = await calendar.getByRole('grid').getAttribute('aria-label');
    await calendar.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect(calendar.getByRole('grid')).not.toHaveAttribute('aria-label', shown ?? '');
  }
  await calendar.getByRole('button', { name: dayButtonNamed(date) }).click();
}

export async function pickAvailability(scope: Page | Locator, from: string, to: string): Promise<void> {
  await clickAvailabilityDay(scope, from);
  await clickAvailabilityDay(scope, to);
}

/** Opens the category list and picks one (the options open over the page). */
export async function chooseCategory(page: Page, scope: Page | Locator, category: string): Promise<void> {
  await scope.getByRole('button', { name: /^Category/ }).click();
  await page.getByRole('option', { name: category, exact: true }).click();
  await expect(scope.getByRole('button', { name: /^Category/ })).toContainText(category);
}

/** Fills every field but the photo; the availability too unless a test picked it itself (`pickDates: false`). */
export async function fillRoomForm(page: Page, scope: Page | Locator, room: RoomDetails, { pickDates = true } = {}): Promise<void> {
  await scope.getByLabel('Location').fill(room.location);
  await chooseCategory(page, scope, room.category);
  if (pickDates) await pickAvailability(scope, room.from, room.to);
  await scope.getByLabel('Title').fill(room.title);
  await scope.getByLabel('Price per night ($)').fill(room.price);
  await scope.getByLabel('Total guests').fill(room.guests);
  await scope.getByLabel('Bedrooms').fill(room.bedrooms);
  await scope.getByLabel('Bathrooms').fill(room.bathrooms);
  await scope.getByLabel('Description').fill(room.description);
}

/** A My Listings row, found by its room's title. */
export function listingRow(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

/** The room id a My Listings row links to. */
export async function listedRoomId(page: Page, title: string): Promise<string> {
  const href = await listingRow(page, title).getByRole('link', { name: title, exact: true }).getAttribute('href');
  const id = /^\/room\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1];
  if (!id) throw new Error(`the row of ${title} links to ${href}`);
  return id;
}

/** Lists a room through the API as its host (`api` signed in as them), with a photo of its own. */
export async function listRoomThroughApi(api: APIRequestContext, room: RoomDetails): Promise<Room> {
  const image = await uploadPhoto(api);
  const response = await api.post(`${SEEDED_URL}/api/room`, { headers: sameOrigin(), data: { ...room, image } });
  expect(response.status(), `POST /api/room: ${await response.text()}`).toBe(201);
  return roomSchema.parse(await response.json());
}
