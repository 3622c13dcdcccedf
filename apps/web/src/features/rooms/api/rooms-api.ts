import { roomShape, roomsPageShape } from '@staybook/domain/first-paint-answers';
import type { Room, RoomsPage } from '@staybook/domain/rooms';
import { searchToQuery, type RoomSearch } from '@staybook/domain/search';
import { apiRequest } from '../../../lib/api-client';
import { pagePath, type PageRequest } from '../../../lib/paging';

type RoomsPageParams = PageRequest & {
  /** The empty search lists every room. */
  search: RoomSearch;
};

/** `GET /api/rooms` takes the same parameters as the home page's address, written the same way. */
export function roomsPagePath({ search, ...page }: Omit<RoomsPageParams, 'signal'>): string {
  const query = searchToQuery(search);
  return pagePath(query ? `/api/rooms?${query}` : '/api/rooms', page);
}

export function fetchRoomsPage({ signal, ...params }: RoomsPageParams): Promise<RoomsPage> {
  return apiRequest(roomsPagePath(params), roomsPageShape, { signal: signal ?? null });
}

export function fetchRoom(id: string, signal?: AbortSignal): Promise<Room> {
  return apiRequest(`/api/room/${encodeURIComponent(id)}`, roomShape, { signal: signal ?? null });
}
