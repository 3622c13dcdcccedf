import { roomSchema, roomsPageSchema, type Room, type RoomsPage } from '@staybook/domain/rooms';
import { searchToQuery, type RoomSearch } from '@staybook/domain/search';
import { apiRequest } from '../../../lib/api-client';

interface RoomsPageParams {
  /** The empty search lists every room. */
  search: RoomSearch;
  cursor: string | null;
  limit: number;
  signal?: AbortSignal;
}

/** `GET /api/rooms` takes the same parameters as the home page's address, written the same way. */
export function roomsPagePath({ search, cursor, limit }: Omit<RoomsPageParams, 'signal'>): string {
  const query = searchToQuery(search);
  const page = new URLSearchParams({ limit: String(limit) });
  if (cursor) page.set('cursor', cursor);
  return `/api/rooms?${query ? `${query}&` : ''}${page.toString()}`;
}

export function fetchRoomsPage({ signal, ...params }: RoomsPageParams): Promise<RoomsPage> {
  return apiRequest(roomsPagePath(params), roomsPageSchema, { signal: signal ?? null });
}

export function fetchRoom(id: string, signal?: AbortSignal): Promise<Room> {
  return apiRequest(`/api/room/${encodeURIComponent(id)}`, roomSchema, { signal: signal ?? null });
}
