import { findCategory } from '@staybook/domain/categories';
import { FIRST_ROOMS_ELEMENT_ID, firstRoomsSchema, ROOMS_PAGE_SIZE, type RoomsPage } from '@staybook/domain/rooms';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { roomKeys } from '../features/rooms/api/room-keys';

/**
 * The server embeds the home page's first page of rooms in the HTML (apps/api/src/plugins/web.ts): the rooms
 * query starts from it, so the first cards render as soon as the JavaScript runs, with no API round trip.
 * It is checked like any API answer, and used only for the page and category it was made for; otherwise the
 * query asks the API as usual. The element is removed, so a later visit to the home page asks the API.
 */
export function seedFirstRooms(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }): void {
  const element = document.getElementById(FIRST_ROOMS_ELEMENT_ID);
  if (!element) return;
  element.remove();
  if (pathname !== '/') return;

  let embedded: unknown;
  try {
    embedded = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  const parsed = firstRoomsSchema.safeParse(embedded);
  if (!parsed.success) return;
  // The same reading of the address as the home page's.
  const category = findCategory(new URLSearchParams(search).get('category') || null)?.label ?? null;
  if (parsed.data.category !== category) return;

  const data: InfiniteData<RoomsPage, string | null> = { pages: [parsed.data.page], pageParams: [null] };
  queryClient.setQueryData(roomKeys.list({ category, limit: ROOMS_PAGE_SIZE }), data);
}
