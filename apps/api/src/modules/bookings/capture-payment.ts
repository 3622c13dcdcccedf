/*
 * Step 3 of a booking, after its transaction: the held money is captured (or, for a stay that cannot be booked,
 * the hold is voided). A capture the provider refuses for now is left to the payment sweeper; a hold the provider
 * no longer has ends the stay unpaid (end-stay.ts). A cancellation captures first what a booking left uncaptured.
 */
import type { BookingDeps, PaymentRow } from './booking-deps.js';
import { cancelUnpaidStay } from './end-stay.js';
import { markCaptured, markVoided } from './payment-states.js';

/**
 * A booked stay keeps its hold even if the provider cannot capture right now; the sweeper tries again.
 * A hold the provider no longer has (it expired, or was released) can never be captured: that stay is
 * cancelled instead, so its nights open again and the sweeper stops asking.
 */
export async function captureOrLeaveForSweeper(deps: BookingDeps, payment: PaymentRow): Promise<'captured' | 'left' | 'cancelled'> {
  try {
    await ensureCaptured(deps, payment);
    return 'captured';
  } catch (err) {
    if (await holdIsGone(deps, payment)) {
      deps.log.warn({ paymentId: payment.id }, 'the card hold is gone before capture; the stay is cancelled');
      await cancelUnpaidStay(deps, payment);
      return 'cancelled';
    }
    deps.log.error({ err, paymentId: payment.id }, 'capture failed; the payment sweeper will try again');
    deps.metrics?.payment('capture_failed');
    return 'left';
  }
}

/**
 * Moves the held money for a payment whose booking exists. The idempotency key is the payment's, so
 * however many callers race here, the provider captures once.
 */
export async function ensureCaptured(deps: BookingDeps, payment: PaymentRow): Promise<void> {
  if (payment.status !== 'authorized' && payment.status !== 'requires_payment') return;
  const intent = await deps.payments.captureIntent(payment.providerPaymentId, `capture-${payment.id}`);
  if (await markCaptured(deps.db, payment.id, intent.card)) deps.metrics?.payment('captured');
}

/** The provider's own word that a payment's hold is released; a provider that cannot be asked says no. */
export async function holdIsGone(deps: BookingDeps, payment: PaymentRow): Promise<boolean> {
  try {
    return (await deps.payments.retrieveIntent(payment.providerPaymentId)).status === 'canceled';
  } catch {
    return false;
  }
}

/** Voids the hold of a payment that cannot book its stay; the guest is not charged. */
export async function voidPayment(deps: BookingDeps, payment: PaymentRow): Promise<void> {
  await deps.payments.cancelIntent(payment.providerPaymentId, `cancel-${payment.id}`);
  await markVoided(deps.db, payment.id);
  deps.metrics?.payment('voided');
}
