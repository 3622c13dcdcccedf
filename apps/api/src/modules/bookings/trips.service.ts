import { eq } from 'drizzle-orm';
import { keptMoney, partyOf, refundedLines, todayIn, type IsoDate, type Trip, type TripPaymentStatus } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { bookings, payments, rooms } from '../../db/schema.js';
import { NotFoundError } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';
import { findBookingRow, reviewedBookings, toBooking, type BookingRow } from './bookings.queries.js';
import { refundNow } from './cancel-booking.js';

/** Anyone but the two parties hears this, admins included, so that booking ids cannot be probed. */
const TRIP_NOT_FOUND = /*i18n*/ 'Booking not found.';

type PaymentFacts = Pick<typeof payments.$inferSelect, 'status' | 'amountCents' | 'refundedCents'>;

/** Where the money stands, in the trip page's words. */
export function tripPaymentStatus({ status, amountCents, refundedCents }: PaymentFacts): TripPaymentStatus {
  switch (status) {
    case 'requires_payment':
    case 'authorized':
      return 'authorized';
    case 'succeeded':
      return 'captured';
    case 'refunded':
      return refundedCents < amountCents ? 'partially-refunded' : 'refunded';
    case 'canceled':
      return 'voided';
  }
}

/**
 * `GET /api/trips/:bookingId`: the stay for its guest or the room's host. The refund is what a cancellation by
 * this viewer would bring the guest today (a host's refunds in full), or null once the stay cannot be cancelled.
 */
export async function getTrip(db: Db, { actor, bookingId, today: fixedToday }: { actor: Actor; bookingId: string; today?: IsoDate }): Promise<Trip> {
  const row = await findBookingRow(db, eq(bookings.id, bookingId));
  const viewerRole = row ? partyOf(row, actor) : null;
  if (!row || !viewerRole) throw new NotFoundError(TRIP_NOT_FOUND);
  // The rest side by side (a server database answers them at once), each by a primary key or its own index.
  const [[payment], [times], reviewed] = await Promise.all([
    // Every booking has its payment (a foreign key); its status and amount are the provider's word on the money.
    db
      .select({ status: payments.status, amountCents: payments.amountCents, refundedCents: payments.refundedCents })
      .from(payments)
      .where(eq(payments.id, row.paymentId)),
    // The room's times and arrival details as they are now (a booking keeps no copy of them).
    db
      .select({
        checkIn: rooms.checkInTime,
        checkOut: rooms.checkOutTime,
        address: rooms.address,
        instructions: rooms.arrivalInstructions,
        latitude: rooms.latitude,
        longitude: rooms.longitude,
      })
      .from(rooms)
      .where(eq(rooms.id, row.roomId)),
    reviewedBookings(db, [row.id], viewerRole),
  ]);
  if (!payment) throw new Error(`Booking ${row.id} has no payment`);
  const today = fixedToday ?? todayIn(row.timeZone);
  const written = reviewed.has(row.id);
  const booking = toBooking(row, today, { side: viewerRole, written });
  const refund = booking.cancellable ? refundNow(row, viewerRole, new Date(), today) : null;
  const captured = payment.status === 'succeeded' || payment.status === 'refunded';
  const other = viewerRole === 'guest' ? booking.host : booking.guest;
  return {
    booking,
    viewerRole,
    reference: row.reference,
    room: { id: row.roomId, title: row.title, image: row.image, location: row.location },
    stay: {
      from: booking.from,
      to: booking.to,
      nights: booking.nights,
      guests: booking.guests,
      checkInTime: times?.checkIn ?? null,
      checkOutTime: times?.checkOut ?? null,
    },
    price: { nightlyCents: row.nightlyPriceCents, nights: booking.nights, lines: row.priceLines, totalCents: row.totalCents },
    payment: {
      card: booking.card,
      capturedCents: captured ? payment.amountCents : 0,
      refundedCents: payment.refundedCents,
      status: tripPaymentStatus(payment),
      // The share a cancellation refunded is not kept: the lines are those of the share that refunds what was refunded.
      refundLines: booking.status === 'cancelled' && captured ? refundedLines(row.priceLines, row.totalCents, payment.refundedCents) : [],
    },
    policy: row.cancellationPolicy,
    refundIfCancelledToday: refund && { refundCents: refund.refundCents, totalCents: refund.totalCents, share: refund.share },
    otherParty: { name: other.name, image: other.image },
    // Where exactly, and how to get in: for a confirmed stay only, never for a request or a cancelled stay (decision 051).
    arrival:
      booking.status === 'confirmed' && times
        ? {
            address: times.address,
            instructions: times.instructions,
            position: times.latitude === null || times.longitude === null ? null : { latitude: times.latitude, longitude: times.longitude },
          }
        : null,
    earnings: viewerRole === 'host' ? hostEarnings(row, captured ? booking.keptCents : 0) : null,
  };
}

/** What the stay pays its host, of what it kept (nothing for a stay whose payment was never collected). */
function hostEarnings(row: BookingRow, keptCents: number): Trip['earnings'] {
  const kept = keptMoney(row.priceLines, row.totalCents, keptCents, row.hostCommissionBp);
  return {
    keptCents: kept.totalCents,
    serviceFeeCents: kept.serviceFeeCents,
    commissionBp: row.hostCommissionBp,
    commissionCents: kept.commissionCents,
    payoutCents: kept.hostShareCents + kept.taxCents,
  };
}
