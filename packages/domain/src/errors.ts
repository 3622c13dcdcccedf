import { z } from 'zod/mini';

/** Every error the API answers has this shape (zod/mini: the web app reads it at first paint, see rooms.ts). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** For validation errors: which fields were wrong and why. */
    fields: z.optional(z.record(z.string(), z.string())),
    /** For card errors: the processor's reason (Stripe's decline codes: card_declined, insufficient_funds…). */
    declineCode: z.optional(z.string()),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

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
