import { tripSchema, type Trip } from '@staybook/domain/trips';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from '../../bookings/api/booking-keys';

/** Under the stays' keys, so a booking or a cancellation (which refresh `bookingKeys.all`) refreshes the trip too. */
export const tripKeys = {
  all: [...bookingKeys.all, 'trip'] as const,
  detail: (bookingId: string) => [...tripKeys.all, bookingId] as const,
};

export function fetchTrip(bookingId: string, signal?: AbortSignal): Promise<Trip> {
  return apiRequest(`/api/trips/${encodeURIComponent(bookingId)}`, tripSchema, { signal: signal ?? null });
}

/** One stay as its guest or host sees it; `enabled: false` asks nothing (an id that cannot name a booking). */
export function useTrip(bookingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: tripKeys.detail(bookingId),
    queryFn: ({ signal }) => fetchTrip(bookingId, signal),
    enabled,
  });
}
