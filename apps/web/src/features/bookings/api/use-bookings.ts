import { BOOKINGS_PAGE_SIZE } from '@staybook/domain/bookings';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPages } from '../../../lib/paging';
import { fetchBookingsPage } from './bookings-api';
import { bookingKeys, type BookingsView } from './booking-keys';

/**
 * The signed-in user's stays ('mine') or the stays on the rooms they host ('managed'), a page at a
 * time: upcoming first, then past and cancelled ones. The server reads who is asking from the session.
 */
export function useBookings(view: BookingsView) {
  const limit = BOOKINGS_PAGE_SIZE;
  return useInfiniteQuery({
    queryKey: bookingKeys.list(view, limit),
    ...cursorPages((cursor, signal) => fetchBookingsPage({ view, cursor, limit, signal })),
  });
}
