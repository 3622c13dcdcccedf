import { useQueryClient } from '@tanstack/react-query';
import { roomKeys } from '../../../lib/room-keys';
import { bookingKeys } from '../../bookings/api/booking-keys';
import { reviewKeys } from './review-keys';

/**
 * After a review is written, replied to or hidden: the room's reviews and rating, the cards' ratings, and the
 * stays' 'Write a review' (with the review states under them) may all have changed.
 */
export function useRefreshReviews(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
      queryClient.invalidateQueries({ queryKey: roomKeys.all }),
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    ]);
  };
}
