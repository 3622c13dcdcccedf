import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError } from '../../errors.js';
import { createStripeProvider } from '../../integrations/payments/stripe-provider.js';
import { registerErrorHandler } from '../../plugins/error-handler.js';
import { registerOriginCheck } from '../../plugins/origin-check.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { stripeWebhookRoutes } from './stripe-webhook.routes.js';

const WEBHOOK_SECRET = 'whsec_test_webhook';
const SITE = 'http://localhost:3000';
const WEBHOOK_URL = '/api/payments/stripe/webhook';

/**
 * The webhook route in an /api scope built as app.ts builds it (error handler, Origin check, the
 * default JSON parser), with the Stripe adapter verifying events from a local Stripe stand-in.
 */
describe('Stripe webhook route', () => {
  let stripeApi: StripeStandIn;
  let app: FastifyInstance;
  let authorized: string[];
  let accountsUpdated: string[];
  let outcome: () => Promise<void>;
  let intentId: string;

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    const provider = createStripeProvider({
      secretKey: stripeApi.secretKey,
      publishableKey: stripeApi.publishableKey,
      webhookSecret: WEBHOOK_SECRET,
      apiHost: stripeApi.host,
      apiPort: stripeApi.port,
      apiProtocol: stripeApi.protocol,
    });
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(
      async (api) => {
        registerOriginCheck(api, [SITE]);
        // Another route of the scope: its JSON is parsed as usual and the Origin check still holds.
        api.post('/echo', async (request) => ({ body: request.body }));
        await api.register(stripeWebhookRoutes, {
          provider,
          onPaymentAuthorized: async (id) => {
            authorized.push(id);
            await outcome();
          },
          onPayoutAccountUpdated: async (id) => {
            accountsUpdated.push(id);
            await outcome();
            return true;
          },
        });
      },
      { prefix: '/api' },
    );
    await app.ready();

    const intent = await provider.createIntent({
      amountCents: 24_000,
      currency: 'usd',
      metadata: { paymentId: 'pay-1', roomId: 'room-1', guestId: 'guest-1', checkIn: '2031-06-01', checkOut: '2031-06-03' },
      description: 'Two nights',
      idempotencyKey: 'create-pay-1',
    });
    await stripeApi.confirmAsBrowser(intent.clientSecret!, 'pm_card_visa');
    intentId = intent.id;
  });
  afterAll(async () => {
    await app.close();
    await stripeApi.close();
  });
  beforeEach(() => {
    authorized = [];
    accountsUpdated = [];
    outcome = async () => {};
  });

  /** A delivery as Stripe makes it: the JSON body, signed, no Origin, no cookie. */
  function deliver(payload: string, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }), ...headers },
      payload,
    });
  }
  const authorizedEvent = () => JSON.stringify(stripeApi.event('payment_intent.amount_capturable_updated', intentId));

  it('books the stay of an authorized payment, once per delivery; a replay calls again, harmlessly', async () => {
    const payload = authorizedEvent();
    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(authorized).toEqual([intentId]);

    const replay = await deliver(payload);
    expect(replay.statusCode).toBe(200);
    expect(authorized).toEqual([intentId, intentId]);
  });

  it('verifies the exact bytes received: a body formatted differently from JSON.stringify still matches', async () => {
    const pretty = JSON.stringify(JSON.parse(authorizedEvent()), null, 2);
    const res = await deliver(pretty);
    expect(res.statusCode).toBe(200);
    expect(authorized).toEqual([intentId]);
    // The raw-body parser stays in the webhook's scope.
    const echo = await app.inject({ method: 'POST', url: '/api/echo', headers: { origin: SITE }, payload: { a: 1 } });
    expect(echo.json()).toEqual({ body: { a: 1 } });
  });

  it('refuses a bad or missing signature with a 400 and books nothing', async () => {
    const payload = authorizedEvent();
    const forged = await deliver(payload, {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The Stripe-Signature header does not match this request body.' },
    });

    expect(payload).toContain('"amount":24000');
    const tampered = await app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload: payload.replace('"amount":24000', '"amount":1'),
    });
    expect(tampered.statusCode).toBe(400);

    const unsigned = await app.inject({ method: 'POST', url: WEBHOOK_URL, headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(authorized).toEqual([]);
  });

  it('acknowledges other events without booking anything', async () => {
    for (const type of ['payment_intent.created', 'payment_intent.succeeded', 'charge.refunded']) {
      const res = await deliver(JSON.stringify(stripeApi.event(type, intentId)));
      expect(res.statusCode, type).toBe(200);
    }
    expect(authorized).toEqual([]);
  });

  it('hands a connected account’s update to the payouts, and answers 500 when it could not be read, so Stripe delivers again', async () => {
    const account = await new Stripe(stripeApi.secretKey, { host: stripeApi.host, port: stripeApi.port, protocol: 'http' }).accounts.create({
      type: 'express',
      capabilities: { transfers: { requested: true } },
    });
    const res = await deliver(JSON.stringify(stripeApi.accountUpdatedEvent(account.id)));
    expect(res.statusCode).toBe(200);
    expect(accountsUpdated).toEqual([account.id]);
    expect(authorized).toEqual([]);
    outcome = async () => {
      throw new Error('Stripe unreachable');
    };
    expect((await deliver(JSON.stringify(stripeApi.accountUpdatedEvent(account.id)))).statusCode).toBe(500);
  });

  it('answers 500 when booking failed, so Stripe delivers again', async () => {
    outcome = async () => {
      throw new Error('database unavailable');
    };
    const res = await deliver(authorizedEvent());
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: { code: 'INTERNAL' } });
    expect(authorized).toEqual([intentId]);
  });

  it('answers 200 when the dates were taken meanwhile: the hold is voided and retrying cannot change it', async () => {
    outcome = async () => {
      throw new ConflictError('These dates were just booked by someone else. Your card was not charged.');
    };
    const res = await deliver(authorizedEvent());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it('takes deliveries whatever their Origin, while the rest of the API still refuses foreign pages', async () => {
    expect((await deliver(authorizedEvent(), { origin: 'https://hooks.stripe.com' })).statusCode).toBe(200);
    expect((await deliver(authorizedEvent(), { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
    const foreign = await app.inject({ method: 'POST', url: '/api/echo', headers: { origin: 'https://evil.example' }, payload: { a: 1 } });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses to start with a provider that sends no webhooks', async () => {
    const bare = Fastify({ logger: false });
    const provider = { ...createStripeProvider({ secretKey: 'sk_test_x', publishableKey: 'pk_test_x' }), parseWebhook: undefined };
    bare.register(stripeWebhookRoutes, { provider, onPaymentAuthorized: async () => {} });
    await expect(bare.ready()).rejects.toThrow('The stripe payment provider sends no webhooks.');
    await bare.close();
  });
});
