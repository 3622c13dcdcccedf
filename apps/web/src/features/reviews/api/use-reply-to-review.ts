import { useMutation } from '@tanstack/react-query';
import { replyToReview } from './reviews-api';
import { useRefreshReviews } from './use-refresh-reviews';

/** The room's host posts their one public reply to a review; the room's reviews are fetched again. */
export function useReplyToReview(reviewId: string) {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (body: string) => replyToReview({ reviewId, body }),
    onSuccess: () => refresh(),
  });
}
