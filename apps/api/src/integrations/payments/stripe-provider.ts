import Stripe from 'stripe';
import { CARD_ERROR_MESSAGES } from '@staybook/domain';
import {
  PaymentProviderError,
  type IntentStatus,
  type PaymentEvent,
  type PaymentProvider,
  type PayoutOnboarding,
  type ProviderCaptureRecord,
  type ProviderIntent,
  type ProviderPayoutAccount,
  type ProviderRefund,
  type ProviderTransferRecord,
  type StayMetadata,
} from './payment-provider.js';

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  /** The signing secret of the webhook endpoint (whsec_…); without it (or the Connect one) every event is refused. */
  webhookSecret?: string | null;
  /**
   * The signing secret of the endpoint that receives connected accounts' events (`account.updated`): Stripe sends
   * them only to a Connect endpoint, which has a secret of its own.
   */
  connectWebhookSecret?: string | null;
  /** A Stripe-compatible server instead of api.stripe.com (a local stand-in in tests). */
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: 'http' | 'https';
  /** Retries of calls that failed on the network (the SDK's default is 1); idempotency keys make them safe. */
  maxNetworkRetries?: number;
};

const INTENT_STATUSES: ReadonlySet<string> = new Set<IntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);
const STAY_KEYS = ['paymentId', 'roomId', 'guestId', 'checkIn', 'checkOut'] as const satisfies ReadonlyArray<keyof StayMetadata>;
/** The latest charge holds the card's brand and last four and the refunded amount. */
const EXPAND = ['latest_charge'];

/**
 * Stripe's code for a failed card, as the guest should hear it: a decline's reason when the product
 * has a message for it (insufficient_funds), else Stripe's code (card_declined, expired_card…). Other
 * issuers' reasons (fraudulent, stolen_card…) stay a plain card_declined, as Stripe advises.
 */
function cardErrorCode(code: string | undefined, declineCode: string | undefined): string | undefined {
  if (code === 'card_declined' && declineCode && Object.hasOwn(CARD_ERROR_MESSAGES, declineCode)) return declineCode;
  return code;
}

/** Refunds of captured money only: Stripe also counts a released (uncaptured) hold as refunded. */
function refundedCents(charge: Stripe.Charge): number {
  const released = charge.amount - charge.amount_captured;
  return Math.max(0, charge.amount_refunded - released);
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const charge = intent.latest_charge !== null && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const metadata: Partial<StayMetadata> = {};
  for (const key of STAY_KEYS) {
    const value = intent.metadata[key];
    if (typeof value === 'string') metadata[key] = value;
  }
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    // A status newer than this code knows is not an authorization: treat it as still processing.
    status: INTENT_STATUSES.has(intent.status) ? (intent.status as IntentStatus) : 'processing',
    amountCents: intent.amount,
    amountCapturableCents: intent.amount_capturable,
    amountReceivedCents: intent.amount_received,
    amountRefundedCents: charge ? refundedCents(charge) : 0,
    currency: intent.currency,
    metadata,
    card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
    clientSecret: intent.client_secret,
    lastErrorCode: error ? (cardErrorCode(error.code, error.decline_code) ?? error.type) : null,
  };
}

function toRefundStatus(status: string | null): ProviderRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** Stripe's errors become the provider interface's; anything else (a bug of ours) passes unchanged. */
function toProviderError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  const { StripeConnectionError, StripeRateLimitError, StripeAPIError } = Stripe.errors;
  const connection = err instanceof StripeConnectionError;
  const retryable = connection || err instanceof StripeRateLimitError || err instanceof StripeAPIError;
  const code = cardErrorCode(err.code, err.decline_code) ?? (connection ? 'api_connection_error' : (err.rawType ?? 'api_error'));
  const error = new PaymentProviderError(err.message || 'The payment provider refused the request.', code, retryable);
  error.cause = err;
  return error;
}

async function stripeCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw toProviderError(err);
  }
}

/** The intent a verified event is about: the object itself, or the intent a charge or refund belongs to. */
function eventIntentId(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (object.object === 'payment_intent') return object.id ?? null;
  const intent = object.payment_intent;
  if (typeof intent === 'string') return intent;
  return intent?.id ?? null;
}

