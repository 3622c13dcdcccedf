/**
 * The bounds of what a host may list (docs/decisions/012-room-limits.md), apart from the room schema so that
 * the home page's search can read them without the full zod build.
 */
export const ROOM_LIMITS = {
  minPriceCents: 100,
  maxPriceCents: 10_000_000,
  maxGuests: 50,
  maxBedrooms: 50,
  maxBathrooms: 50,
  maxTitleLength: 120,
  maxLocationLength: 120,
  maxDescriptionLength: 5_000,
  maxAvailabilityYears: 2,
  /**
   * How far from today a room's availability may reach (its last check-out day): the nights other sites' calendars
   * are read for (apps/api/src/integrations/calendar/parse.ts), so no night beyond them can be booked here while
   * taken there (decision 073).
   */
  maxAvailabilityReachYears: 3,
  /** A room shows 1 to 10 photos; the first is its cover. */
  maxPhotos: 10,
} as const;

/**
 * How many days ahead of today calendars reach: the host's calendar, and the nights kept from other sites'. At least as
 * far as any room's availability may (ROOM_LIMITS.maxAvailabilityReachYears, a leap day in each year).
 */
export const CALENDAR_HORIZON_DAYS = ROOM_LIMITS.maxAvailabilityReachYears * 366;
