import { z } from 'zod';
import { i18n } from './locale.js';
import { isoDateSchema, roomIdSchema } from './rooms.js';
import { ROOM_LIMITS } from './room-limits.js';
import { CANCELLATION_POLICIES } from './cancellation-policies.js';
import { bookingReviewSchema } from './reviews.js';
import { cursorPageSchema, pageQuerySchema } from './pages.js';
import { QUOTE_LINE_KINDS, type QuoteLine, type QuoteLineKind } from './quote.js';

/** One line item of a stay's price (`QuoteLine`, packages/domain/src/quote.ts): what a page words with `lineLabel`. */
export const quoteLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  amountCents: z.int(),
  credit: z.boolean(),
  nights: z.int().optional(),
  unitCents: z.int().optional(),
  weekend: z.boolean().optional(),
  percent: z.int().optional(),
  rateBp: z.int().optional(),
  guests: z.int().optional(),
});

/** What one line of a stay's price gives back on a cancellation (`LineRefund`, packages/domain/src/cancellation.ts). */
export const lineRefundSchema = z.object({ kind: z.enum(QUOTE_LINE_KINDS), refundCents: z.int() });

/**
 * What a person reads for a line of a refund, in the cancel dialog, on the trip page, the receipt and the mail. The
 * nights' line is what the nights cost after their discount, and says so when the stay had one (`charged`: the lines
 * the stay was charged). Here rather than beside `refundLines`, whose module the home page's first paint carries.
 * The words are in English, marked for the catalogs: a page and a mail write them in their language (`i18n.known`).
 */
export function refundLineLabel(kind: QuoteLineKind, charged: readonly QuoteLine[]): string {
  switch (kind) {
    case 'nights':
    case 'weekly-discount':
    case 'monthly-discount':
      return charged.some((line) => line.kind === 'weekly-discount' || line.kind === 'monthly-discount') ? /*i18n*/ 'Nights (after discount)' : /*i18n*/ 'Nights';
    case 'cleaning-fee':
      return /*i18n*/ 'Cleaning fee';
    case 'extra-guest-fee':
      return /*i18n*/ 'Extra guest fee';
    case 'tax':
      return /*i18n*/ 'Occupancy tax';
    case 'service-fee':
      return /*i18n*/ 'Service fee';
  }
}

/**
 * The booking API's shapes. The browser names a room and the dates; the server decides the guest
 * (the session), the price (the stored nightly price × nights, in cents) and whether the card paid.
 */

export { MAX_STAY_NIGHTS, MAX_STAY_TOTAL_CENTS, MIN_PAYMENT_CENTS } from './stay-limits.js';

export const bookingIdSchema = z.uuid({ message: 'Booking id is malformed' });
/** A booking named in the path of a call (`/api/booking/:id/…`). */
export const bookingParamsSchema = z.object({ id: bookingIdSchema });

/** A stay: check-in to check-out, check-out exclusive. */
export const stayRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export type StayRange = z.infer<typeof stayRangeSchema>;

/** `GET /api/room/:id/availability`: what the date picker may offer, from today on. */
export const roomAvailabilitySchema = z.object({
  /** The first day a stay may start: the later of the room's first day and today. */
  from: isoDateSchema,
  /** The room's last check-out day. */
  to: isoDateSchema,
  /** Confirmed stays that have not ended, in date order; their nights cannot be booked. */
  taken: z.array(stayRangeSchema),
  /** The first night nobody has booked, or null when none remains (the room is booked). */
  firstBookable: z.nullable(isoDateSchema),
  booked: z.boolean(),
  /**
   * What the host set on nights from today on (`NightSetting` without the host's private note), in date order: the
   * picker and the quote read prices, minimum stays and closed nights from it.
   */
  nights: z.array(
    z.object({ from: isoDateSchema, to: isoDateSchema, priceCents: z.int().nullable(), minNights: z.int().nullable(), blocked: z.boolean() }),
  ),
  /**
   * The room's clock for a while (`ZoneClock` in dates.ts): its offset from UTC in minutes, and the instants from and
   * until which it holds. The date picker reads today and the time of day where the room is from it.
   */
  clock: z.object({ utcOffsetMinutes: z.int().min(-24 * 60).max(24 * 60), since: z.iso.datetime(), until: z.iso.datetime() }),
});
export type RoomAvailability = z.infer<typeof roomAvailabilitySchema>;

