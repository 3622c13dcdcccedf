import { FIRST_ROOMS_ELEMENT_ID, firstRoomsShape } from '@staybook/domain/first-paint-answers';
import type { FirstRooms, RoomsPage } from '@staybook/domain/rooms';
import { readSearch, ROOMS_PAGE_SIZE, searchToQuery, type RoomSearch } from '@staybook/domain/search';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { roomKeys } from '../lib/room-keys';
import { takeEmbedded } from './embedded-data';

/**
 * The server embeds the home page's first page of rooms in the HTML (apps/api/src/modules/web/web.ts): the rooms
 * query starts from it, so the first cards render as soon as the JavaScript runs, with no API round trip.
 * It is checked like any API answer, and used only for the page and the search it was made for (both sides
 * read the address with `readSearch` and write it with `searchToQuery`); otherwise the query asks the API as
 * usual. The element is removed, so a later visit to the home page asks the API. Answers whether the rooms were
 * used: the page the server painted from them is the app's own first render only then. The server paints the home
 * page's first view from the same rooms, put in its own query client the same way (entry-server.tsx).
 */
export function seedFirstRooms(queryClient: QueryClient, { pathname, search }: { pathname: string; search: string }): boolean {
  const first = takeEmbedded(FIRST_ROOMS_ELEMENT_ID, firstRoomsShape);
  if (!first || pathname !== '/') return false;
  // The same reading of the address as the home page's.
  const asked = readSearch(new URLSearchParams(search));
  if (first.search !== searchToQuery(asked)) return false;
  putFirstRooms(queryClient, asked, first.page);
  return true;
}

/** The rooms query's first page for `search`, as the home page's listing asks for it. */
export function putFirstRooms(queryClient: QueryClient, search: RoomSearch, page: FirstRooms['page']): void {
  const data: InfiniteData<RoomsPage, string | null> = { pages: [page], pageParams: [null] };
  queryClient.setQueryData(roomKeys.list(search, ROOMS_PAGE_SIZE), data);
}
