import type { PaymentRequest } from './bookings-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../../lib/api-client';
import { createPaymentIntent } from './bookings-api';
import { bookingKeys, paymentKeys } from './booking-keys';

/**
 * The payment for one stay, created when the review dialog opens. It is a query rather than a
 * mutation so that one intent serves the dialog however often it renders or reopens for the same
 * dates and guest count (a declined card is retried on the same intent, as with Stripe); another count
 * is another key, so another payment. It is never refetched on its own and is removed once the booking
 * is made or refused.
 */
export function usePaymentIntent(stay: PaymentRequest) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentKeys.intent(stay),
    queryFn: async () => {
      try {
        return await createPaymentIntent(stay);
      } catch (error) {
        // The nights were booked since the calendar was loaded: show them taken.
        if (error instanceof ApiRequestError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: bookingKeys.availability(stay.roomId) });
        }
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
