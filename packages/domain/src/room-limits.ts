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
  /** A room shows 1 to 10 photos; the first is its cover. */
  maxPhotos: 10,
} as const;
