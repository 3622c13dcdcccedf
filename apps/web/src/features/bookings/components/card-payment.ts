import type { Ref } from 'react';

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
