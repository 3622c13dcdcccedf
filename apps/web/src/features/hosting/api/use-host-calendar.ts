import { CALENDAR_MONTHS } from '@staybook/domain/host-calendar';
import type { IsoDate } from '@staybook/domain/dates';
import type { NightSetting } from '@staybook/domain/listing-rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRefetch } from '../../../hooks/use-refetch';
import { roomKeys } from '../../../lib/room-keys';
import { bookingKeys } from '../../bookings/api/booking-keys';
import { changeNights, fetchHostCalendar, type NightsChange } from './host-calendar-api';
import { hostingKeys } from './hosting-keys';

/** The months the overview reads per listing: this month and the next hold the next 30 days. */
const NEXT_DAYS_MONTHS = 2;

/**
 * One listing's calendar, twelve months from `from`'s month (null: this month where the room is), in one request.
 * While another window of the same listing loads, the one on screen stays.
 */
export function useHostCalendar(roomId: string, from: IsoDate | null) {
  return useQuery({
    queryKey: hostingKeys.nightsWindow(roomId, from, CALENDAR_MONTHS),
    queryFn: ({ signal }) => fetchHostCalendar(roomId, { from, months: CALENDAR_MONTHS, signal }),
    placeholderData: (previous) => (previous?.roomId === roomId ? previous : undefined),
  });
}

/**
 * The next 30 days of one listing (a row of the overview). One query per row, not `useQueries`: TanStack's
 * QueriesObserver would join the vendor chunk the home page loads before it paints.
 */
export function useNextDays(roomId: string) {
  return useQuery({
    queryKey: hostingKeys.nightsWindow(roomId, null, NEXT_DAYS_MONTHS),
    queryFn: ({ signal }) => fetchHostCalendar(roomId, { from: null, months: NEXT_DAYS_MONTHS, signal }),
  });
}

/**
 * Changes to a listing's nights, and their undo. Each one reloads the calendar (after a refusal too: the nights on
 * screen may be old), the searches and the date pickers, whose nights and prices it may change.
 */
export function useNightsChanges(roomId: string) {
  const refetch = useRefetch();
  const refresh = () => refetch(hostingKeys.nights(roomId), roomKeys.all, bookingKeys.availabilities());
  const change = useMutation({ mutationFn: (nights: NightsChange) => changeNights(roomId, nights), onSettled: refresh });
  /** Puts back what a change answered the nights held; works after the page is left too (the toast outlives it). */
  const undo = async (range: { from: IsoDate; to: IsoDate }, previous: NightSetting[]): Promise<void> => {
    try {
      await changeNights(roomId, { ...range, restore: previous });
    } finally {
      await refresh();
    }
  };
  return { change, undo };
}
