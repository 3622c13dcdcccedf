import type { z } from 'zod';
import * as zm from 'zod/mini';
import { sessionUserSchema } from './accounts.js';
import { AMENITY_KEYS } from './amenities.js';
import { CANCELLATION_POLICIES } from './cancellation-policies.js';
import { CATEGORY_LABELS } from './categories.js';
import { isIsoDate } from './dates.js';
import { areaSchema, placeSchema, positionSchema } from './geo-schemas.js';
import { ratingSchema, ratingSummarySchema } from './rating-schemas.js';

/*
 * The shapes of rooms in API answers, as the API checks, serializes and describes them. Built with zod/mini
 * (docs/decisions/017-bundle-budget.md): compose them with zod's functions (`z.nullable(s)`, `z.optional(s)`)
 * rather than methods, which mini lacks. The web app checks the answers its first paint reads by hand, without zod
 * (first-paint-answers.ts, docs/decisions/066-first-touch.md); a field added here is added there too, or the
 * type check fails.
 */

export const isoDateSchema = zm.string().check(zm.refine(isIsoDate, { message: 'Expected a date as YYYY-MM-DD' }));

export const roomIdSchema = zm.uuid({ message: 'Room id is malformed' });

/** A route's `:id` that names a room. */
export const roomParamsSchema = zm.object({ id: roomIdSchema });

export const categorySchema = zm.enum(CATEGORY_LABELS, {
  message: `Category must be one of: ${CATEGORY_LABELS.join(', ')}`,
});

/** What anyone sees of a host: name and photo. Strict, so nothing more can slip into an answer. */
export const hostSchema = zm.strictObject({
  name: zm.string(),
  image: zm.nullable(zm.string()),
});

/**
 * A host on one room's page: the id (a public uuid, by which the page knows its own host, as the API does), and
 * the e-mail too, but only for admins and for guests who have a booking with this host
 * (docs/decisions/009-host-email-privacy.md).
 */
export const roomHostSchema = zm.extend(hostSchema, {
  id: zm.optional(zm.uuid()),
  email: zm.optional(zm.string()),
});

/** A room's stay rules and fees (`ListingRules` but its nightly price, which is the room's `priceCents`). */
export const listingRulesSchema = zm.object({
  weekendPriceCents: zm.nullable(zm.int()),
  minNights: zm.int(),
  maxNights: zm.int(),
  /** Weekdays as 7 bits, bit 0 Sunday. */
  checkInDays: zm.int(),
  checkOutDays: zm.int(),
  noticeDays: zm.int(),
  sameDayUntil: zm.nullable(zm.string()),
  bookingWindowMonths: zm.nullable(zm.int()),
  preparationNights: zm.int(),
  cleaningFeeCents: zm.int(),
  extraGuestFeeCents: zm.int(),
  guestsIncluded: zm.int(),
  weeklyDiscountPct: zm.int(),
  monthlyDiscountPct: zm.int(),
  /** Basis points: 1,234 is 12.34%. */
  taxRateBp: zm.int(),
  /** False: a guest requests the stay and the host has 24 hours to accept it ('Request to book'). */
  instantBook: zm.boolean(),
});

/**
 * A room as the API answers it. The field names are the product's public ones (`_id`, `from`, `to`,
 * `guests`, `booked`). `price` is the nightly price in dollars for display; `priceCents` is the same
 * amount as integer cents and is what every computation uses.
 */
export const roomSchema = zm.object({
  _id: zm.uuid(),
  title: zm.string(),
  location: zm.string(),
  category: categorySchema,
  from: isoDateSchema,
  to: isoDateSchema,
  price: zm.number(),
  priceCents: zm.int(),
  guests: zm.int(),
  bedrooms: zm.int(),
  bathrooms: zm.int(),
  description: zm.string(),
  /** The cover: `photos[0]`, the picture of cards, bookings and previews. */
  image: zm.string(),
  /** Every photo in the host's order, 1 to ROOM_LIMITS.maxPhotos; the first is the cover (`image`). */
  photos: zm.array(zm.string()),
  host: roomHostSchema,
  booked: zm.boolean(),
  /** The IANA zone the room is in: its check-in days begin at its midnight (docs/decisions/026-room-time-zone.md). */
  timeZone: zm.string(),
  /** What a guest who cancels gets back (packages/domain/src/cancellation.ts); each booking keeps its own. */
  cancellationPolicy: zm.enum(CANCELLATION_POLICIES),
  /** Its published reviews' rating, from the stored aggregate: count, average and the six category averages. */
  rating: ratingSummarySchema,
  /** What the home offers: keys of the domain's amenity list, in its order (packages/domain/src/amenities.ts). */
  amenities: zm.array(zm.enum(AMENITY_KEYS)),
  /** Local times where the room is, 24-hour 'HH:MM' as the host typed them; null when the host gives none. */
  checkInTime: zm.nullable(zm.string()),
  checkOutTime: zm.nullable(zm.string()),
  /** The host's house rules, plain text with its line breaks ('' for none). */
  houseRules: zm.string(),
  /** Its stay rules and fees: what the room page's picker and quote follow (the server decides with the same). */
  rules: listingRulesSchema,
  /** The marketplace's service fee the guest pays on top, in basis points (decision 049): the quote's last line. */
  serviceFeeBp: zm.int(),
  /**
   * Where the home is, roughly: a circle of about 500 m that holds the host's pin (never the pin itself before a
   * stay is confirmed, docs/decisions/051-where-a-home-is.md); null for a room without a position.
   */
  area: zm.nullable(areaSchema),
});
export type Room = z.infer<typeof roomSchema>;

