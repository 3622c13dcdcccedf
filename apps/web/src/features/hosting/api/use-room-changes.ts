import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../../bookings/api/booking-keys';
import { roomKeys } from '../../../lib/room-keys';
import { createRoom, deleteRoom, updateRoom } from './hosting-api';
import { hostingKeys } from './hosting-keys';

/**
 * A room added, changed or removed shows at once wherever it is listed: the home page's categories and
 * the room's own page (`roomKeys`), My Listings (`hostingKeys`), and the booking calendar's window
 * (`bookingKeys` availabilities). Runs after failures too: a 409 may mean the data on screen is old.
 */
function useRefreshRooms(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: roomKeys.all }),
      queryClient.invalidateQueries({ queryKey: hostingKeys.all }),
      queryClient.invalidateQueries({ queryKey: bookingKeys.availabilities() }),
    ]);
  };
}

export function useCreateRoom() {
  const refreshRooms = useRefreshRooms();
  return useMutation({ mutationFn: createRoom, onSettled: refreshRooms });
}

export function useUpdateRoom() {
  const refreshRooms = useRefreshRooms();
  return useMutation({ mutationFn: updateRoom, onSettled: refreshRooms });
}

export function useDeleteRoom() {
  const refreshRooms = useRefreshRooms();
  return useMutation({ mutationFn: deleteRoom, onSettled: refreshRooms });
}
