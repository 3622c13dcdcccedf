import { useQueryClient } from '@tanstack/react-query';
import { roomKeys } from '../../../lib/room-keys';
import { bookingKeys, paymentKeys } from './booking-keys';

/**
 * After a booking or a cancellation: the rooms (their booked flag), every availability and the
 * booking lists change, and no payment intent may be reused.
 */
export function useRefreshStays(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: paymentKeys.intents() });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: roomKeys.all }),
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    ]);
  };
}
