import type { PaymentIntent, PaymentIntentResult, StripeError } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import { stripeConfirmResult } from './card-payment';

const intent = (status: PaymentIntent['status']) => ({ id: 'pi_1', status }) as PaymentIntent;
const failure = (error: Partial<StripeError>) => ({ error: { type: 'card_error', ...error } }) as PaymentIntentResult;

describe("Stripe's answer to a card confirmation", () => {
  it('is success when the card is held, or was already held by a try whose answer was lost', () => {
    expect(stripeConfirmResult({ paymentIntent: intent('requires_capture') } as PaymentIntentResult)).toEqual({ ok: true });
    expect(
      stripeConfirmResult(
        failure({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'already confirmed', payment_intent: intent('requires_capture') }),
      ),
    ).toEqual({ ok: true });
  });

  it("is the card's own message when it is declined, and a plain one when it is not held", () => {
    expect(stripeConfirmResult(failure({ code: 'card_declined', message: 'Your card was declined.', payment_intent: intent('requires_payment_method') }))).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
    expect(stripeConfirmResult({ paymentIntent: intent('requires_action') } as PaymentIntentResult)).toEqual({
      ok: false,
      message: 'Your card was not authorized. Please try another card.',
    });
  });
});
