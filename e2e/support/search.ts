import { randomBytes } from 'node:crypto';
import { expect, type APIRequest, type Locator, type Page } from '@playwright/test';
import type { Room, StayRange } from '@staybook/domain';
import { roomSchema } from '@staybook/domain';
import { asAccount, createUser, sameOrigin, uploadPhoto, type TestUser } from './auth';
import { addDays, dayButtonNamed } from './bookings';
import type { RoomDetails } from './hosting';
import { SEEDED_URL } from './servers';

/**
 * A made-up place name only one test's rooms carry, so searching for it finds those rooms and no demo room and no
 * other test's. The search forgives typos (a word similarity of 0.5 finds a place), so the name is long and random
 * from its first letter: a prefix shared by every name (it once began 'Zorv') gave two names a third of their
 * trigrams alike, and three random letters more in common made another test's rooms a match.
 */
export function uniquePlace(): string {
  const letters = [...randomBytes(12)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${letters[0]!.toUpperCase()}${letters.slice(1)}`;
}

/** Today as the browser and the server see it here (both run in this machine's zone). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * A new host with these rooms, listed through the API on `baseURL`'s server; answers the host and the rooms in the same
 * order. The rooms show one photo the host uploads (a room may show only its host's own uploads; signed in, uploads are
 * counted per person).
 */
export async function hostWithRooms(
  request: APIRequest,
  rooms: ReadonlyArray<Partial<RoomDetails> & Pick<RoomDetails, 'location' | 'title'>>,
  { baseURL = SEEDED_URL }: { baseURL?: string } = {},
): Promise<{ host: TestUser; rooms: Room[] }> {
  const host = await createUser(request, { role: 'host', baseURL });
  const listed = await asAccount(request, host, async (api) => {
    const image = await uploadPhoto(api, baseURL);
    const made: Room[] = [];
    for (const room of rooms) {
      const details: RoomDetails = {
        category: 'Beach',
        from: addDays(today(), 1),
        to: addDays(today(), 120),
        price: '180',
        guests: '4',
        bedrooms: '2',
        bathrooms: '1',
        description: 'A room a search test listed.',
        ...room,
      };
      const response = await api.post(`${baseURL}/api/room`, { headers: sameOrigin(baseURL), data: { ...details, image } });
      expect(response.status(), `POST /api/room: ${await response.text()}`).toBe(201);
      made.push(roomSchema.parse(await response.json()));
    }
    return made;
  }, baseURL);
  return { host, rooms: listed };
}

/** The home page's search form (the bar on wide screens, the sheet's form on small ones). */
export function searchForm(scope: Page | Locator): Locator {
  return scope.getByRole('search', { name: 'Find a stay' });
}

/** The Check in / Check out button of a search form. */
export function datesButton(form: Locator): Locator {
  return form.getByRole('button', { name: /^Check in.*Check out/ });
}

export function searchCalendar(form: Locator): Locator {
  return form.getByRole('group', { name: 'Choose dates' });
}

function monthName(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

async function clickSearchDay(calendar: Locator, date: string): Promise<void> {
  await expect(calendar.getByRole('grid').first()).toBeVisible();
  while (!(await calendar.getByRole('grid', { name: monthName(date) }).isVisible())) {
    const next = calendar.getByRole('button', { name: 'Go to the Next Month' });
    await expect(next, `the calendar reaches ${monthName(date)}`).toBeEnabled();
    const shown = await calendar.getByRole('grid').first().getAttribute('aria-label');
    await next.click();
    await expect(calendar.getByRole('grid').first()).not.toHaveAttribute('aria-label', shown ?? '');
  }
  await calendar.getByRole('button', { name: dayButtonNamed(date) }).click();
}

/** Opens the dates, picks check-in then check-out (paging as a person would) and closes them with 'Done'. */
export async function pickSearchDates(form: Locator, stay: StayRange): Promise<void> {
  await datesButton(form).click();
  const calendar = searchCalendar(form);
  await clickSearchDay(calendar, stay.from);
  await clickSearchDay(calendar, stay.to);
  await calendar.getByRole('button', { name: 'Done' }).click();
  await expect(calendar).toBeHidden();
}

/** Presses 'More guests' until the stepper shows `guests`. */
export async function setGuests(form: Locator, guests: number): Promise<void> {
  const stepper = form.getByRole('group', { name: 'Guests' });
  for (let i = 0; i < guests; i++) await stepper.getByRole('button', { name: 'More guests' }).click();
  await expect(stepper).toContainText(`${guests} guest`);
}

/** How a dated card reads its stay: '7 nights · $1,260 total'. */
export function stayText(nights: number, total: string): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'} · ${total} total`;
}
