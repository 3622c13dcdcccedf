import { ROOMS_PAGE_SIZE } from '@staybook/domain/rooms';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchMyListingsPage } from './hosting-api';
import { hostingKeys } from './hosting-keys';

/** The signed-in host's rooms, newest first, a page at a time. */
export function useMyListings() {
  const limit = ROOMS_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: hostingKeys.listings(limit),
    queryFn: ({ pageParam, signal }) => fetchMyListingsPage({ cursor: pageParam, limit, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
