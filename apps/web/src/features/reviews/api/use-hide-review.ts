import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomKeys } from '../../../lib/room-keys';
import { hideReview } from './reviews-api';
import { reviewKeys } from './review-keys';

/** An admin hides a review; it leaves the room's reviews and its rating (on the page and the cards). */
export function useHideReview({ reviewId, roomId }: { reviewId: string; roomId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => hideReview({ reviewId, reason }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.room(roomId) }),
        queryClient.invalidateQueries({ queryKey: roomKeys.all }),
      ]),
  });
}
