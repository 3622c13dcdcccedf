import type { PaymentIntentResult } from '@stripe/stripe-js';
import type { Ref } from 'react';
import { i18n } from '../../../lib/i18n';

export type CardConfirmResult = { ok: true } | { ok: false; message: string };

/** What the review dialog asks of a card form, whichever provider collects the card. */
export interface CardPaymentHandle {
  /** Confirms the card against the payment intent; the card is authorized (held), not yet charged. */
  confirm(clientSecret: string): Promise<CardConfirmResult>;
}

export interface CardFormProps {
  ref: Ref<CardPaymentHandle>;
  /** True once the form can take a card (for Stripe: Stripe.js loaded and its element mounted). */
  onReadyChange: (ready: boolean) => void;
  disabled: boolean;
  /** The id of the text under the form that tells what was wrong with the card. */
  errorId: string;
  invalid: boolean;
}

const HELD = new Set(['requires_capture', 'succeeded']);

/**
 * What Stripe.js's confirmCardPayment answered, for the review dialog. A card held now is success, and so is
 * one held by an earlier try whose answer was lost (the page or the server went away): Stripe then refuses the
 * second confirmation as `payment_intent_unexpected_state` with the intent held, and the booking goes ahead.
 */
export function stripeConfirmResult({ error, paymentIntent }: PaymentIntentResult): CardConfirmResult {
  const intent = paymentIntent ?? error?.payment_intent;
  if (intent && HELD.has(intent.status)) return { ok: true };
  if (error) return { ok: false, message: error.message ?? i18n.t('Your card could not be charged.') };
  return { ok: false, message: i18n.t('Your card was not authorized. Please try another card.') };
}
