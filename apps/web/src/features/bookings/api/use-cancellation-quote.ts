import { useQuery } from '@tanstack/react-query';
import { fetchCancellationQuote } from './bookings-api';
import { bookingKeys } from './booking-keys';

/** What cancelling the stay now would refund: asked afresh each time the dialog opens (the day may have turned). */
export function useCancellationQuote(bookingId: string) {
  return useQuery({
    queryKey: bookingKeys.cancellation(bookingId),
    queryFn: ({ signal }) => fetchCancellationQuote(bookingId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
