/** The trip page of a booking, where its thread is. */
export function tripPath(bookingId: string): string {
  return `/dashboard/trips/${encodeURIComponent(bookingId)}`;
}
