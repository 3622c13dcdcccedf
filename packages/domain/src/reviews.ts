import { z } from 'zod';
import { partyOf } from './access.js';
import { formatNumber, type IsoDate } from './dates.js';
import { ERROR_CODES, type ErrorCode } from './errors.js';
import { isoDateSchema } from './rooms.js';
import { ratingSummarySchema } from './rating-schemas.js';
import { isReviewWindowAhead, isReviewWindowClosed, REVIEW_WINDOW_DAYS, type StayStatus } from './stays.js';
import { cursorPageSchema } from './pages.js';
import { hasControlCharactersButLayout } from './text.js';
import { i18n } from './locale.js';

/*
 * Reviews after a stay: the rules of who may review what and when, and the shapes of the review calls. The API
 * refuses by these rules and the web app offers 'Write a review' by the same ones (docs/decisions/034-reviews.md).
 *
 * Each stay can have two reviews, one per side: its guest's (of the room and its host, with six category scores)
 * and its host's (of the guest, an overall rating). They are double-blind: neither side reads the other's until
 * both have written theirs or the window closes, and then both are published together.
 */

/** Who writes: the stay's guest, about the room; or the room's host, about the guest. */
export const REVIEW_SIDES = ['guest', 'host'] as const;
export type ReviewSide = (typeof REVIEW_SIDES)[number];

/** The guest's category scores, in the order the form and the room page show them. */
export const REVIEW_CATEGORIES = ['cleanliness', 'accuracy', 'communication', 'location', 'checkIn', 'value'] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];
export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  cleanliness: /*i18n*/ 'Cleanliness',
  accuracy: /*i18n*/ 'Accuracy',
  communication: /*i18n*/ 'Communication',
  location: /*i18n*/ 'Location',
  checkIn: /*i18n*/ 'Check-in',
  value: /*i18n*/ 'Value',
};

export const REVIEW_MIN_LENGTH = 20;
export const REVIEW_MAX_LENGTH = 2000;
export const REVIEW_REPLY_MAX_LENGTH = 2000;
export const REVIEW_HIDE_REASON_MAX_LENGTH = 500;
export const REVIEWS_PAGE_SIZE = 10;

/** Why a review cannot be written, in the order the rules are checked. */
export const REVIEW_PROBLEMS = ['not-a-party', 'own-room', 'cancelled', 'not-yet', 'window-closed', 'already-reviewed'] as const;
export type ReviewProblem = (typeof REVIEW_PROBLEMS)[number];

export type ReviewCheck = {
  /** Who asks (a user's id). */
  viewerId: string;
  stay: { guestId: string; hostId: string; status: StayStatus; checkOut: IsoDate };
  /** Today where the room is. */
  today: IsoDate;
  /** Whether the viewer's side has already written its review of this stay. */
  written: boolean;
};

/** The first rule a review of the stay by the viewer breaks, or null when they may write it now. */
export function findReviewProblem({ viewerId, stay, today, written }: ReviewCheck): ReviewProblem | null {
  if (partyOf(stay, { id: viewerId }) === null) return 'not-a-party';
  if (stay.guestId === stay.hostId) return 'own-room';
  if (stay.status === 'cancelled') return 'cancelled';
  if (isReviewWindowAhead(stay.checkOut, today)) return 'not-yet';
  if (isReviewWindowClosed(stay.checkOut, today)) return 'window-closed';
  if (written) return 'already-reviewed';
  return null;
}

/** What each problem tells the person (the API's message; the web app shows the same), in the active language. */
export function reviewProblemMessage(problem: ReviewProblem): string {
  switch (problem) {
    case 'not-a-party':
      return i18n.t('Only the guest and the host of a stay can review it.');
    case 'own-room':
      return i18n.t('You cannot review your own room.');
    case 'cancelled':
      return i18n.t('A cancelled stay cannot be reviewed.');
    case 'not-yet':
      return i18n.t('You can review this stay from the day after check-out.');
    case 'window-closed':
      return i18n.t('The {count} days to review this stay have passed.', { count: REVIEW_WINDOW_DAYS });
    case 'already-reviewed':
      return i18n.t('You have already reviewed this stay.');
  }
}

