import { useMutation, useQuery } from '@tanstack/react-query';
import { SIDEBAR_COUNT_QUERY } from '../../../lib/sidebar-count';
import { answerRequest, fetchRequestCount, withdrawRequest } from './bookings-api';
import { bookingKeys } from './booking-keys';
import { useRefreshStays } from './use-refresh-stays';

/** How many requests wait for the host's answer (the sidebar's count; hosts only). */
export function useRequestCount() {
  return useQuery({
    queryKey: bookingKeys.requestCount(),
    queryFn: ({ signal }) => fetchRequestCount(signal),
    ...SIDEBAR_COUNT_QUERY,
  });
}

/** The host accepts or declines a request; the lists, the count and the room's nights follow. */
export function useAnswerRequest() {
  const refreshStays = useRefreshStays();
  return useMutation({ mutationFn: answerRequest, onSettled: refreshStays });
}

/** The guest withdraws their request; the lists and the room's nights follow. */
export function useWithdrawRequest() {
  const refreshStays = useRefreshStays();
  return useMutation({ mutationFn: withdrawRequest, onSettled: refreshStays });
}
