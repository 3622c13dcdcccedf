import type { CategoryLabel } from '@staybook/domain/categories';
import { ROOMS_PAGE_SIZE } from '@staybook/domain/rooms';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchRoomsPage } from './rooms-api';
import { roomKeys } from './room-keys';

/** Rooms in one category (or all), a page at a time in the API's stable order. */
export function useRooms(category: CategoryLabel | null) {
  const limit = ROOMS_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: roomKeys.list({ category, limit }),
    queryFn: ({ pageParam, signal }) => fetchRoomsPage({ category, cursor: pageParam, limit, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
