import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  findReviewProblem,
  partyOf,
  ratingFromSums,
  REVIEW_PROBLEM_ANSWERS,
  reviewBodySchemaFor,
  reviewProblemMessage,
  reviewWindow,
  todayIn,
  type GuestReviewBody,
  type IsoDate,
  type PublicReview,
  type Review,
  type ReviewProblem,
  type ReviewSide,
  type ReviewState,
  type RoomReviewsPage,
} from '@staybook/domain';
import { withTransaction, type Db } from '../../db/client.js';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor.js';
import { auditLog, bookings, reviews, rooms, users } from '../../db/schema.js';
import { AppError, BadRequestError, ConflictError, NotFoundError, PG_ERRORS, ROOM_NOT_FOUND_MESSAGE, sqlState } from '../../errors.js';
import { inRecipientLanguage, reviewHiddenMail } from '../../integrations/mail/templates.js';
import type { Actor } from '../../plugins/session.js';
import { findBookingRow, type BookingRow } from '../bookings/bookings.queries.js';
import { enqueueMail, type MailingDeps } from '../jobs/jobs.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';
import type { ListingChanges } from '../../listing-changes.js';
import { changeRoomRating } from './ratings.js';

/*
 * Reviews after a stay (docs/decisions/034-reviews.md). The rules are the domain's (packages/domain/src/reviews.ts);
 * this module applies them, keeps reviews double-blind until both sides wrote or the window closed, and keeps each
 * room's rating aggregate in step in the transaction that publishes or hides a review.
 */

export type ReviewDeps = MailingDeps & {
  /** Cards show the rating: a publish or a hide drops the kept answers showing the room (and 'Top rated'). */
  listing: ListingChanges;
};

/** To anyone but the stay's two parties, admins included, as for the trip page. */
const BOOKING_NOT_FOUND = /*i18n*/ 'Booking not found.';
const REVIEW_NOT_FOUND = /*i18n*/ 'Review not found.';

type ReviewRow = typeof reviews.$inferSelect;

function problemError(problem: ReviewProblem): AppError {
  if (problem === 'not-a-party') return new NotFoundError(BOOKING_NOT_FOUND);
  const { status, code } = REVIEW_PROBLEM_ANSWERS[problem];
  return new AppError(status, code, reviewProblemMessage(problem));
}

function categoriesOf(row: ReviewRow): Review['categories'] {
  if (row.side !== 'guest') return null;
  return {
    cleanliness: row.cleanliness!,
    accuracy: row.accuracy!,
    communication: row.communication!,
    location: row.location!,
    checkIn: row.checkIn!,
    value: row.value!,
  };
}

function replyOf(row: ReviewRow): Review['reply'] {
  return row.reply !== null && row.repliedAt ? { body: row.reply, repliedAt: row.repliedAt.toISOString() } : null;
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    side: row.side,
    rating: row.rating,
    categories: categoriesOf(row),
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    reply: replyOf(row),
  };
}

function stayOf(row: BookingRow) {
  return { guestId: row.guestId, hostId: row.hostId, status: row.status, checkOut: row.checkOut };
}

/** The stay and the viewer's side of it; 404 to anyone else. */
async function findStay(db: Db, actor: Actor, bookingId: string): Promise<{ row: BookingRow; side: ReviewSide }> {
  const row = await findBookingRow(db, eq(bookings.id, bookingId));
  const side = row ? partyOf(row, actor) : null;
  if (!row || !side) throw new NotFoundError(BOOKING_NOT_FOUND);
  return { row, side };
}

/**
 * What the viewer may read of the stay's reviews: their own always; the other side's only once published (and
 * not hidden). Before that nothing of it is answered, not even whether it exists.
 */
function stateOf(actor: Actor, row: BookingRow, side: ReviewSide, rows: ReviewRow[], today: IsoDate): ReviewState {
  const mine = rows.find((r) => r.side === side) ?? null;
  const theirs = rows.find((r) => r.side !== side && r.publishedAt !== null && r.hiddenAt === null) ?? null;
  const { opensOn, closesOn } = reviewWindow(row.checkOut);
  return {
    side,
    opensOn,
    closesOn,
    problem: findReviewProblem({ viewerId: actor.id, stay: stayOf(row), today, written: mine !== null }),
    mine: mine && toReview(mine),
    theirs: theirs && toReview(theirs),
  };
}

async function reviewsOf(db: Db, bookingId: string): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
}

/** `GET /api/booking/:id/review`: where the viewer's review of the stay stands (its guest or the room's host). */
export async function getReviewState(db: Db, { actor, bookingId, today }: { actor: Actor; bookingId: string; today?: IsoDate }): Promise<ReviewState> {
  const { row, side } = await findStay(db, actor, bookingId);
  return stateOf(actor, row, side, await reviewsOf(db, bookingId), today ?? todayIn(row.timeZone));
}

