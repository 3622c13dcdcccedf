/*
 * What every step of a booking needs from the outside (the database, the payment provider, the outbox, the listing
 * cache), and the payment row the steps pass along. The flow, top-down: availability.ts → start-payment.ts →
 * confirm-booking.ts → capture-payment.ts; cancel-booking.ts and end-stay.ts end a stay; payment-states.ts makes
 * every status change; payment-sweeper.ts finishes what a browser left half done.
 */
import type { payments } from '../../db/schema.js';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.js';
import type { OutcomeMetrics } from '../../plugins/metrics.js';
import type { ListingChanges } from '../../listing-changes.js';
import type { Log } from '../../log.js';
import type { MailingDeps } from '../jobs/jobs.js';

/** What the booking rules need from the outside: besides what sending mail needs, the payment provider. */
export type BookingDeps = MailingDeps & {
  payments: PaymentProvider;
  log: Log;
  /** Bookings and payments by outcome, for /api/metrics (METRICS=1). */
  metrics?: OutcomeMetrics;
  /** Told when a stay is booked or cancelled: the room's `booked` may change. */
  listing: ListingChanges;
};

/** Our record of one payment: the stay it is for, the amount, and where it stands (payment-states.ts). */
export type PaymentRow = typeof payments.$inferSelect;
