import { expect } from 'vitest';
import { bookingSchema, paymentIntentSchema, TEST_SUCCESS_CARD, type Booking, type CardInput, type PaymentIntent } from '@staybook/domain';
import type { TestApp, TestUser } from './test-app.js';

/** A card as the card form sends it; the success card unless told otherwise. */
export function testCard(number: string = TEST_SUCCESS_CARD, cvc = '123'): CardInput {
  return { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc };
}

/** What the review modal asks to pay for; without `guests`, as an older client, for one guest. */
export type StayRequest = { roomId: string; from: string; to: string; guests?: number };

/** The first step of paying, as the review modal does it, through the typed client; fails the test unless the intent is created. */
export async function startPayment(t: TestApp, as: TestUser, stay: StayRequest): Promise<PaymentIntent> {
  const { data, error, response } = await t.client(as).POST('/api/create-payment-intent', { body: stay });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return paymentIntentSchema.parse(data);
}

/** The card form's confirmation with the built-in processor. */
export function confirmCard(t: TestApp, intent: PaymentIntent, card: CardInput = testCard()) {
  return t.call('POST', '/api/test-processor/confirm', { body: { clientSecret: intent.clientSecret, card } });
}

export function confirmBooking(t: TestApp, as: TestUser, paymentIntentId: string) {
  return t.call('POST', '/api/booking', { as, body: { paymentIntentId } });
}

/** The whole journey through the typed client: intent, card, booking. Answers the booking it made. */
export async function bookStay(t: TestApp, as: TestUser, stay: StayRequest): Promise<Booking> {
  const intent = await startPayment(t, as, stay);
  const card = await t.client().POST('/api/test-processor/confirm', { body: { clientSecret: intent.clientSecret, card: testCard() } });
  expect(card.response.status, JSON.stringify(card.error)).toBe(200);
  const { data, error, response } = await t.client(as).POST('/api/booking', { body: { paymentIntentId: intent.paymentIntentId } });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return bookingSchema.parse(data);
}
