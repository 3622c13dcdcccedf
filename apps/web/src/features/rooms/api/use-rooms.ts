import { ROOMS_PAGE_SIZE } from '@staybook/domain/rooms';
import type { RoomSearch } from '@staybook/domain/search';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchRoomsPage } from './rooms-api';
import { cursorPages } from '../../../lib/paging';
import { roomKeys } from '../../../lib/room-keys';

/** The rooms a search finds (the empty search: every room), a page at a time in the API's stable order. */
export function useRooms(search: RoomSearch) {
  const limit = ROOMS_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: roomKeys.list(search, limit),
    ...cursorPages((cursor, signal) => fetchRoomsPage({ search, cursor, limit, signal })),
  });
}
