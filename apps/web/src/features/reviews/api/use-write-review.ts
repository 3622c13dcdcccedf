import type { GuestReviewBody, HostReviewBody } from '@staybook/domain/reviews';
import { matchQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { roomKeys } from '../../../lib/room-keys';
import { bookingKeys } from '../../bookings/api/booking-keys';
import { writeReview } from './reviews-api';
import { reviewKeys } from './review-keys';

/**
 * Writes the viewer's review of the stay; the page shows the state the server answers at once. The stays' 'Write a
 * review' changes, and a second review publishes both, so the room's reviews and the cards' ratings may too.
 */
export function useWriteReview(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestReviewBody | HostReviewBody) => writeReview({ bookingId, body }),
    onSuccess: (state) => {
      const own = reviewKeys.state(bookingId);
      queryClient.setQueryData(own, state);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all, predicate: (query) => !matchQuery({ queryKey: own, exact: true }, query) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.rooms() });
      void queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
  });
}
