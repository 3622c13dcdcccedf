import { bookingKeys } from '../../bookings/api/booking-keys';

/**
 * Every query key for reviews comes from here. A stay's review state sits under the stays' keys, so whatever
 * refreshes the bookings (a review written changes their 'Write a review') refreshes it too; a room's reviews sit
 * under `reviewKeys.rooms()`.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  /** The viewer's side of one stay's reviews: their own, the other side's once published, whether they may write. */
  states: () => [...bookingKeys.all, 'review'] as const,
  state: (bookingId: string) => [...reviewKeys.states(), bookingId] as const,
  rooms: () => [...reviewKeys.all, 'room'] as const,
  room: (roomId: string) => [...reviewKeys.rooms(), roomId] as const,
};
