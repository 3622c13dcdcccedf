import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, BadRequestError, errorResponses } from '../../errors.js';
import { PaymentProviderError, type PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { routeSchema } from '../../route-schema.js';

/** Stripe sends it when a manual-capture intent is authorized: the card is held, the stay can be booked. */
export const PAYMENT_AUTHORIZED_EVENT = 'payment_intent.amount_capturable_updated';
/** Stripe Connect sends it when a connected account changes: a host's onboarding finished, or Stripe needs more. */
export const ACCOUNT_UPDATED_EVENT = 'account.updated';

export type StripeWebhookRoutesOptions = {
  provider: PaymentProvider;
  /** Books the stay a payment was made for; idempotent, so duplicate deliveries are harmless. */
  onPaymentAuthorized: (intentId: string) => Promise<void>;
  /** Reads a host's connected account afresh (whether it can be paid); idempotent. False: no host's account. */
  onPayoutAccountUpdated?: (accountId: string) => Promise<boolean>;
};

/**
 * `POST /api/payments/stripe/webhook`: Stripe's events. It confirms the booking of a guest whose tab
 * closed after the card was authorized, and follows hosts' connected accounts (Connect's `account.updated`,
 * signed with the Connect endpoint's secret, which may point here too). The signature is checked on the exact bytes received, so this
 * scope keeps JSON bodies raw. A 2xx tells Stripe the event is handled; anything else makes it retry.
 * Register it without fastify-plugin: the raw-body parser must stay inside this scope.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookRoutesOptions> = async (
  app,
  { provider, onPaymentAuthorized, onPayoutAccountUpdated },
) => {
  if (!provider.parseWebhook) throw new Error(`The ${provider.name} payment provider sends no webhooks.`);
  const parseWebhook = provider.parseWebhook.bind(provider);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/stripe/webhook',
    {
      // Stripe's servers send no Origin and no cookie; the signature proves the sender.
      config: { originCheck: false },
      schema: routeSchema("Stripe's events (signed with STRIPE_WEBHOOK_SECRET)", {}, z.object({ received: z.literal(true) }), errorResponses(400)),
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new BadRequestError(/*i18n*/ 'Send a Stripe event as JSON with its Stripe-Signature header.');
      }
      let event;
      try {
        event = parseWebhook(request.body, signature);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        request.log.warn({ code: err.code }, 'Stripe webhook refused');
        throw new BadRequestError(err.message);
      }
      const about = { eventId: event.id, type: event.type, intentId: event.intentId, accountId: event.accountId };
      if (event.type === ACCOUNT_UPDATED_EVENT && event.accountId && onPayoutAccountUpdated) {
        // A provider that cannot be asked throws: the 5xx makes Stripe deliver the event again.
        const ours = await onPayoutAccountUpdated(event.accountId);
        request.log.info({ ...about, ours }, 'connected account updated');
        return { received: true as const };
      }
      if (event.type !== PAYMENT_AUTHORIZED_EVENT || !event.intentId) {
        request.log.debug(about, 'Stripe event acknowledged');
        return { received: true as const };
      }
      try {
        await onPaymentAuthorized(event.intentId);
        request.log.info(about, 'payment authorized: booking confirmed');
      } catch (err) {
        // Dates taken meanwhile: the hold was voided and the guest told. Retrying cannot change that.
        if (!(err instanceof AppError && err.status === 409)) throw err;
        request.log.info({ ...about, outcome: err.message }, 'payment authorized: booking refused');
      }
      return { received: true as const };
    },
  );
};
