import { useMutation } from '@tanstack/react-query';
import { useRefetch } from '../../../hooks/use-refetch';
import { bookingKeys } from '../../bookings/api/booking-keys';
import { roomKeys } from '../../../lib/room-keys';
import { createRoom, deleteRoom, updateRoom } from './hosting-api';
import { hostingKeys } from './hosting-keys';

/**
 * A room added, changed or removed shows at once wherever it is listed: the home page's categories and
 * the room's own page (`roomKeys`), My Listings (`hostingKeys`), and the booking calendar's window
 * (`bookingKeys` availabilities). Runs after failures too: a 409 may mean the data on screen is old.
 */
function useRoomChange<Input, Result>(change: (input: Input) => Promise<Result>) {
  const refetch = useRefetch();
  return useMutation({ mutationFn: change, onSettled: () => refetch(roomKeys.all, hostingKeys.all, bookingKeys.availabilities()) });
}

export const useCreateRoom = () => useRoomChange(createRoom);
export const useUpdateRoom = () => useRoomChange(updateRoom);
export const useDeleteRoom = () => useRoomChange(deleteRoom);
