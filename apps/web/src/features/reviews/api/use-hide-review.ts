import { useMutation } from '@tanstack/react-query';
import { useRefetch } from '../../../hooks/use-refetch';
import { roomKeys } from '../../../lib/room-keys';
import { hideReview } from './reviews-api';
import { reviewKeys } from './review-keys';

/** An admin hides a review; it leaves the room's reviews and its rating (on the page and the cards). */
export function useHideReview({ reviewId, roomId }: { reviewId: string; roomId: string }) {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (reason: string) => hideReview({ reviewId, reason }),
    onSuccess: () => refetch(reviewKeys.room(roomId), roomKeys.all),
  });
}
