import type { StayRange } from '@staybook/domain/bookings';

/** My Bookings, Manage Bookings, and the host's requests waiting for an answer. */
export type BookingsView = 'mine' | 'managed' | 'requests';

/**
 * Every query key for stays comes from here. Invalidating `bookingKeys.all` refreshes the booking
 * lists and every room's availability, which a booking or a cancellation both change.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (view: BookingsView, limit: number) => [...bookingKeys.lists(), view, { limit }] as const,
  availabilities: () => [...bookingKeys.all, 'availability'] as const,
  availability: (roomId: string) => [...bookingKeys.availabilities(), roomId] as const,
  cancellations: () => [...bookingKeys.all, 'cancellation'] as const,
  /** What cancelling a stay would refund now. */
  cancellation: (bookingId: string) => [...bookingKeys.cancellations(), bookingId] as const,
  /** How many requests wait for the host's answer (the sidebar's count). */
  requestCount: () => [...bookingKeys.all, 'request-count'] as const,
};

/** Payments are kept apart from bookings: refreshing the lists must never create a payment. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  intents: () => [...paymentKeys.all, 'intent'] as const,
  /** Everything the payment is for (room, dates, guests): another guest count must never reuse an intent. */
  intent: (stay: StayRange & { roomId: string; guests: number }) => [...paymentKeys.intents(), stay] as const,
};
