import { eq, sql, type AnyColumn } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { rooms, type reviews } from '../../db/schema.js';

type Scores = Pick<
  typeof reviews.$inferSelect,
  'roomId' | 'rating' | 'cleanliness' | 'accuracy' | 'communication' | 'location' | 'checkIn' | 'value'
>;

/**
 * Adds a guest review's scores to its room's stored aggregate (`sign` 1: it was published) or takes them out
 * (-1: it was hidden), in the caller's transaction, in one statement: cards and searches read the aggregate,
 * never the reviews (docs/decisions/034-reviews.md).
 */
export async function changeRoomRating(tx: Db, review: Scores, sign: 1 | -1): Promise<void> {
  const add = (column: AnyColumn, score: number | null) => sql`${column} + ${sign * (score ?? 0)}`;
  await tx
    .update(rooms)
    .set({
      reviewCount: sql`${rooms.reviewCount} + ${sign}`,
      ratingSum: add(rooms.ratingSum, review.rating),
      cleanlinessSum: add(rooms.cleanlinessSum, review.cleanliness),
      accuracySum: add(rooms.accuracySum, review.accuracy),
      communicationSum: add(rooms.communicationSum, review.communication),
      locationSum: add(rooms.locationSum, review.location),
      checkInSum: add(rooms.checkInSum, review.checkIn),
      valueSum: add(rooms.valueSum, review.value),
    })
    .where(eq(rooms.id, review.roomId));
}

/**
 * Sets every room's aggregate to a fresh count of its published, visible guest reviews: the demo seed's last
 * step (it writes reviews in bulk), and what tests compare the kept aggregate with.
 */
export async function recomputeRoomRatings(tx: Db): Promise<void> {
  await tx.execute(sql`
    update rooms set review_count = coalesce(s.n, 0), rating_sum = coalesce(s.rating, 0),
      cleanliness_sum = coalesce(s.cleanliness, 0), accuracy_sum = coalesce(s.accuracy, 0),
      communication_sum = coalesce(s.communication, 0), location_sum = coalesce(s.location, 0),
      check_in_sum = coalesce(s.check_in, 0), value_sum = coalesce(s.value, 0)
    from rooms r left join (${FRESH_SUMS}) s on s.room_id = r.id
    where rooms.id = r.id`);
}

/** Each room's sums counted from its reviews now. */
export const FRESH_SUMS = sql`
  select room_id, count(*)::int as n, sum(rating)::int as rating, sum(cleanliness)::int as cleanliness,
         sum(accuracy)::int as accuracy, sum(communication)::int as communication, sum(location)::int as location,
         sum(check_in)::int as check_in, sum(value)::int as value
  from reviews
  where side = 'guest' and published_at is not null and hidden_at is null
  group by room_id`;

/** The rooms whose stored aggregate differs from a fresh count of their reviews (`FRESH_SUMS`): none, while it is kept. */
export async function staleRatingRooms(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      select r.id from rooms r left join (${FRESH_SUMS}) s on s.room_id = r.id
      where r.review_count <> coalesce(s.n, 0) or r.rating_sum <> coalesce(s.rating, 0)
         or r.cleanliness_sum <> coalesce(s.cleanliness, 0) or r.accuracy_sum <> coalesce(s.accuracy, 0)
         or r.communication_sum <> coalesce(s.communication, 0) or r.location_sum <> coalesce(s.location, 0)
         or r.check_in_sum <> coalesce(s.check_in, 0) or r.value_sum <> coalesce(s.value, 0)`,
  );
  return rows.map((row) => row.id);
}