/** The review body for the side, or a 400 naming each wrong field. */
function parseReviewBody(side: ReviewSide, body: unknown): { rating: number; body: string } & Partial<Omit<GuestReviewBody, 'rating' | 'body'>> {
  const parsed = reviewBodySchemaFor(side).safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'request'] ??= issue.message;
  const [field, message] = Object.entries(fields)[0]!;
  throw new BadRequestError(`${field}: ${message}`, fields);
}

/**
 * Publishes the stay's reviews not yet published, together, and adds a visible guest review to its room's
 * aggregate, in the caller's transaction. The caller holds the booking's row lock (every path that publishes
 * takes it first), and the update only touches unpublished rows: each review is published, and counted, once.
 * Answers the room whose rating changed, if one did.
 */
export async function publishStayReviews(tx: Db, listing: ListingChanges, bookingId: string): Promise<string | null> {
  const published = await tx
    .update(reviews)
    .set({ publishedAt: sql`now()` })
    .where(and(eq(reviews.bookingId, bookingId), isNull(reviews.publishedAt)))
    .returning();
  if (published.length > 0) {
    // The room's host hears of both sides' reviews as they are published.
    const [room] = await tx.select({ hostId: rooms.hostId }).from(rooms).where(eq(rooms.id, published[0]!.roomId));
    for (const review of room ? published : []) {
      const data = { reviewId: review.id, bookingId, roomId: review.roomId, side: review.side, rating: review.rating, body: review.body };
      await emitWebhookEvent(tx, { ownerId: room!.hostId, type: 'review.published', data });
    }
  }
  const counted = published.find((r) => r.side === 'guest' && r.hiddenAt === null);
  if (!counted) return null;
  await changeRoomRating(tx, counted, 1);
  await listing.announce(tx, counted.roomId, 'rating');
  return counted.roomId;
}

/** Both sides' writes and the window's end take the stay's booking row in turn. */
export async function lockStay(tx: Db, bookingId: string): Promise<boolean> {
  const [locked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('no key update');
  return locked !== undefined;
}

/**
 * `POST /api/booking/:id/review`: the viewer's review of the stay, from the side the server finds them on. The
 * second side's review publishes both, in the same transaction, with the room's aggregate.
 */
export async function writeReview(
  deps: ReviewDeps,
  { actor, bookingId, body, today: fixedToday }: { actor: Actor; bookingId: string; body: unknown; today?: IsoDate },
): Promise<ReviewState> {
  const { row, side, today, changedRoom } = await withTransaction(deps.db, async (tx) => {
    if (!(await lockStay(tx, bookingId))) throw new NotFoundError(BOOKING_NOT_FOUND);
    const { row, side } = await findStay(tx, actor, bookingId);
    const today = fixedToday ?? todayIn(row.timeZone);
    const existing = await reviewsOf(tx, bookingId);
    const problem = findReviewProblem({ viewerId: actor.id, stay: stayOf(row), today, written: existing.some((r) => r.side === side) });
    if (problem) throw problemError(problem);
    const input = parseReviewBody(side, body);
    try {
      await tx.insert(reviews).values({
        bookingId,
        roomId: row.roomId,
        authorId: actor.id,
        side,
        rating: input.rating,
        body: input.body,
        ...(side === 'guest'
          ? {
              cleanliness: input.cleanliness,
              accuracy: input.accuracy,
              communication: input.communication,
              location: input.location,
              checkIn: input.checkIn,
              value: input.value,
            }
          : {}),
      });
    } catch (err) {
      // The lock makes this unreachable; the unique index is the last word all the same.
      if (sqlState(err) === PG_ERRORS.uniqueViolation) throw problemError('already-reviewed');
      throw err;
    }
    const otherWrote = existing.some((r) => r.side !== side);
    const changedRoom = otherWrote ? await publishStayReviews(tx, deps.listing, bookingId) : null;
    return { row, side, today, changedRoom };
  });
  if (changedRoom) deps.listing.forget(changedRoom, 'rating');
  return stateOf(actor, row, side, await reviewsOf(deps.db, bookingId), today);
}

/** A page's cursor: the last review's publication time and id. */

type PublicRow = ReviewRow & { authorName: string; authorImage: string | null; stayCheckIn: IsoDate };

function toPublicReview(row: PublicRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    categories: categoriesOf(row)!,
    body: row.body,
    publishedAt: row.publishedAt!.toISOString(),
    stayMonth: row.stayCheckIn.slice(0, 7),
    author: { firstName: row.authorName.trim().split(/\s+/)[0] ?? '', image: row.authorImage },
    reply: replyOf(row),
  };
}

/** Published, visible guest reviews: what the room page shows (reviews_room_published_idx covers exactly these). */
const shownOnRoom = and(eq(reviews.side, 'guest'), sql`${reviews.publishedAt} is not null`, isNull(reviews.hiddenAt))!;

function selectPublicReviews(db: Db, where: SQL) {
  return db
    .select({ review: reviews, authorName: users.name, authorImage: users.image, stayCheckIn: bookings.checkIn })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(where);
}