const guestsMessage = () => i18n.t('Guests must be a whole number from 1 to {max}', { max: ROOM_LIMITS.maxGuests });

/** How many people a stay is for: a whole number, at least one, at most what any room may take. */
export const stayGuestsSchema = z
  .int({ error: guestsMessage })
  .min(1, { error: guestsMessage })
  .max(ROOM_LIMITS.maxGuests, { error: guestsMessage });

/**
 * `POST /api/create-payment-intent`. Only the room, the dates and the guest count are read (an older client
 * that sends no count books for one); a price, a guest or a host sent along is ignored. Whether the room takes
 * that many guests is the server's check.
 */
export const createPaymentIntentBodySchema = z
  .object({ roomId: roomIdSchema, from: isoDateSchema, to: isoDateSchema, guests: stayGuestsSchema.default(1) })
  .passthrough();
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>;

export const paymentProviderNameSchema = z.enum(['test', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderNameSchema>;

export const paymentIntentSchema = z.object({
  /** The provider's id of the payment: the spec's transactionId. */
  paymentIntentId: z.string(),
  /** What the card form needs to confirm the card with the provider. */
  clientSecret: z.string(),
  provider: paymentProviderNameSchema,
  nights: z.int(),
  nightlyPriceCents: z.int(),
  totalCents: z.int(),
  /** The quote's line items, adding up to `totalCents`: what 'Review Info Before Reserve' lists. */
  lines: z.array(quoteLineSchema),
  /** The guest count the stay is for, as the server recorded it. */
  guests: z.int(),
  /** The policy the stay will be booked under, whatever the host changes while the guest pays. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  /** The room takes requests: the card is held, not charged, and the host has 24 hours to accept. */
  request: z.boolean(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** `GET /api/payments/config`: which provider collects cards, and its public key. */
export const paymentConfigSchema = z.object({
  provider: paymentProviderNameSchema,
  /** Stripe's publishable key; null for the built-in test processor. */
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * `POST /api/test-processor/confirm`: the built-in processor's card confirmation, as Stripe.js's
 * confirmCardPayment. The card goes to the processor only; the booking API never sees it.
 */
export const testProcessorConfirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(30),
    expMonth: z.int(),
    expYear: z.int(),
    cvc: z.string().max(8),
  }),
});
export type TestProcessorConfirmBody = z.infer<typeof testProcessorConfirmBodySchema>;

export const testProcessorConfirmResultSchema = z.object({
  id: z.string(),
  status: z.enum(['requires_capture', 'succeeded']),
});

/** `POST /api/booking`: confirms the stay a payment was created for. Everything else sent is ignored. */
export const confirmBookingBodySchema = z.object({ paymentIntentId: z.string().min(1).max(255) }).passthrough();
export type ConfirmBookingBody = z.infer<typeof confirmBookingBodySchema>;

export const bookingPartySchema = z.object({
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});

/** How a request to book was answered (decision 049). */
export const REQUEST_ANSWERS = ['accepted', 'declined', 'withdrawn', 'expired'] as const;
export type RequestAnswer = (typeof REQUEST_ANSWERS)[number];
export const REQUEST_MESSAGE_MAX = 1000;

export const bookingRequestSchema = z.object({
  /** When the request lapses unless the host answers (ISO timestamp). */
  expiresAt: z.string(),
  answer: z.enum(REQUEST_ANSWERS).nullable(),
  answeredAt: z.string().nullable(),
  /** What the host wrote to the guest with their answer, if anything. */
  message: z.string().nullable(),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** `POST /api/booking/:id/accept` and `/decline`: the host's optional message to the guest. */
export const answerRequestBodySchema = z
  .object({ message: z.string().trim().max(REQUEST_MESSAGE_MAX, { error: () => i18n.t('Keep the message under {max} characters.', { max: REQUEST_MESSAGE_MAX }) }).optional() })
  .passthrough()
  .nullish();
export type AnswerRequestBody = z.infer<typeof answerRequestBodySchema>;

/** `GET /api/requests/count`: how many requests wait for the signed-in host's answer (the sidebar's count). */
export const requestCountSchema = z.object({ waiting: z.int() });
export type RequestCount = z.infer<typeof requestCountSchema>;

/** Where a stay stands for the people looking at it. */
export const bookingStateSchema = z.enum(['requested', 'upcoming', 'in-progress', 'past', 'cancelled']);
export type BookingState = z.infer<typeof bookingStateSchema>;

/**
 * A booking as My Bookings and Manage Bookings show it: the room as it was booked (title, image,
 * location, nightly price), the stay, the money in cents (and `price`, the total in dollars, for
 * display) and both parties.
 */
export const bookingSchema = z.object({
  _id: z.uuid(),
  /** The short code people quote (SB-7K3Q-9M2D). */
  reference: z.string(),
  roomId: z.uuid(),
  title: z.string(),
  location: z.string(),
  image: z.string(),
  from: isoDateSchema,
  to: isoDateSchema,
  nights: z.int(),
  nightlyPriceCents: z.int(),
  /** How many guests the stay is for, as recorded with its payment. */
  guests: z.int(),
  /** The stay's total in dollars (the spec's price) and in cents. */
  price: z.number(),
  priceCents: z.int(),
  /** The line items the stay was charged, adding up to `priceCents`; a later change of the room's rules never alters them. */
  lines: z.array(quoteLineSchema),
  refundedCents: z.int(),
  /**
   * What the stay brought in: the total while confirmed; once cancelled, what was captured and not refunded
   * (part of the total under a Moderate or Strict policy, else nothing). The statistics' sales add these up.
   */
  keptCents: z.int(),
  transactionId: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** When it was booked (ISO timestamp). */
  date: z.string(),
  status: z.enum(['confirmed', 'requested', 'cancelled']),
  state: bookingStateSchema,
  /** A request to book: when it lapses, and how and when the host (or time, or the guest) answered it. Null: booked instantly. */
  request: bookingRequestSchema.nullable(),
  /** True while the stay may still be cancelled: confirmed, and before the check-in day. */
  cancellable: z.boolean(),
  cancelledAt: z.string().nullable(),
  /** Who cancelled it (a stay cancelled because its payment was never collected: null). */
  cancelledBy: z.enum(['guest', 'host']).nullable(),
  /** The policy the stay was booked under. */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  guest: bookingPartySchema,
  host: bookingPartySchema,
  /** The viewer's side of the stay's reviews (the guest's in My Bookings, the host's in Manage Bookings). */
  review: bookingReviewSchema.nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const BOOKINGS_PAGE_SIZE = 20;

export const listBookingsQuerySchema = pageQuerySchema(BOOKINGS_PAGE_SIZE, 300);

/** Upcoming and current stays first (soonest first), then past and cancelled ones (latest first). */
export const bookingsPageSchema = cursorPageSchema(bookingSchema);
export type BookingsPage = z.infer<typeof bookingsPageSchema>;

/** `GET /api/booking/:id/cancellation`: what cancelling the stay now would refund, before anyone confirms. */
export const cancellationQuoteSchema = z.object({
  policy: z.enum(CANCELLATION_POLICIES),
  cancelledBy: z.enum(['guest', 'host']),
  share: z.enum(['full', 'half', 'none']),
  refundCents: z.int(),
  totalCents: z.int(),
  /** What `refundCents` is made of, line by line; empty for a stay booked before its lines were stored (the total only). */
  lines: z.array(lineRefundSchema).default([]),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

/**
 * `DELETE /api/booking/:id`: nothing is needed; a client that showed the refund sends the amount it showed, and
 * if the server's answer has changed meanwhile (the clock passed a threshold) nothing is cancelled (409).
 */
export const cancelBookingBodySchema = z
  .object({ expectedRefundCents: z.int().min(0).optional() })
  .passthrough()
  .nullish();
