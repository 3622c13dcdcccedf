import { FIRST_ROOMS_ELEMENT_ID, firstRoomsSchema, ROOMS_PAGE_SIZE, type RoomsPage } from '@staybook/domain/rooms';
import { readSearch, searchToQuery } from '@staybook/domain/search';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { roomKeys } from '../lib/room-keys';

/**
 * The server embeds the home page's first page of rooms in the HTML (apps/api/src/plugins/web.ts): the rooms
 * query starts from it, so the first cards render as soon as the JavaScript runs, with no API round trip.
 * It is checked like any API answer, and used only for the page and the search it was made for (both sides
 * read the address with `readSearch` and write it with `searchToQuery`); otherwise the query asks the API as
 * usual. The element is removed, so a later visit to the home page asks the API.
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
  const asked = readSearch(new URLSearchParams(search));
  if (parsed.data.search !== searchToQuery(asked)) return;

  const data: InfiniteData<RoomsPage, string | null> = { pages: [parsed.data.page], pageParams: [null] };
  queryClient.setQueryData(roomKeys.list(asked, ROOMS_PAGE_SIZE), data);
}