/** The connected account a verified event is about: the account itself, or the account a Connect event came from. */
function eventAccountId(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string };
  if (object.object === 'account') return object.id ?? null;
  return event.account ?? null;
}

/** Whether Stripe can pay a host through the account now, and what it still needs from them. */
function toPayoutAccount(account: Stripe.Account): ProviderPayoutAccount {
  const due = [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])];
  const banks = (account.external_accounts?.data ?? []).filter((external) => external.object === 'bank_account');
  const bank = banks.find((b) => b.default_for_currency) ?? banks[0];
  return {
    id: account.id,
    ready: account.details_submitted && account.payouts_enabled && account.capabilities?.transfers === 'active',
    detailsDue: !account.details_submitted || due.length > 0,
    last4: bank?.last4 ?? null,
  };
}

const toSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
const toDate = (seconds: number) => new Date(seconds * 1000);

/**
 * Card payments through Stripe: PaymentIntents with manual capture (the card is held, the stay is
 * booked, then the money is captured or the hold voided), the stay in the intent's metadata, an
 * idempotency key on every call that changes something, and webhook events verified on the raw body.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { secretKey, publishableKey, webhookSecret, connectWebhookSecret, apiHost, apiPort, apiProtocol, maxNetworkRetries } = options;
  const stripe = new Stripe(secretKey, {
    ...(apiHost !== undefined ? { host: apiHost } : {}),
    ...(apiPort !== undefined ? { port: apiPort } : {}),
    ...(apiProtocol !== undefined ? { protocol: apiProtocol } : {}),
    ...(maxNetworkRetries !== undefined ? { maxNetworkRetries } : {}),
    // The booking request waits on these calls; it must not outlive the server's request timeout.
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'StayBook' },
  });

  const retrieve = async (id: string) => toProviderIntent(await stripeCall(() => stripe.paymentIntents.retrieve(id, { expand: EXPAND })));

  /**
   * Capture and cancel are idempotent in the interface: an intent already in the state asked for
   * is answered as it is (Stripe refuses the second call with a different key).
   */
  async function settle(id: string, done: IntentStatus, run: () => Promise<Stripe.PaymentIntent>): Promise<ProviderIntent> {
    try {
      return toProviderIntent(await stripeCall(run));
    } catch (err) {
      if (!(err instanceof PaymentProviderError) || err.code !== 'payment_intent_unexpected_state') throw err;
      const current = await retrieve(id);
      if (current.status === done) return current;
      throw err;
    }
  }

  /**
   * Hosts' Express accounts (decision 049): created for the host with the transfers capability requested, onboarded
   * on Stripe's own pages through account links, ready once Stripe can pay them.
   */
  const payoutOnboarding: PayoutOnboarding = {
    async createAccount({ hostId, email, idempotencyKey }) {
      const account = await stripeCall(() =>
        stripe.accounts.create(
          { type: 'express', country: 'US', email, capabilities: { transfers: { requested: true } }, metadata: { hostId } },
          { idempotencyKey },
        ),
      );
      return toPayoutAccount(account);
    },
    async createLink({ accountId, refreshUrl, returnUrl }) {
      // No idempotency key of ours: a link is single-use, so asking again must give a new one.
      const link = await stripeCall(() => stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: refreshUrl, return_url: returnUrl }));
      return { url: link.url, expiresAt: toDate(link.expires_at) };
    },
    retrieveAccount: async (id) => toPayoutAccount(await stripeCall(() => stripe.accounts.retrieve(id))),
  };

  /** The secrets an event may be signed with: the platform's endpoint's, then the Connect endpoint's. */
  const signingSecrets = [webhookSecret, connectWebhookSecret].filter((secret): secret is string => Boolean(secret));

  return {
    name: 'stripe',

    publicConfig: () => ({ provider: 'stripe', publishableKey }),

    async createIntent({ amountCents, currency, metadata, description, idempotencyKey }) {
      const intent = await stripeCall(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            capture_method: 'manual',
            // Cards only (the API version this SDK pins has no payment_method_types): no redirects.
            allowed_payment_method_types: ['card'],
            metadata: { ...metadata },
            description,
            expand: EXPAND,
          },
          { idempotencyKey },
        ),
      );
      return toProviderIntent(intent);
    },

    retrieveIntent: retrieve,

    captureIntent: (id, idempotencyKey) =>
      settle(id, 'succeeded', () => stripe.paymentIntents.capture(id, { expand: EXPAND }, { idempotencyKey })),

    cancelIntent: (id, idempotencyKey) =>
      settle(id, 'canceled', () => stripe.paymentIntents.cancel(id, { expand: EXPAND }, { idempotencyKey })),

    async refund({ intentId, amountCents, idempotencyKey }) {
      const refund = await stripeCall(() =>
        stripe.refunds.create(
          { payment_intent: intentId, ...(amountCents !== undefined ? { amount: amountCents } : {}) },
          { idempotencyKey },
        ),
      );
      return { id: refund.id, amountCents: refund.amount, status: toRefundStatus(refund.status) };
    },

    // Separate charges and transfers: the platform's balance to the host's connected account (decision 049).
    async transfer({ amountCents, currency, destination, idempotencyKey, metadata }) {
      const transfer = await stripeCall(() => stripe.transfers.create({ amount: amountCents, currency, destination, metadata }, { idempotencyKey }));
      const to = typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? destination);
      return { id: transfer.id, amountCents: transfer.amount, destination: to, status: 'paid', failureCode: null };
    },

    async retrieveTransfer(id) {
      const transfer = await stripeCall(() => stripe.transfers.retrieve(id));
      const to = typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? '');
      // A reversed transfer keeps its amount; what stays with the host is the amount less the reversals.
      return { id: transfer.id, amountCents: transfer.amount - transfer.amount_reversed, destination: to, status: 'paid', failureCode: null };
    },

    async listTransfers({ from, to }) {
      const transfers: ProviderTransferRecord[] = [];
      await stripeCall(async () => {
        for await (const transfer of stripe.transfers.list({ created: { gte: toSeconds(from), lt: toSeconds(to) }, limit: 100 })) {
          const destination = typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? '');
          transfers.push({
            id: transfer.id,
            amountCents: transfer.amount - transfer.amount_reversed,
            destination,
            metadata: { ...transfer.metadata },
            createdAt: toDate(transfer.created),
          });
        }
      });
      return transfers;
    },

    // A capture moves money to the platform's balance: its balance transaction (type charge) is dated when it did.
    async listCaptures({ from, to }) {
      const captures: ProviderCaptureRecord[] = [];
      await stripeCall(async () => {
        const listing = stripe.balanceTransactions.list({ type: 'charge', created: { gte: toSeconds(from), lt: toSeconds(to) }, limit: 100, expand: ['data.source'] });
        for await (const txn of listing) {
          const charge = txn.source !== null && typeof txn.source === 'object' && txn.source.object === 'charge' ? txn.source : null;
          const intent = charge?.payment_intent;
          captures.push({
            id: charge?.id ?? (typeof txn.source === 'string' ? txn.source : txn.id),
            intentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
            amountCents: txn.amount,
            createdAt: toDate(txn.created),
          });
        }
      });
      return captures;
    },

    payoutOnboarding,

    parseWebhook(rawBody: Buffer, signatureHeader: string): PaymentEvent {
      if (signingSecrets.length === 0) {
        throw new PaymentProviderError('Stripe events cannot be verified: STRIPE_WEBHOOK_SECRET is not set.', 'webhook_secret_missing');
      }
      let event: Stripe.Event | null = null;
      let failure: unknown = null;
      for (const secret of signingSecrets) {
        try {
          event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
          break;
        } catch (err) {
          failure = err;
          // Signed with the other endpoint's secret, perhaps; anything else is no event at all.
          if (!(err instanceof Stripe.errors.StripeSignatureVerificationError)) break;
        }
      }
      if (!event) {
        const error =
          failure instanceof Stripe.errors.StripeSignatureVerificationError
            ? new PaymentProviderError('The Stripe-Signature header does not match this request body.', 'signature_verification_failed')
            : new PaymentProviderError('The Stripe event could not be read.', 'invalid_payload');
        error.cause = failure;
        throw error;
      }
      return { id: event.id, type: event.type, intentId: eventIntentId(event), accountId: eventAccountId(event) };
    },
  };
}
