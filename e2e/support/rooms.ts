import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { roomSchema, roomsPageSchema, type ListedRoom, type Room, type RoomsPage } from '@staybook/domain';
import { embeddedFirstRooms, keepHomeDocument } from './first-view';
import { seededRoomIds } from './seeded-rooms';

export function roomPath(id: string): string {
  return `/room/${id}`;
}

/** One page of GET /api/rooms, relative to the request fixture's baseURL. */
export async function fetchRoomsPage(
  request: APIRequestContext,
  options: { category?: string; cursor?: string } = {},
): Promise<RoomsPage> {
  const params: Record<string, string> = {};
  if (options.category) params.category = options.category;
  if (options.cursor) params.cursor = options.cursor;
  const response = await request.get('/api/rooms', { params });
  expect(response.status(), `GET /api/rooms ${JSON.stringify(params)}`).toBe(200);
  return roomsPageSchema.parse(await response.json());
}

/**
 * The newest room the demo seed listed (the first on the home page's grid that is the seed's). Other specs list rooms
 * of their own, newest first, and may change or delete them at any moment, so a test that only needs "a room" takes
 * one of the rooms that were there before any test ran (global-setup.ts wrote them down).
 */
export async function fetchSeededRoom(request: APIRequestContext): Promise<ListedRoom> {
  let cursor: string | undefined;
  do {
    const response = await request.get('/api/rooms', { params: cursor ? { cursor } : {} });
    expect(response.status(), 'GET /api/rooms').toBe(200);
    const page = roomsPageSchema.parse(await response.json());
    const seeded = seededRoomIds(new URL(response.url()).origin);
    const room = page.items.find((r) => seeded.has(r._id));
    if (room) return room;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  throw new Error('the seeded marketplace lists none of the rooms the seed made');
}

/** Every room the API lists (optionally in one category), following nextCursor to the end. */
export async function fetchAllRooms(request: APIRequestContext, category?: string): Promise<ListedRoom[]> {
  const rooms: ListedRoom[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchRoomsPage(request, { ...(category ? { category } : {}), ...(cursor ? { cursor } : {}) });
    rooms.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return rooms;
}

/**
 * Keeps every page of rooms the home page's grid is drawn from, as the browser received them: the first, embedded
 * in the page's HTML, and each later one the grid asks the API for. Other specs list, change and remove rooms on
 * the seeded marketplace while a spec runs, so the grid is compared with these answers, never with a second read
 * of the API. Call it before the page opens `/`.
 */
export async function keepHomeRoomPages(page: Page) {
  const served = await keepHomeDocument(page);
  const later: Promise<RoomsPage>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/rooms' && url.searchParams.has('cursor')) later.push(response.json().then((body) => roomsPageSchema.parse(body)));
  });
  const pages = async () => [embeddedFirstRooms(served()).page, ...(await Promise.all(later))];
  return {
    /** The page of rooms embedded in the home page's HTML. */
    firstPage: () => embeddedFirstRooms(served()).page,
    /** Every room of the pages received so far, in the grid's order. */
    rooms: async () => (await pages()).flatMap((roomsPage) => roomsPage.items),
    /** Whether the last page received was the last there is. */
    reachedEnd: async () => (await pages()).at(-1)!.nextCursor === null,
  };
}

export async function fetchRoom(request: APIRequestContext, id: string): Promise<Room> {
  const response = await request.get(`/api/room/${id}`);
  expect(response.status(), `GET /api/room/${id}`).toBe(200);
  return roomSchema.parse(await response.json());
}

export function roomCards(page: Page) {
  return page.getByTestId('room-grid').getByTestId('room-card');
}

/** The room links of the cards in the grid, in grid order. */
export function cardHrefs(page: Page): Promise<string[]> {
  return roomCards(page).evaluateAll((cards) =>
    cards.map((card) => {
      const link = card instanceof HTMLAnchorElement ? card : (card.closest('a') ?? card.querySelector('a'));
      return link?.getAttribute('href') ?? '';
    }),
  );
}

export function categoryStrip(page: Page) {
  return page.getByRole('navigation', { name: 'Categories' });
}

/**
 * How a price in cents reads on the page ('$120', '$1,450', '$132.50'), worked out here rather than
 * with the app's own helper, so a wrong format in the app fails the tests.
 */
export function priceText(cents: number): string {
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = cents % 100;
  return `$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The grid shows exactly these rooms, in this order, each card linking to its room and showing
 * its location, '5 nights .', the price ('$ {price}' in the spec, written as priceText) and 'night'.
 */
export async function expectGridToShow(page: Page, rooms: readonly ListedRoom[]): Promise<void> {
  await expect(roomCards(page)).toHaveText(
    rooms.map(
      (room) =>
        new RegExp(
          `${escapeRegExp(room.location)}.*5 nights \\..*${escapeRegExp(priceText(room.priceCents))}(?![\\d.,]).*night`,
        ),
    ),
  );
  expect(await cardHrefs(page)).toEqual(rooms.map((room) => roomPath(room._id)));
}
