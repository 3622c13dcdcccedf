import { useQuery } from '@tanstack/react-query';
import { fetchReviewState } from './reviews-api';
import { reviewKeys } from './review-keys';

/** The viewer's side of a stay's reviews; `enabled: false` asks nothing (an id that cannot name a booking). */
export function useReviewState(bookingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reviewKeys.state(bookingId),
    queryFn: ({ signal }) => fetchReviewState(bookingId, signal),
    enabled,
    // The other side may publish both reviews at any moment: opening the page asks again.
    staleTime: 0,
  });
}
