import type { BankAccountInput, PaymentConfig, PaymentProviderName } from '@staybook/domain';

/**
 * One interface in front of every card processor: the built-in test-mode processor (the default,
 * offline) and Stripe. Both follow Stripe's model: a PaymentIntent with manual capture is created for
 * the amount the server computed, the browser confirms the card with the provider (the money is only
 * held: `requires_capture`), the server books the stay and then captures, or cancels (voids) the hold.
 */

/** Stripe's PaymentIntent statuses that matter here. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** What the server records about a stay on the intent, and checks again before booking it. */
export type StayMetadata = {
  paymentId: string;
  roomId: string;
  guestId: string;
  checkIn: string;
  checkOut: string;
};

export type ProviderIntent = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  /** Held and not yet captured. */
  amountCapturableCents: number;
  /** Captured. */
  amountReceivedCents: number;
  amountRefundedCents: number;
  currency: string;
  metadata: Partial<StayMetadata>;
  /** Brand and last four digits of the card used; never more. */
  card: { brand: string; last4: string } | null;
  clientSecret: string | null;
  /** The last failed attempt's code (card_declined, insufficient_funds…), if any. */
  lastErrorCode: string | null;
};

export type ProviderRefund = { id: string; amountCents: number; status: 'succeeded' | 'pending' | 'failed' };

/**
 * Money sent from the platform's balance to a host's payout destination (Stripe: a transfer to a connected account;
 * the built-in processor: a transfer to a test bank account). `failed` carries the reason, as Stripe names it.
 */
export type ProviderTransfer = {
  id: string;
  amountCents: number;
  destination: string;
  status: 'paid' | 'failed';
  failureCode: string | null;
};

/** A transfer as the provider lists it for a period (the reconciliation's look for transfers we never made). */
export type ProviderTransferRecord = {
  id: string;
  /** What stays transferred after reversals. */
  amountCents: number;
  destination: string;
  /** What the transfer was made with (ours carry `payoutId` and `hostId`). */
  metadata: Record<string, string>;
  createdAt: Date;
};

/** Money the provider captured in a period, and the payment (intent) it was captured for. */
export type ProviderCaptureRecord = { id: string; intentId: string | null; amountCents: number; createdAt: Date };

/**
 * A host's account at the provider that payouts are sent to (Stripe: an Express connected account), as the provider
 * says it is now.
 */
export type ProviderPayoutAccount = {
  id: string;
  /** Payouts can be sent to it (Stripe: details submitted, transfers capability active, payouts enabled). */
  ready: boolean;
  /** The provider still needs details from the host (Stripe: requirements currently due or past due). */
  detailsDue: boolean;
  /** The last four digits of the bank account the provider pays the host's money out to, once it knows one. */
  last4: string | null;
};

/**
 * Hosts set up payouts at the provider itself: an account created for them, and the provider's own onboarding pages
 * that a link sends them to (Stripe Connect: Express accounts and account links).
 */
export interface PayoutOnboarding {
  /** A new account for a host; the same key answers the same account, so a retried request never makes two. */
  createAccount(input: { hostId: string; email: string; idempotencyKey: string }): Promise<ProviderPayoutAccount>;
  /**
   * A one-time link to the provider's onboarding for the account (it expires within minutes). The provider sends the
   * host to `returnUrl` when they are done, or to `refreshUrl` when the link is used again or expired.
   */
  createLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string; expiresAt: Date }>;
  /** The account as the provider holds it now. */
  retrieveAccount(id: string): Promise<ProviderPayoutAccount>;
}

/** A verified provider event (Stripe webhooks). */
export type PaymentEvent = {
  id: string;
  type: string;
  intentId: string | null;
  /** The host's account at the provider that the event is about (Stripe Connect's `account.*` events), if any. */
  accountId: string | null;
};

/** The provider refused an operation (bad state, unknown intent); `code` is the provider's. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** True when trying again later may succeed (network, provider down). */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser needs to collect a card (no secrets). */
  publicConfig(): PaymentConfig;
  /** A manual-capture intent; the same idempotency key always answers the same intent. */
  createIntent(input: {
    amountCents: number;
    currency: string;
    metadata: StayMetadata;
    description: string;
    idempotencyKey: string;
  }): Promise<ProviderIntent>;
  /** The provider's current word on an intent; never the browser's. */
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Moves the held money. Capturing an intent that is already captured answers it as it is. */
  captureIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Releases a hold (or abandons an unconfirmed intent); the guest is not charged. Idempotent. */
  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Refunds a captured payment, in full without `amountCents`. The same key never refunds twice. */
  refund(input: { intentId: string; amountCents?: number; idempotencyKey: string }): Promise<ProviderRefund>;
  /**
   * Pays a host: `amountCents` to their payout destination. The same key answers the transfer it made the first time
   * (with the same parameters), never a second one: a payout retried after a crash pays once.
   */
  transfer(input: { amountCents: number; currency: string; destination: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<ProviderTransfer>;
  /** The provider's own word on a transfer (the reconciliation's); the amount is what stays transferred after reversals. */
  retrieveTransfer(id: string): Promise<ProviderTransfer>;
  /** Every transfer the provider made from `from` (inclusive) to `to` (exclusive), whoever asked for it. */
  listTransfers?(period: { from: Date; to: Date }): Promise<ProviderTransferRecord[]>;
  /** Every capture the provider made from `from` (inclusive) to `to` (exclusive), whoever asked for it. */
  listCaptures?(period: { from: Date; to: Date }): Promise<ProviderCaptureRecord[]>;
  /** With a provider whose own pages set up a host's payouts (Stripe Connect); the built-in processor takes bank accounts. */
  readonly payoutOnboarding?: PayoutOnboarding;
  /**
   * Adds a host's bank account to pay out to, checked as the provider's test mode checks one. Only the built-in
   * processor takes bank accounts itself; with Stripe a host enters them in Stripe's own onboarding.
   */
  createBankAccount?(input: BankAccountInput): Promise<{ id: string; last4: string }>;
  /**
   * Verifies a webhook's signature on the raw body and answers the event; throws when the signature
   * does not match. Only providers that send webhooks implement it.
   */
  parseWebhook?(rawBody: Buffer, signatureHeader: string): PaymentEvent;
}
