/*
 * Cancelling a stay, for its guest or the room's host, before its check-in day: the quote the confirm dialog shows,
 * the request with its refund (decided by the policy the stay was booked under), the refund at the provider, and the
 * ending that flips the booking and its payment together (end-stay.ts). The payment sweeper finishes a
 * cancellation a server began and never finished.
 */
import { eq } from 'drizzle-orm';
import { partyOf, refundFor, stayHasStarted, todayIn, type Booking, type CancellationQuote, type IsoDate, type Refund } from '@staybook/domain';
import { refusalText, type RefusalFacts } from '@staybook/domain/refusals';
import type { Db } from '../../db/client.js';
import { bookings, payments } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { bookingCancelledMail } from '../../integrations/mail/templates.js';
import type { Actor } from '../../plugins/session.js';
import type { BookingDeps } from './booking-deps.js';
import { findBookingRow, toBooking, type BookingRow } from './bookings.queries.js';
import { ensureCaptured, holdIsGone } from './capture-payment.js';
import { cancelUnpaidStay, endStay } from './end-stay.js';
import { cancelRefunded, markCancelRequested } from './payment-states.js';

const BOOKING_NOT_FOUND = /*i18n*/ 'Booking not found.';
export const STAY_STARTED_MESSAGE = /*i18n*/ 'This stay has already started';
const REQUEST_NOT_BOOKED_MESSAGE =
  /*i18n*/ 'This is a request the host has not answered yet, so there is nothing to cancel: the guest may withdraw it, the host may decline it. Nothing was charged.';

/** `GET /api/booking/:id/cancellation`: what the confirm dialog shows before a guest or host cancels. */
export async function previewCancellation(db: Db, { actor, bookingId, today }: { actor: Actor; bookingId: string; today?: IsoDate }): Promise<CancellationQuote> {
  const row = await findBookingRow(db, eq(bookings.id, bookingId));
  if (!row) throw new NotFoundError(BOOKING_NOT_FOUND);
  const by = cancellerOf(row, actor);
  const day = today ?? todayIn(row.timeZone);
  if (row.status === 'cancelled') throw new ConflictError(/*i18n*/ 'This stay is already cancelled.');
  if (row.status === 'requested') throw new ConflictError(REQUEST_NOT_BOOKED_MESSAGE);
  if (stayHasStarted(row.checkIn, day)) throw new ConflictError(STAY_STARTED_MESSAGE);
  const { refundCents, totalCents, share, lines } = refundNow(row, by, new Date(), day);
  return { policy: row.cancellationPolicy, cancelledBy: by, refundCents, totalCents, share, lines };
}

/**
 * Cancels a confirmed stay before its check-in day, for its guest or the room's host. The refund is decided now,
 * from the policy the stay was booked under (a host's cancellation refunds in full), and written on the booking
 * with the request; a caller who was shown another amount (`expectedRefundCents`) hears 409 and nothing happens.
 * Then the refund is made (one idempotency key per booking, so it is never made twice); then one transaction
 * flips the booking, records the refund on the payment and queues both mails. A server that dies between the
 * refund and the flip leaves the request behind, and the payment sweeper finishes it with the refund the provider
 * already made. Cancelling again answers the cancelled booking and refunds nothing more.
 */