/**
 * How the API answers each problem: the stay's outsiders hear that the booking does not exist (404, as for the
 * trip page, so booking ids cannot be probed); one's own room is a 403; the rest are 409s with their own codes.
 */
export const REVIEW_PROBLEM_ANSWERS: Record<ReviewProblem, { status: 403 | 404 | 409; code: ErrorCode }> = {
  'not-a-party': { status: 404, code: ERROR_CODES.notFound },
  'own-room': { status: 403, code: ERROR_CODES.reviewOwnRoom },
  cancelled: { status: 409, code: ERROR_CODES.reviewCancelledStay },
  'not-yet': { status: 409, code: ERROR_CODES.reviewNotYet },
  'window-closed': { status: 409, code: ERROR_CODES.reviewWindowClosed },
  'already-reviewed': { status: 409, code: ERROR_CODES.alreadyReviewed },
};

export const reviewIdSchema = z.uuid({ message: 'Review id is malformed' });

/** `GET /api/rooms/:id/reviews?cursor=&limit=`. */
export const roomReviewsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(REVIEWS_PAGE_SIZE),
});

/** `POST /api/reviews/:id/hide`'s answer. */
export const hideReviewResultSchema = z.object({ ok: z.literal(true) });

/** The length of a text as PostgreSQL's char_length counts it (code points). */
function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/**
 * A text of `min` to `max` characters. The messages are written when a text is checked (zod calls them then), so the
 * web app's form shows them in the page's language; `missing` and `notText` name the text ('Please write your
 * review', 'your review must be text').
 */
function textSchema({ missing, notText, min, max }: { missing: () => string; notText: () => string; min: number; max: number }) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing() : notText()) })
    .trim()
    .superRefine((text, ctx) => {
      const n = textLength(text);
      if (n === 0) ctx.addIssue({ code: 'custom', message: missing() });
      else if (n < min) ctx.addIssue({ code: 'custom', message: i18n.t('Please write at least {count} characters', { count: min }) });
      else if (n > max) ctx.addIssue({ code: 'custom', message: i18n.t('Please write at most {count} characters', { count: formatNumber(max) }) });
      else if (hasControlCharactersButLayout(text)) ctx.addIssue({ code: 'custom', message: i18n.t('The text contains characters that are not allowed') });
    });
}

/** A score of 1 to 5 stars; `message` asks for it ('Please rate your stay from 1 to 5 stars'). */
export function starsSchema(message: () => string) {
  return z.int({ error: message }).min(1, { error: message }).max(5, { error: message });
}

export const reviewTextSchema = textSchema({ missing: () => i18n.t('Please write your review'), notText: () => i18n.t('your review must be text'), min: REVIEW_MIN_LENGTH, max: REVIEW_MAX_LENGTH });

/** `POST /api/booking/:id/review` from the stay's guest: the overall rating, the six categories and the text. */
export const guestReviewBodySchema = z.object({
  rating: starsSchema(() => i18n.t('Please rate your stay from 1 to 5 stars')),
  cleanliness: starsSchema(() => i18n.t('Please rate cleanliness from 1 to 5 stars')),
  accuracy: starsSchema(() => i18n.t('Please rate accuracy from 1 to 5 stars')),
  communication: starsSchema(() => i18n.t('Please rate communication from 1 to 5 stars')),
  location: starsSchema(() => i18n.t('Please rate the location from 1 to 5 stars')),
  checkIn: starsSchema(() => i18n.t('Please rate check-in from 1 to 5 stars')),
  value: starsSchema(() => i18n.t('Please rate value from 1 to 5 stars')),
  body: reviewTextSchema,
});
export type GuestReviewBody = z.infer<typeof guestReviewBodySchema>;

