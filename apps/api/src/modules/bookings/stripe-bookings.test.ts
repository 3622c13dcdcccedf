import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, bookingsPageSchema, paymentIntentSchema, todayIso } from '@staybook/domain';
import { insertRoom, insertUser } from '../../db/factories.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_bookings';

/**
 * With Stripe configured, a guest whose tab closed after the card was authorized is still booked: Stripe's
 * webhook reaches the same idempotent confirmation as the browser, and replays change nothing.
 */
describe.each(TEST_DATABASE_KINDS)('bookings through Stripe on %s', (kind) => {
  let stripeApi: StripeStandIn;
  let t: TestApp;

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    t = await createTestApp(kind, {
      STRIPE_SECRET_KEY: stripeApi.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripeApi.publishableKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  function deliver(type: string, intentId: string) {
    const payload = JSON.stringify(stripeApi.event(type, intentId));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it('books an authorized stay from the webhook once, however often it is delivered or the browser confirms', async () => {
    const host = await insertUser(t.database.db, { role: 'host' });
    const room = await insertRoom(t.database.db, { hostId: host.id, availableFrom: addDays(todayIso(), 10), priceCents: 15_000 });
    const guest = await t.signUp();
    const config = await t.call('GET', '/api/payments/config');
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: stripeApi.publishableKey });

    const created = await t.call('POST', '/api/create-payment-intent', {
      as: guest,
      body: { roomId: room.id, from: room.availableFrom, to: addDays(room.availableFrom, 2), price: 1 },
    });
    expect(created.statusCode).toBe(200);
    const intent = paymentIntentSchema.parse(created.json());
    expect(intent).toMatchObject({ provider: 'stripe', nights: 2, totalCents: 30_000 });
    const sent = stripeApi.calls.find((c) => c.method === 'POST' && c.path === '/v1/payment_intents');
    expect(sent?.params).toMatchObject({ amount: '30000', capture_method: 'manual' });

    // The browser confirms the card with Stripe, then the tab closes: only the webhook tells us.
    expect((await stripeApi.confirmAsBrowser(intent.clientSecret, 'pm_card_visa')).status).toBe(200);
    for (let delivery = 0; delivery < 3; delivery += 1) {
      expect((await deliver('payment_intent.amount_capturable_updated', intent.paymentIntentId)).statusCode).toBe(200);
    }
    const again = await t.call('POST', '/api/booking', { as: guest, body: { paymentIntentId: intent.paymentIntentId } });
    expect(again.statusCode).toBe(200);

    const mine = bookingsPageSchema.parse((await t.call('GET', '/api/my-bookings', { as: guest })).json());
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ transactionId: intent.paymentIntentId, priceCents: 30_000, status: 'confirmed', card: { brand: 'visa', last4: '4242' } });
    const captures = stripeApi.calls.filter((c) => c.path === `/v1/payment_intents/${intent.paymentIntentId}/capture` && !c.replayed);
    expect(captures.filter((c) => c.status === 200)).toHaveLength(1);
  });

  it("lets the page load Stripe.js, its card frames and its API, and nothing else from elsewhere", async () => {
    const policy = String((await t.call('GET', '/')).headers['content-security-policy']).split(';').map((directive) => directive.trim());
    expect(policy).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
    expect(policy.find((directive) => directive.startsWith('script-src'))).toMatch(/^script-src 'self'( 'sha256-[^']+')* https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com$/);
    // An API answer is data: it loads nothing, Stripe or not.
    expect((await t.call('GET', '/api/payments/config')).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('acknowledges events about payments that are not ours, and refuses unsigned ones', async () => {
    // Another app on the same Stripe account made this intent; its events reach our endpoint too.
    const otherApp = new Stripe(stripeApi.secretKey, { host: stripeApi.host, port: stripeApi.port, protocol: stripeApi.protocol });
    const foreign = await otherApp.paymentIntents.create({ amount: 5_000, currency: 'usd', capture_method: 'manual' });
    expect((await stripeApi.confirmAsBrowser(foreign.client_secret!, 'pm_card_visa')).status).toBe(200);
    const res = await deliver('payment_intent.amount_capturable_updated', foreign.id);
    expect(res.statusCode).toBe(200);
    expect(stripeApi.calls.some((c) => c.path.endsWith(`${foreign.id}/capture`) || c.path.endsWith(`${foreign.id}/cancel`))).toBe(false);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });
});
