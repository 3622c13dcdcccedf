import { useQuery } from '@tanstack/react-query';
import { fetchPaymentConfig } from './bookings-api';
import { paymentKeys } from './booking-keys';

/** Which provider collects the card; it changes only when the server is reconfigured. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => fetchPaymentConfig(signal),
    staleTime: Infinity,
  });
}
