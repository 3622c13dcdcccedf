import { object, optional, string, stringRecord, type Infer } from './shape.js';

/**
 * Every error the API answers has this shape. Checked by hand: the web app reads it at first paint, without zod
 * (docs/decisions/066-first-touch.md); the API describes it with error-schemas.ts' `apiErrorSchema`.
 */
export const apiErrorShape = object({
  error: object({
    code: string(),
    message: string(),
    /** For validation errors: which fields were wrong and why. */
    fields: optional(stringRecord()),
    /** For card errors: the processor's reason (Stripe's decline codes: card_declined, insufficient_funds…). */
    declineCode: optional(string()),
    /** For a refusal written around a value: the facts its message is written from, for a page to write it in its language. */
    facts: optional(stringRecord()),
  }),
});
export type ApiError = Infer<typeof apiErrorShape>;

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  /** 403: signed in, but paying, listing a room or asking to host waits until the e-mail address is verified. */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** 409: the guest already holds (some of) these nights in this room; their stay is in My Bookings. */
  alreadyBooked: 'ALREADY_BOOKED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  /** 402: the card processor refused the card; `declineCode` says why. */
  cardDeclined: 'CARD_DECLINED',
  /** 409 (403 for one's own room): why a stay cannot be reviewed now; the message is the domain's (reviews.ts). */
  reviewOwnRoom: 'REVIEW_OWN_ROOM',
  reviewCancelledStay: 'REVIEW_CANCELLED_STAY',
  reviewNotYet: 'REVIEW_NOT_YET',
  reviewWindowClosed: 'REVIEW_WINDOW_CLOSED',
  alreadyReviewed: 'ALREADY_REVIEWED',
  internal: 'INTERNAL',
  /** Busy for a moment (a 503 with Retry-After): the same request later will do. */
  unavailable: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** What an unverified account hears when it tries to pay, list a room or ask to become a host. */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your e-mail address first: open the link we sent you, or ask for a new one from your profile.';
