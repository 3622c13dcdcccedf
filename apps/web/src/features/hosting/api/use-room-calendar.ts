import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefetch } from '../../../hooks/use-refetch';
import type { RoomCalendar } from '@staybook/domain/calendar';
import { bookingKeys } from '../../bookings/api/booking-keys';
import { roomKeys } from '../../../lib/room-keys';
import { addCalendarImport, fetchRoomCalendar, regenerateExportLink, removeCalendarImport, syncCalendarsNow } from './calendar-api';
import { hostingKeys } from './hosting-keys';

/** A room's export link (made on the first read) and imported calendars. */
export function useRoomCalendar(roomId: string) {
  return useQuery({ queryKey: hostingKeys.calendar(roomId), queryFn: ({ signal }) => fetchRoomCalendar(roomId, signal) });
}

/**
 * The dialog's changes. Those that change blocked nights refresh the date pickers and the searches too; every
 * one reloads the dialog's state, after failures as well (the list on screen may be old).
 */
export function useRoomCalendarChanges(roomId: string) {
  const queryClient = useQueryClient();
  const key = hostingKeys.calendar(roomId);
  const show = (calendar: RoomCalendar) => queryClient.setQueryData(key, calendar);
  const refetch = useRefetch();
  const refresh = () => refetch(key, bookingKeys.availabilities(), roomKeys.all);
  return {
    regenerate: useMutation({ mutationFn: () => regenerateExportLink(roomId), onSuccess: show }),
    add: useMutation({ mutationFn: (url: string) => addCalendarImport({ roomId, url }), onSettled: refresh }),
    remove: useMutation({ mutationFn: (importId: string) => removeCalendarImport({ roomId, importId }), onSettled: refresh }),
    sync: useMutation({ mutationFn: () => syncCalendarsNow(roomId), onSuccess: show, onSettled: refresh }),
  };
}
