import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replyToReview } from './reviews-api';
import { reviewKeys } from './review-keys';

/** The room's host posts their one public reply to a review; only that room's reviews change. */
export function useReplyToReview({ reviewId, roomId }: { reviewId: string; roomId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => replyToReview({ reviewId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.room(roomId) }),
  });
}
