import { useMutation } from '@tanstack/react-query';
import { hideReview } from './reviews-api';
import { useRefreshReviews } from './use-refresh-reviews';

/** An admin hides a review; it leaves the room's page and its rating, which are fetched again. */
export function useHideReview(reviewId: string) {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (reason: string) => hideReview({ reviewId, reason }),
    onSuccess: () => refresh(),
  });
}
