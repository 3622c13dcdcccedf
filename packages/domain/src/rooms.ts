import { z } from 'zod';
import { CATEGORY_LABELS } from './categories.js';
import { isIsoDate } from './dates.js';

export const isoDateSchema = z.string().refine(isIsoDate, { message: 'Expected a date as YYYY-MM-DD' });

export const roomIdSchema = z.uuid({ message: 'Room id is malformed' });

export const categorySchema = z.enum(CATEGORY_LABELS, {
  message: `Category must be one of: ${CATEGORY_LABELS.join(', ')}`,
});

/** What anyone sees of a host: name and photo. Strict, so nothing more can slip into an answer. */
export const hostSchema = z.strictObject({
  name: z.string(),
  image: z.string().nullable(),
});

/**
 * A host on one room's page: the e-mail too, but only for admins and for guests who have a booking with this
 * host (docs/decisions/009-host-email-privacy.md).
 */
export const roomHostSchema = hostSchema.extend({
  email: z.string().optional(),
});

/**
 * A room as the API answers it. The field names are the product's public ones (`_id`, `from`, `to`,
 * `guests`, `booked`). `price` is the nightly price in dollars for display; `priceCents` is the same
 * amount as integer cents and is what every computation uses.
 */
export const roomSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  location: z.string(),
  category: categorySchema,
  from: isoDateSchema,
  to: isoDateSchema,
  price: z.number(),
  priceCents: z.int(),
  guests: z.int(),
  bedrooms: z.int(),
  bathrooms: z.int(),
  description: z.string(),
  image: z.string(),
  host: roomHostSchema,
  booked: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;

/** A room in the public list: the host without an e-mail, for everyone. */
export const roomSummarySchema = roomSchema.extend({ host: hostSchema });
export type RoomSummary = z.infer<typeof roomSummarySchema>;

export const ROOMS_PAGE_SIZE = 24;
export const ROOMS_MAX_PAGE_SIZE = 60;

export const listRoomsQuerySchema = z.object({
  category: categorySchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ROOMS_MAX_PAGE_SIZE).default(ROOMS_PAGE_SIZE),
});

/** One page of rooms; pass `nextCursor` back as `cursor` for the next page, until it is null. */
export const roomsPageSchema = z.object({
  items: z.array(roomSummarySchema),
  nextCursor: z.string().nullable(),
});
export type RoomsPage = z.infer<typeof roomsPageSchema>;
