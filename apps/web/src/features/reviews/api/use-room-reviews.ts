import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchRoomReviewsPage } from './reviews-api';
import { reviewKeys } from './review-keys';

/** A room's rating and its published reviews, newest first; `fetchNextPage` loads the older ones. */
export function useRoomReviews(roomId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.room(roomId),
    queryFn: ({ pageParam, signal }) => fetchRoomReviewsPage({ roomId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