/** `POST /api/booking/:id/review` from the room's host: the guest's rating and the text. */
export const hostReviewBodySchema = z.object({
  rating: starsSchema(() => i18n.t('Please rate your guest from 1 to 5 stars')),
  body: reviewTextSchema,
});
export type HostReviewBody = z.infer<typeof hostReviewBodySchema>;

/** The schema the server checks a review with: the side is the server's to decide, from who asks. */
export function reviewBodySchemaFor(side: ReviewSide) {
  return side === 'guest' ? guestReviewBodySchema : hostReviewBodySchema;
}

/** `POST /api/reviews/:id/reply`: the host's one public answer to a published review of their room. */
export const reviewReplyBodySchema = z.object({
  body: textSchema({ missing: () => i18n.t('Please write your reply'), notText: () => i18n.t('your reply must be text'), min: 1, max: REVIEW_REPLY_MAX_LENGTH }),
});
export type ReviewReplyBody = z.infer<typeof reviewReplyBodySchema>;

/** `POST /api/reviews/:id/hide` (admins): why the review breaks the rules; the author and the host are told. */
export const hideReviewBodySchema = z.object({
  reason: textSchema({ missing: () => i18n.t('Please write a reason'), notText: () => i18n.t('a reason must be text'), min: 1, max: REVIEW_HIDE_REASON_MAX_LENGTH }),
});
export type HideReviewBody = z.infer<typeof hideReviewBodySchema>;

const categoryScoresSchema = z.object({
  cleanliness: z.int(),
  accuracy: z.int(),
  communication: z.int(),
  location: z.int(),
  checkIn: z.int(),
  value: z.int(),
});

/** A review as its own author, or (once published) the other side of the stay, reads it. */
export const reviewSchema = z.object({
  id: z.uuid(),
  side: z.enum(REVIEW_SIDES),
  rating: z.int(),
  /** The guest's category scores; null on a host's review. */
  categories: categoryScoresSchema.nullable(),
  body: z.string(),
  /** ISO timestamps; `publishedAt` is null until both sides wrote or the window closed. */
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  reply: z.object({ body: z.string(), repliedAt: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * `GET /api/booking/:id/review`: where the viewer's review of the stay stands. `theirs` is the other side's
 * review, only once published; before that nothing of it is answered, not even whether it exists.
 */
export const reviewStateSchema = z.object({
  side: z.enum(REVIEW_SIDES),
  opensOn: isoDateSchema,
  closesOn: isoDateSchema,
  /** Why the viewer cannot write now, or null when they can. */
  problem: z.enum(REVIEW_PROBLEMS).nullable(),
  mine: reviewSchema.nullable(),
  theirs: reviewSchema.nullable(),
});
export type ReviewState = z.infer<typeof reviewStateSchema>;

/** A published review on the room's page: the guest's first name and photo, the month it was written, the reply. */
export const publicReviewSchema = z.object({
  id: z.uuid(),
  rating: z.int(),
  categories: categoryScoresSchema,
  body: z.string(),
  publishedAt: z.string(),
  /** The stay's month and year as the page shows it ('2026-11'). */
  stayMonth: z.string(),
  author: z.object({ firstName: z.string(), image: z.string().nullable() }),
  reply: z.object({ body: z.string(), repliedAt: z.string() }).nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** `GET /api/rooms/:id/reviews?cursor=`: the room's rating and its published reviews, newest first. */
export const roomReviewsPageSchema = cursorPageSchema(publicReviewSchema).extend({ rating: ratingSummarySchema });
export type RoomReviewsPage = z.infer<typeof roomReviewsPageSchema>;

/**
 * On a booking row (My Bookings, Manage Bookings, the trip page): whether the viewer may review it now, and
 * whether they did, for the viewer's own side only. Null when the viewer is neither the guest nor the host.
 */
export const bookingReviewSchema = z.object({
  canWrite: z.boolean(),
  written: z.boolean(),
  closesOn: isoDateSchema,
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;
