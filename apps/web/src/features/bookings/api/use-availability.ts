import { useQuery } from '@tanstack/react-query';
import { fetchAvailability } from './availability-api';
import { bookingKeys } from './booking-keys';

/** Which nights of a room can still be booked, from today on. */
export function useAvailability(roomId: string) {
  return useQuery({
    queryKey: bookingKeys.availability(roomId),
    queryFn: ({ signal }) => fetchAvailability(roomId, signal),
  });
}
