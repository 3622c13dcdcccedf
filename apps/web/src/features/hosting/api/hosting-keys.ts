/** Query keys for the signed-in host's own rooms (My Listings); the session says whose. */
export const hostingKeys = {
  all: ['hosting'] as const,
  listings: (limit: number) => [...hostingKeys.all, 'listings', { limit }] as const,
  /** One room's calendar sync: its export link and imports. */
  calendar: (roomId: string) => [...hostingKeys.all, 'calendar', roomId] as const,
};