/**
 * A room in the host's own list (My Listings): everything the room form edits, the host without an e-mail, and what
 * only the host and their confirmed guests see: the pin, the street address and how to get in.
 */
export const roomSummarySchema = zm.extend(roomSchema, {
  host: hostSchema,
  position: zm.nullable(positionSchema),
  address: zm.string(),
  arrivalInstructions: zm.string(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

/**
 * What a search's card does not show and only the room's page does (a card shows the cover, `image`): left out of
 * search answers, which the home page embeds in its HTML (docs/decisions/031-photo-galleries.md,
 * 032-amenities-and-house-rules.md).
 */
const PAGE_ONLY_FIELDS = { photos: true, amenities: true, checkInTime: true, checkOutTime: true, houseRules: true, rules: true, serviceFeeBp: true } as const;
/** What only the host (and a guest with a confirmed stay, on the trip page) ever sees. */
const HOST_ONLY_FIELDS = { position: true, address: true, arrivalInstructions: true } as const;

/**
 * A room in a list. In a search with dates it also carries that stay's nights and total, priced by the
 * server's one rule (nightly price × nights, in cents); with flexible dates, its first fitting stay's too.
 */
export const listedRoomSchema = zm.extend(zm.omit(roomSummarySchema, { ...PAGE_ONLY_FIELDS, ...HOST_ONLY_FIELDS }), {
  /** The card's rating: the count and the average, without the categories. */
  rating: ratingSchema,
  nights: zm.optional(zm.int()),
  totalCents: zm.optional(zm.int()),
  /** In a search with flexible dates, the home's first fitting stay, which `nights` and `totalCents` price. */
  checkin: zm.optional(isoDateSchema),
  checkout: zm.optional(isoDateSchema),
  /** In a search near a place (`near` on the page), how far the home's area is from it, when within reach. */
  distanceKm: zm.optional(zm.number()),
});
export type ListedRoom = z.infer<typeof listedRoomSchema>;

/**
 * How many rooms a search matches, on its first page: counted up to a cap, past which `more` is true and the
 * page says "1,000+ stays" (docs/decisions/027-search.md).
 */
export const searchTotalSchema = zm.object({ count: zm.int(), more: zm.boolean() });
export type SearchTotal = z.infer<typeof searchTotalSchema>;

/** One page of rooms; pass `nextCursor` back as `cursor` for the next page, until it is null. */
export const roomsPageSchema = zm.object({
  items: zm.array(listedRoomSchema),
  nextCursor: zm.nullable(zm.string()),
  total: zm.optional(searchTotalSchema),
  /** The place a search's `where` named, when the gazetteer knows it: homes near it come first, nearest first. */
  near: zm.optional(placeSchema),
});
export type RoomsPage = z.infer<typeof roomsPageSchema>;

/** My Listings: a page of the host's own rooms, each whole, since the Update dialog edits it. */
export const hostRoomsPageSchema = zm.object({
  items: zm.array(roomSummarySchema),
  nextCursor: zm.nullable(zm.string()),
});
export type HostRoomsPage = z.infer<typeof hostRoomsPageSchema>;

/**
 * The home page's first page of rooms, embedded by the server in the HTML it answers for `/` (first-paint-answers.ts'
 * `FIRST_ROOMS_ELEMENT_ID`), so the first cards and their images need no API round trip after the JavaScript runs.
 * `search` is the search the page's address asks for, written by `searchToQuery`.
 */
export const firstRoomsSchema = zm.object({ search: zm.string(), page: roomsPageSchema });
export type FirstRooms = z.infer<typeof firstRoomsSchema>;

/**
 * A room page painted by the server for a signed-in viewer (decision 045): the session and the room its first view
 * was drawn with, as the API answers them to that viewer, embedded in the page (first-paint-answers.ts'
 * `FIRST_ROOM_ELEMENT_ID`) so the app's first render is the server's and hydrates it.
 */
export const firstRoomPageSchema = zm.object({ user: sessionUserSchema, room: roomSchema });
export type FirstRoomPage = z.infer<typeof firstRoomPageSchema>;
