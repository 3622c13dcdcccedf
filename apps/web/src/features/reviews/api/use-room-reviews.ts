import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPages } from '../../../lib/paging';
import { fetchRoomReviewsPage } from './reviews-api';
import { reviewKeys } from './review-keys';

/** A room's rating and its published reviews, newest first; `fetchNextPage` loads the older ones. */
export function useRoomReviews(roomId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.room(roomId),
    ...cursorPages((cursor, signal) => fetchRoomReviewsPage({ roomId, cursor, signal })),
  });
}