export async function cancelBooking(
  deps: BookingDeps,
  { actor, bookingId, expectedRefundCents, today: fixedToday }: { actor: Actor; bookingId: string; expectedRefundCents?: number; today?: IsoDate },
): Promise<Booking> {
  const { db } = deps;
  const row = await findBookingRow(db, eq(bookings.id, bookingId));
  if (!row) throw new NotFoundError(BOOKING_NOT_FOUND);
  // The check-in day begins at midnight where the room is.
  const today = fixedToday ?? todayIn(row.timeZone);
  const by = cancellerOf(row, actor);
  // A stay that could be cancelled had not begun, so neither side could have reviewed it.
  if (row.status === 'cancelled') return toBooking(row, today, { side: by, written: false });
  if (row.status === 'requested') throw new ConflictError(REQUEST_NOT_BOOKED_MESSAGE);
  if (stayHasStarted(row.checkIn, today)) throw new ConflictError(STAY_STARTED_MESSAGE);

  const { refundCents, totalCents } = refundNow(row, by, new Date(), today);
  if (expectedRefundCents !== undefined && expectedRefundCents !== refundCents && row.cancelRequestedAt === null) {
    const facts: RefusalFacts = { refusal: 'refund-changed', refundCents: String(refundCents), totalCents: String(totalCents) };
    throw new ConflictError(refusalText(facts), facts);
  }
  // When the other side asked first, theirs is the request: this one finishes it as it was recorded.
  await markCancelRequested(db, row.id, { by, refundCents });
  return toBooking(await finishCancellation(deps, { bookingId: row.id }), today, { side: by, written: false });
}

/**
 * Refunds and cancels a stay whose cancellation was asked for, with the refund and the canceller recorded then
 * (whoever calls this, the mails say who asked first). `reconcile` (the sweeper, after a crash) asks the provider
 * first: money it has refunded on the payment already is the refund, and nothing more is refunded.
 */
export async function finishCancellation(
  deps: BookingDeps,
  { bookingId, reconcile = false }: { bookingId: string; reconcile?: boolean },
): Promise<BookingRow> {
  const { db } = deps;
  const current = async () => (await findBookingRow(db, eq(bookings.id, bookingId)))!;
  const row = await current();
  if (row.status === 'cancelled') return row;
  // A request written before the canceller was recorded was a guest's: only guests could cancel then.
  const cancelledBy = row.cancelRequestedBy ?? 'guest';
  const payment = (await db.select().from(payments).where(eq(payments.id, row.paymentId)))[0]!;
  try {
    await ensureCaptured(deps, payment);
  } catch (err) {
    // Nothing was collected and nothing can be: the stay ends here without a refund.
    if (!(await holdIsGone(deps, payment))) throw err;
    await cancelUnpaidStay(deps, payment);
    return current();
  }
  // A request written before refunds were decided per policy refunds in full, as every cancellation did then.
  const decided = Math.min(row.cancelRefundCents ?? payment.amountCents, payment.amountCents);
  const already = reconcile ? (await deps.payments.retrieveIntent(payment.providerPaymentId)).amountRefundedCents : 0;
  const refundedCents =
    already > 0 || decided === 0
      ? already
      : (await deps.payments.refund({ intentId: payment.providerPaymentId, amountCents: decided, idempotencyKey: `refund-${row.id}` })).amountCents;

  const ended = await endStay(deps, {
    paymentId: payment.id,
    roomId: row.roomId,
    flip: (tx) => cancelRefunded(tx, payment.id, refundedCents),
    mail: {
      kind: 'booking-cancelled',
      build: (stay, recipient) => bookingCancelledMail(stay, recipient, cancelledBy, refundedCents, deps.publicUrl),
    },
  });
  if (ended) {
    deps.metrics?.booking('cancelled');
    if (refundedCents > 0) deps.metrics?.payment('refunded');
  }
  return current();
}

/** What cancelling a stay now would refund, by the policy it was booked under (a host's: everything). */
export function refundNow(row: BookingRow, by: 'guest' | 'host', now: Date = new Date(), today: IsoDate = todayIn(row.timeZone, now)): Refund {
  return refundFor({
    policy: row.cancellationPolicy,
    totalCents: row.totalCents,
    lines: row.priceLines,
    checkIn: row.checkIn,
    bookedAt: row.createdAt,
    today,
    now,
    cancelledBy: by,
  });
}

/**
 * Who may cancel a stay: its guest or the room's host. To anyone else the booking does not exist, as its trip page
 * and its .ics answer: a stranger hears the same 404 for a real booking and a made-up id.
 */
function cancellerOf(row: BookingRow, actor: Actor): 'guest' | 'host' {
  const by = partyOf(row, actor);
  if (!by) throw new NotFoundError(BOOKING_NOT_FOUND);
  return by;
}
