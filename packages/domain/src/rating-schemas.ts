import type { z } from 'zod';
import * as zm from 'zod/mini';
import type { Rating, RatingSummary } from './ratings.js';
import type { Same } from './shape.js';

/* A room's rating as the API answers it (ratings.ts holds the types and how cards show it). */

/** On a card and in search results: how many published reviews, and their average overall rating (2 decimals). */
export const ratingSchema = zm.object({
  count: zm.int(),
  /** Null when the room has no published review. */
  average: zm.nullable(zm.number()),
});
true satisfies Same<z.infer<typeof ratingSchema>, Rating>;

/** On the room page: the same, and the six category averages (null without reviews). */
export const ratingSummarySchema = zm.extend(ratingSchema, {
  categories: zm.nullable(
    zm.object({
      cleanliness: zm.number(),
      accuracy: zm.number(),
      communication: zm.number(),
      location: zm.number(),
      checkIn: zm.number(),
      value: zm.number(),
    }),
  ),
});
true satisfies Same<z.infer<typeof ratingSummarySchema>, RatingSummary>;
