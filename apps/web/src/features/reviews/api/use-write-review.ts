import type { GuestReviewBody, HostReviewBody } from '@staybook/domain/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeReview } from './reviews-api';
import { reviewKeys } from './review-keys';
import { useRefreshReviews } from './use-refresh-reviews';

/** Writes the viewer's review of the stay; the page shows the state the server answers at once. */
export function useWriteReview(bookingId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (body: GuestReviewBody | HostReviewBody) => writeReview({ bookingId, body }),
    onSuccess: async (state) => {
      queryClient.setQueryData(reviewKeys.state(bookingId), state);
      await refresh();
    },
  });
}
