/** Query keys for the signed-in host's own rooms (My Listings); the session says whose. */
export const hostingKeys = {
  all: ['hosting'] as const,
  listings: (limit: number) => [...hostingKeys.all, 'listings', { limit }] as const,
  /** One room's calendar sync: its export link and imports. */
  calendar: (roomId: string) => [...hostingKeys.all, 'calendar', roomId] as const,
  /** Every window of one room's host calendar (its nights, prices and what holds them). */
  nights: (roomId: string) => [...hostingKeys.all, 'nights', roomId] as const,
  /** One window: `months` months from `from`'s month (null: this month where the room is). */
  nightsWindow: (roomId: string, from: string | null, months: number) => [...hostingKeys.nights(roomId), { from, months }] as const,
};
