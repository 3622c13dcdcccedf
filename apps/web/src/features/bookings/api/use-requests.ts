import { useMutation, useQuery } from '@tanstack/react-query';
import { answerRequest, fetchRequestCount, withdrawRequest } from './bookings-api';
import { bookingKeys } from './booking-keys';
import { useRefreshStays } from './use-refresh-stays';

/** Asked again this often while the tab is visible, so a request made meanwhile shows up without a reload. */
const COUNT_POLL_MS = 60_000;

/** How many requests wait for the host's answer (the sidebar's count; hosts only). */
export function useRequestCount() {
  return useQuery({
    queryKey: bookingKeys.requestCount(),
    queryFn: ({ signal }) => fetchRequestCount(signal),
    refetchInterval: COUNT_POLL_MS,
    staleTime: 0,
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
