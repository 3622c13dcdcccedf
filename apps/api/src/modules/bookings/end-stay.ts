/*
 * How every stay ends: one transaction flips the booking and its payment together (a guarded statement of
 * payment-states.ts), queues both parties' mails and tells the other servers, all at its commit. A cancellation
 * ends a stay with its refund (cancel-booking.ts); a hold the provider lost before capture ends it unpaid.
 */
import { withTransaction, type Db } from '../../db/client.js';
import { withStayCalendar } from '../../integrations/calendar/ics.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { inRecipientLanguage, unpaidStayCancelledMail, type StayDetails } from '../../integrations/mail/templates.js';
import { enqueueMail } from '../jobs/jobs.js';
import { bookingEvent, emitWebhookEvent } from '../webhooks/webhook-events.js';
import type { BookingDeps, PaymentRow } from './booking-deps.js';
import { cancelUnpaid } from './payment-states.js';
import { bookingForPayment, stayDetails } from './stay-details.js';

/**
 * Ends a confirmed stay in one transaction: `flip` (a guarded statement of payment-states) flips the booking and
 * its payment together, and both parties' mails and the other servers' notice are queued, all at the commit.
 * False, with nothing done, when the stay was no longer confirmed (a concurrent caller ended it first).
 */
export async function endStay(
  deps: BookingDeps,
  { paymentId, roomId, flip, mail }: {
    paymentId: string;
    roomId: string;
    flip: (tx: Db) => Promise<boolean>;
    mail: { kind: string; build: (stay: StayDetails, recipient: 'guest' | 'host') => MailMessage };
  },
): Promise<boolean> {
  const ended = await withTransaction(deps.db, async (tx) => {
    if (!(await flip(tx))) return false;
    const row = (await bookingForPayment(tx, paymentId))!;
    const stay = stayDetails(row);
    await emitWebhookEvent(tx, bookingEvent('booking.cancelled', row));
    for (const recipient of ['guest', 'host'] as const) {
      // Every ending is a cancellation: the mail's .ics cancels the event the booking mail added (same UID).
      await enqueueMail(tx, `${mail.kind}:${row.id}:${recipient}`, inRecipientLanguage(stay[recipient], () => withStayCalendar(mail.build(stay, recipient), stay, deps.publicUrl, 'cancelled')));
    }
    await deps.listing.announce(tx, roomId);
    return true;
  });
  if (ended) {
    deps.listing.forget(roomId);
    deps.jobs.kick();
  }
  return ended;
}

/** Cancels the booking of a payment that was never collected, once, and tells both sides. */
export async function cancelUnpaidStay(deps: BookingDeps, payment: PaymentRow): Promise<void> {
  const ended = await endStay(deps, {
    paymentId: payment.id,
    roomId: payment.roomId,
    flip: (tx) => cancelUnpaid(tx, payment.id),
    mail: { kind: 'booking-unpaid', build: (stay, recipient) => unpaidStayCancelledMail(stay, recipient, deps.publicUrl) },
  });
  if (!ended) return;
  deps.metrics?.booking('cancelled');
  deps.metrics?.payment('expired');
}
