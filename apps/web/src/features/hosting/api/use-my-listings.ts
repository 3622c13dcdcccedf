import { ROOMS_PAGE_SIZE } from '@staybook/domain/search';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPages } from '../../../lib/paging';
import { fetchMyListingsPage } from './hosting-api';
import { hostingKeys } from './hosting-keys';

/** The signed-in host's rooms, newest first, a page at a time. */
export function useMyListings() {
  const limit = ROOMS_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: hostingKeys.listings(limit),
    ...cursorPages((cursor, signal) => fetchMyListingsPage({ cursor, limit, signal })),
  });
}
