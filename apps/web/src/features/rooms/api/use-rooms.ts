import { ROOMS_PAGE_SIZE, type RoomSearch } from '@staybook/domain/search';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { fetchRoomsPage } from './rooms-api';
import { cursorPages } from '../../../lib/paging';
import { roomKeys } from '../../../lib/room-keys';

/**
 * The rooms a search finds (the empty search: every room), a page at a time in the API's stable order. With
 * `keepPrevious`, the last search's rooms stay while a new one loads (the map keeps its markers as it moves).
 */
export function useRooms(search: RoomSearch, { keepPrevious = false }: { keepPrevious?: boolean } = {}) {
  const limit = ROOMS_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: roomKeys.list(search, limit),
    ...cursorPages((cursor, signal) => fetchRoomsPage({ search, cursor, limit, signal })),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
