import { useMutation } from '@tanstack/react-query';
import { cancelBooking } from './bookings-api';
import { useRefreshStays } from './use-refresh-stays';

export function useCancelBooking() {
  const refreshStays = useRefreshStays();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: refreshStays,
  });
}