/** `GET /api/rooms/:id/reviews`: the room's rating (its stored aggregate) and its published reviews, newest first. */
export async function listRoomReviews(
  db: Db,
  { roomId, cursor, limit }: { roomId: string; cursor?: string | undefined; limit: number },
): Promise<RoomReviewsPage> {
  const [room] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), isNull(rooms.deletedAt)))
    .limit(1);
  if (!room) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  const conditions: SQL[] = [eq(reviews.roomId, roomId), shownOnRoom];
  if (cursor) {
    const after = decodeTimeCursor(cursor);
    conditions.push(sql`(${reviews.publishedAt}, ${reviews.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await selectPublicReviews(db, and(...conditions)!)
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((r) => ({ ...r.review, authorName: r.authorName, authorImage: r.authorImage, stayCheckIn: r.stayCheckIn }));
  const last = page[page.length - 1];
  return {
    rating: ratingFromSums(room),
    items: page.map(toPublicReview),
    nextCursor: rows.length > limit && last ? encodeTimeCursor({ at: last.publishedAt!.toISOString(), id: last.id }) : null,
  };
}

/** A review with its room's host, locked for the change about to be made to it. */
async function lockReview(tx: Db, reviewId: string) {
  const [row] = await tx
    .select({ review: reviews, hostId: rooms.hostId, title: rooms.title })
    .from(reviews)
    .innerJoin(rooms, eq(rooms.id, reviews.roomId))
    .where(eq(reviews.id, reviewId))
    .for('update', { of: reviews });
  return row;
}

/**
 * `POST /api/reviews/:id/reply`: the room's host answers a published guest review once, in public. A review
 * nobody may read yet (unpublished, hidden, or a host's review of a guest) is not found, whoever asks; to anyone
 * but the room's host, admins included, no review is theirs to answer, and they hear what an id nobody has
 * answers (docs/decisions/075-not-yours-is-not-found.md).
 */
export async function replyToReview(db: Db, { actor, reviewId, body }: { actor: Actor; reviewId: string; body: string }): Promise<PublicReview> {
  await withTransaction(db, async (tx) => {
    const row = await lockReview(tx, reviewId);
    const review = row?.review;
    if (!row || !review || review.side !== 'guest' || review.publishedAt === null || review.hiddenAt !== null || row.hostId !== actor.id) {
      throw new NotFoundError(REVIEW_NOT_FOUND);
    }
    if (review.reply !== null) throw new ConflictError(/*i18n*/ 'This review already has a reply.');
    await tx.update(reviews).set({ reply: body, repliedAt: sql`now()` }).where(and(eq(reviews.id, reviewId), isNull(reviews.reply)));
  });
  const [row] = await selectPublicReviews(db, eq(reviews.id, reviewId));
  return toPublicReview({ ...row!.review, authorName: row!.authorName, authorImage: row!.authorImage, stayCheckIn: row!.stayCheckIn });
}

/**
 * `POST /api/reviews/:id/hide` (admins): takes a review off the room and out of its aggregate, in one
 * transaction with the audit row and the mails to its author and the room's host.
 */
export async function hideReview(deps: ReviewDeps, { actor, reviewId, reason }: { actor: Actor; reviewId: string; reason: string }): Promise<{ ok: true }> {
  const changedRoom = await withTransaction(deps.db, async (tx) => {
    const row = await lockReview(tx, reviewId);
    // An unpublished review is nobody's to see yet, admins' included: hiding it would tell the other side it exists.
    if (!row || row.review.publishedAt === null) throw new NotFoundError(REVIEW_NOT_FOUND);
    const { review } = row;
    if (review.hiddenAt !== null) throw new ConflictError(/*i18n*/ 'This review is already hidden.');
    await tx
      .update(reviews)
      .set({ hiddenAt: sql`now()`, hiddenBy: actor.id, hiddenReason: reason })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)));
    const counted = review.side === 'guest';
    if (counted) {
      await changeRoomRating(tx, review, -1);
      await deps.listing.announce(tx, review.roomId, 'rating');
    }
    await tx.insert(auditLog).values({ actorId: actor.id, action: 'review.hide', userId: review.authorId, reviewId, reason });
    const people = await tx
      .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(sql`${users.id} in (${review.authorId}, ${row.hostId})`);
    const author = people.find((p) => p.id === review.authorId)!;
    const details = { title: row.title, authorName: author.name, reason, shownOnRoom: review.side === 'guest' };
    await enqueueMail(tx, `review-hidden:${reviewId}:author`, inRecipientLanguage(author, () => reviewHiddenMail(details, author, 'author')));
    const host = people.find((p) => p.id === row.hostId);
    if (host && host.id !== author.id) await enqueueMail(tx, `review-hidden:${reviewId}:host`, inRecipientLanguage(host, () => reviewHiddenMail(details, host, 'host')));
    return counted ? review.roomId : null;
  });
  if (changedRoom) deps.listing.forget(changedRoom, 'rating');
  deps.jobs.kick();
  return { ok: true };
}
