/*
 * A room's rating, as cards and the room page show it. Its zod schemas are in rating-schemas.ts: room cards draw it
 * at first paint, without zod (docs/decisions/066-first-touch.md). The API reads it from the room's stored aggregate
 * (rooms.review_count and the score sums), kept in step in the transaction that publishes or hides a review, never
 * from a scan of reviews.
 */

/** Below this many published reviews a card says 'New' rather than an average. */
export const RATING_SHOWN_FROM = 3;

/** On a card and in search results: how many published reviews, and their average overall rating (2 decimals). */
export type Rating = {
  count: number;
  /** Null when the room has no published review. */
  average: number | null;
};

/** On the room page: the same, and the six category averages (null without reviews). */
export type RatingSummary = Rating & {
  categories: {
    cleanliness: number;
    accuracy: number;
    communication: number;
    location: number;
    checkIn: number;
    value: number;
  } | null;
};

/** The stored aggregate of a room: the count and each score's sum. */
export type RatingSums = {
  reviewCount: number;
  ratingSum: number;
  cleanlinessSum: number;
  accuracySum: number;
  communicationSum: number;
  locationSum: number;
  checkInSum: number;
  valueSum: number;
};

const average = (sum: number, count: number) => Math.round((sum / count) * 100) / 100;

/** The rating a room's aggregate answers: averages to two decimals, null without reviews. */
export function ratingFromSums(sums: RatingSums): RatingSummary {
  const n = sums.reviewCount;
  if (n === 0) return { count: 0, average: null, categories: null };
  return {
    count: n,
    average: average(sums.ratingSum, n),
    categories: {
      cleanliness: average(sums.cleanlinessSum, n),
      accuracy: average(sums.accuracySum, n),
      communication: average(sums.communicationSum, n),
      location: average(sums.locationSum, n),
      checkIn: average(sums.checkInSum, n),
      value: average(sums.valueSum, n),
    },
  };
}

/** A card's rating: '★ 4.87 (23)', or 'New' below RATING_SHOWN_FROM reviews. */
export function cardRatingText(rating: Rating): string {
  if (rating.count < RATING_SHOWN_FROM || rating.average === null) return 'New';
  return `★ ${formatAverage(rating.average)} (${rating.count})`;
}

/** An average rating, wherever it is shown (cards, the room page, statistics): two decimals, '4.87'. */
export function formatAverage(value: number): string {
  return value.toFixed(2);
}
