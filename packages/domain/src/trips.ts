import { z } from 'zod';
import { bookingSchema, lineRefundSchema, quoteLineSchema } from './bookings.js';
import { CANCELLATION_POLICIES } from './cancellation-policies.js';
import { isoDateSchema } from './rooms.js';

/**
 * `GET /api/trips/:bookingId`: one stay as its trip page shows it, to its guest or the room's host only.
 * Everything is the server's word: the room as it was booked, the money as the provider moved it, and what a
 * cancellation by the person looking would refund today.
 */

/** Who is looking at the trip: the stay's guest or the room's host. */
export const tripViewerRoleSchema = z.enum(['guest', 'host']);
export type TripViewerRole = z.infer<typeof tripViewerRoleSchema>;

/**
 * Where the stay's money stands: held on the card (not collected yet), captured, refunded in part or in full,
 * or released without a charge (the hold voided).
 */
export const tripPaymentStatusSchema = z.enum(['authorized', 'captured', 'partially-refunded', 'refunded', 'voided']);
export type TripPaymentStatus = z.infer<typeof tripPaymentStatusSchema>;

export const tripSchema = z.object({
  booking: bookingSchema,
  viewerRole: tripViewerRoleSchema,
  /** The short code people quote (SB-7K3Q-9M2D). */
  reference: z.string(),
  /** The room as it was booked (photo, title, location); `id` is the live room, which its page shows as it is now. */
  room: z.object({ id: z.uuid(), title: z.string(), image: z.string(), location: z.string() }),
  /**
   * The dates, and the room's check-in and check-out times as its host gives them now (local 'HH:MM' where the
   * room is), null when the room has none.
   */
  stay: z.object({
    from: isoDateSchema,
    to: isoDateSchema,
    nights: z.int(),
    guests: z.int(),
    checkInTime: z.string().nullable(),
    checkOutTime: z.string().nullable(),
  }),
  /** What the stay was charged, in cents: its nightly price, nights, line items (the quote's) and total. */
  price: z.object({ nightlyCents: z.int(), nights: z.int(), lines: z.array(quoteLineSchema), totalCents: z.int() }),
  payment: z.object({
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    capturedCents: z.int(),
    refundedCents: z.int(),
    status: tripPaymentStatusSchema,
    /**
     * What the refund of a cancelled stay gave back, line by line (`refundedLines`); empty before a cancellation
     * and when the stay's lines do not account for the refund (the page then tells the total only).
     */
    refundLines: z.array(lineRefundSchema).optional(),
  }),
  /** The policy the stay was booked under (the web app shows its label and text). */
  policy: z.enum(CANCELLATION_POLICIES),
  /** What cancelling now, by the person looking, would refund; null when the stay can no longer be cancelled. */
  refundIfCancelledToday: z
    .object({ refundCents: z.int(), totalCents: z.int(), share: z.enum(['full', 'half', 'none']) })
    .nullable(),
  /** The other side of the stay: the host for the guest, the guest for the host. */
  otherParty: z.object({ name: z.string(), image: z.string().nullable() }),
  /**
   * Where the home is exactly and how to get in, as its host gives them now ('' when none): for a confirmed stay
   * only, null for a request or a cancelled stay (docs/decisions/051-where-a-home-is.md).
   */
  arrival: z
    .object({ address: z.string(), instructions: z.string(), position: z.object({ latitude: z.number(), longitude: z.number() }).nullable() })
    .nullable(),
  /**
   * For the room's host (null for the guest): of what the stay kept, the marketplace's service fee (the guest paid it
   * on top) and commission (at the rate the stay was booked with), and what is paid to the host: their share and the
   * tax they remit (docs/decisions/049-marketplace-money.md).
   */
  earnings: z
    .object({ keptCents: z.int(), serviceFeeCents: z.int(), commissionBp: z.int(), commissionCents: z.int(), payoutCents: z.int() })
    .nullable(),
});
export type Trip = z.infer<typeof tripSchema>;
