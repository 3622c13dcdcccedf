import { matchQuery, useQueryClient } from '@tanstack/react-query';
import { roomKeys } from '../../../lib/room-keys';
import { bookingKeys, paymentKeys } from './booking-keys';

/**
 * After a booking or a cancellation: the rooms (their booked flag), every availability and the
 * booking lists change, and no payment intent may be reused. A cancellation quote is left alone: it is asked
 * for when its dialog opens, and asked again right after the cancellation (the dialog is still open) it is
 * a 409, the stay being cancelled already.
 */
export function useRefreshStays(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: paymentKeys.intents() });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: roomKeys.all }),
      queryClient.invalidateQueries({
        queryKey: bookingKeys.all,
        predicate: (query) => !matchQuery({ queryKey: bookingKeys.cancellations() }, query),
      }),
    ]);
  };
}
