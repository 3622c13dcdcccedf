import { bookingSchema, bookingsPageSchema, cancellationQuoteSchema, paymentConfigSchema, paymentIntentSchema, requestCountSchema, testProcessorConfirmResultSchema, type Booking, type BookingsPage, type CancellationQuote, type PaymentConfig, type PaymentIntent, type StayRange } from '@staybook/domain/bookings';
import type { CardInput } from '@staybook/domain/cards';
import { apiRequest } from '../../../lib/api-client';
import { stayApiPath } from '../../../lib/api-paths';
import { fetchPage, type PageRequest } from '../../../lib/paging';
import type { BookingsView } from './booking-keys';

export function fetchPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiRequest('/api/payments/config', paymentConfigSchema, { signal: signal ?? null });
}

/** The server prices the stay and holds nothing yet; the card is confirmed against the intent next. */
/** What a payment is asked for: the room, the dates and the guest count; the server prices it. */
export type PaymentRequest = StayRange & { roomId: string; guests: number };

export function createPaymentIntent(stay: PaymentRequest): Promise<PaymentIntent> {
  return apiRequest('/api/create-payment-intent', paymentIntentSchema, { method: 'POST', json: stay });
}

/**
 * The built-in test processor's card confirmation (Stripe.js's confirmCardPayment does this for
 * Stripe). The card goes here and nowhere else.
 */
export async function confirmTestCard(clientSecret: string, card: CardInput): Promise<void> {
  await apiRequest('/api/test-processor/confirm', testProcessorConfirmResultSchema, {
    method: 'POST',
    json: { clientSecret, card },
  });
}

/** Books the stay the authorized payment was created for; the server checks the payment itself. */
export function confirmBooking(paymentIntentId: string): Promise<Booking> {
  return apiRequest('/api/booking', bookingSchema, { method: 'POST', json: { paymentIntentId } });
}

const LIST_PATHS: Record<BookingsView, string> = {
  mine: '/api/my-bookings',
  managed: '/api/manage-bookings',
  requests: '/api/requests',
};

export function fetchBookingsPage({ view, ...page }: PageRequest & { view: BookingsView }): Promise<BookingsPage> {
  return fetchPage(LIST_PATHS[view], bookingsPageSchema, page);
}

/** What cancelling the stay now would refund the guest, by its policy (a host's cancellation: everything). */
export function fetchCancellationQuote(id: string, signal?: AbortSignal): Promise<CancellationQuote> {
  return apiRequest(stayApiPath(id, 'cancellation'), cancellationQuoteSchema, { signal: signal ?? null });
}

/**
 * Cancels an upcoming stay. `expectedRefundCents` is the refund the person was shown: if the server's answer
 * changed meanwhile (a threshold passed), nothing is cancelled and the 409 says the new amount.
 */
export function cancelBooking({ id, expectedRefundCents }: { id: string; expectedRefundCents?: number | undefined }): Promise<Booking> {
  return apiRequest(stayApiPath(id), bookingSchema, {
    method: 'DELETE',
    ...(expectedRefundCents === undefined ? {} : { json: { expectedRefundCents } }),
  });
}

/** The host's answer to a request to book, with an optional message to the guest. */
export function answerRequest({ id, answer, message }: { id: string; answer: 'accept' | 'decline'; message?: string }): Promise<Booking> {
  return apiRequest(stayApiPath(id, answer), bookingSchema, { method: 'POST', json: message ? { message } : {} });
}

/** The guest withdraws their request before the host answers. */
export function withdrawRequest(id: string): Promise<Booking> {
  return apiRequest(stayApiPath(id, 'withdraw'), bookingSchema, { method: 'POST', json: {} });
}

/** How many requests wait for the signed-in host's answer. */
export async function fetchRequestCount(signal?: AbortSignal): Promise<number> {
  return (await apiRequest('/api/requests/count', requestCountSchema, { signal: signal ?? null })).waiting;
}
