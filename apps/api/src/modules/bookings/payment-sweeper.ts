/*
 * After the browser: finishes the bookings, captures and cancellations a closed tab or a dead server left half done,
 * through the same steps the browser takes (confirm-booking.ts, cancel-booking.ts).
 */
import { and, eq, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { bookings, payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { BookingDeps, PaymentRow } from './booking-deps.js';
import { finishCancellation } from './cancel-booking.js';
import { confirmBookingForPayment } from './confirm-booking.js';
import { markVoided } from './payment-states.js';
import { findBookingRow } from './bookings.queries.js';
import { endRequest, releaseHold } from './request-answers.js';
import { periodicPass, type PeriodicPass } from '../../periodic.js';

/** A hold the browser did not book within this long is booked (or voided) by the sweeper. */
export const AUTHORIZED_GRACE_MS = 3 * 60_000;
/** An intent nobody confirmed a card for within this long is cancelled. */
export const UNPAID_INTENT_MAX_AGE_MS = 60 * 60_000;
/** A cancellation asked for this long ago and not finished was cut short (the server died): the sweeper finishes it. */
export const CANCEL_GRACE_MS = 60_000;
export const SWEEP_INTERVAL_MS = 60_000;
const BATCH = 100;

export type SweepResult = { booked: number; voided: number; cancelled: number; refunded: number; expired: number; failed: number };

/** A batch of this provider's payments still in one status since before a cut-off (set or last changed then). */
function stalePayments(
  deps: BookingDeps,
  { status, since, before, also }: { status: PaymentRow['status']; since: 'createdAt' | 'updatedAt'; before: Date; also?: SQL },
): Promise<PaymentRow[]> {
  return deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, deps.payments.name), eq(payments.status, status), lt(payments[since], before), also))
    .limit(BATCH);
}

/**
 * A held payment whose booking is not waiting for a host: none yet (the tab closed after the card was confirmed),
 * or a confirmed stay not yet captured. A request's hold is the host's to decide on, not the sweeper's.
 */
const NOT_A_WAITING_REQUEST = sql`not exists (select 1 from ${bookings} b where b.payment_id = ${payments.id} and b.status <> 'confirmed')`;
/** A hold left on a request that ended without a stay (its void failed): released again. */
const ENDED_REQUEST = sql`exists (select 1 from ${bookings} b where b.payment_id = ${payments.id} and b.status = 'cancelled' and b.request_answer is not null)`;

/**
 * Finishes what browsers left half done. An authorized payment with no booking after a few minutes
 * (the tab closed after the card was confirmed) is booked through the same function the browser calls,
 * or voided when its dates were taken meanwhile; a booked payment whose capture failed is captured. An
 * intent still unpaid after an hour is asked about once more (a missed authorization books), then cancelled. A
 * cancellation a server began and never finished is finished with the refund the provider already made, if any.
 */
export async function sweepPayments(deps: BookingDeps, { now = new Date() }: { now?: Date } = {}): Promise<SweepResult> {
  const result: SweepResult = { booked: 0, voided: 0, cancelled: 0, refunded: 0, expired: 0, failed: 0 };
  const confirm = async (providerPaymentId: string) => {
    try {
      await confirmBookingForPayment(deps, { providerPaymentId });
      result.booked += 1;
    } catch (err) {
      if (err instanceof AppError && err.status === 409) {
        result.voided += 1;
      } else {
        result.failed += 1;
        deps.log.error({ err, providerPaymentId }, 'sweeper could not finish a payment');
      }
    }
  };

  const graceEnded = new Date(now.getTime() - AUTHORIZED_GRACE_MS);
  const held = await stalePayments(deps, { status: 'authorized', since: 'updatedAt', before: graceEnded, also: NOT_A_WAITING_REQUEST });
  for (const p of held) await confirm(p.providerPaymentId);

  // Requests the host did not answer in time end; then holds left on ended requests are released.
  const lapsed = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(and(eq(bookings.status, 'requested'), lte(bookings.requestExpiresAt, now), eq(payments.provider, deps.payments.name)))
    .limit(BATCH);
  for (const { id } of lapsed) {
    try {
      const row = await findBookingRow(deps.db, eq(bookings.id, id));
      if (row && (await endRequest(deps, row, 'expired', null))) result.expired += 1;
    } catch (err) {
      result.failed += 1;
      deps.log.error({ err, bookingId: id }, 'sweeper could not expire a request');
    }
  }
  const leftHeld = await stalePayments(deps, { status: 'authorized', since: 'updatedAt', before: graceEnded, also: ENDED_REQUEST });
  for (const payment of leftHeld) {
    await releaseHold(deps, payment);
    result.voided += 1;
  }

  const unpaid = await stalePayments(deps, { status: 'requires_payment', since: 'createdAt', before: new Date(now.getTime() - UNPAID_INTENT_MAX_AGE_MS) });
  for (const payment of unpaid) {
    try {
      const intent = await deps.payments.retrieveIntent(payment.providerPaymentId);
      if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
        await confirm(payment.providerPaymentId);
        continue;
      }
      await deps.payments.cancelIntent(payment.providerPaymentId, `cancel-${payment.id}`);
      // Only while still unpaid: a payment authorized meanwhile is left to the booking path, which asks the provider.
      await markVoided(deps.db, payment.id, ['requires_payment']);
      result.cancelled += 1;
      deps.metrics?.payment('expired');
    } catch (err) {
      result.failed += 1;
      deps.log.error({ err, paymentId: payment.id }, 'sweeper could not cancel an unpaid intent');
    }
  }

  const asked = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(payments, eq(payments.id, bookings.paymentId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNotNull(bookings.cancelRequestedAt),
        lt(bookings.cancelRequestedAt, new Date(now.getTime() - CANCEL_GRACE_MS)),
        eq(payments.provider, deps.payments.name),
      ),
    )
    .limit(BATCH);
  for (const booking of asked) {
    try {
      await finishCancellation(deps, { bookingId: booking.id, reconcile: true });
      result.refunded += 1;
    } catch (err) {
      result.failed += 1;
      deps.log.error({ err, bookingId: booking.id }, 'sweeper could not finish a cancellation');
    }
  }
  return result;
}

export type PaymentSweeper = PeriodicPass & {
  /** One pass now (tests pass a later `now` instead of waiting). */
  sweep(options?: { now?: Date }): Promise<SweepResult>;
};

export function createPaymentSweeper(deps: BookingDeps, intervalMs = SWEEP_INTERVAL_MS): PaymentSweeper {
  const schedule = periodicPass(() => sweepPayments(deps), {
    intervalMs,
    onError: (err) => deps.log.error({ err }, 'payment sweep failed'),
  });
  return { sweep: (options) => sweepPayments(deps, options), ...schedule };
}
