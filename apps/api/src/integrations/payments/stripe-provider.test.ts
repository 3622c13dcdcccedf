import { once } from 'node:events';
import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.js';
import { PaymentProviderError, type PaymentProvider, type ProviderTransfer, type StayMetadata } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';

const WEBHOOK_SECRET = 'whsec_test_provider';
const CONNECT_SECRET = 'whsec_test_provider_connect';

const stay = (paymentId: string): StayMetadata => ({
  paymentId,
  roomId: '0b6f4a0e-3c43-4a56-9d2b-8f5c1e7a9b10',
  guestId: 'guest-42',
  checkIn: '2031-05-01',
  checkOut: '2031-05-04',
});

/** The Stripe adapter, through the real SDK, against a local server speaking Stripe's API. */
describe('Stripe payment provider', () => {
  let stripeApi: StripeStandIn;
  let provider: PaymentProvider;
  let keyNumber = 0;
  const newKey = (what: string) => `${what}-${(keyNumber += 1)}`;

  beforeAll(async () => {
    stripeApi = await startStripeStandIn({ secretKey: 'sk_test_provider', publishableKey: 'pk_test_provider' });
    provider = createStripeProvider({
      secretKey: 'sk_test_provider',
      publishableKey: 'pk_test_provider',
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_SECRET,
      apiHost: stripeApi.host,
      apiPort: stripeApi.port,
      apiProtocol: stripeApi.protocol,
    });
  });
  afterAll(() => stripeApi.close());

  const createIntent = (paymentId: string, idempotencyKey = newKey('create'), amountCents = 36_000) =>
    provider.createIntent({ amountCents, currency: 'usd', metadata: stay(paymentId), description: 'Lake cabin, 3 nights', idempotencyKey });

  /** An intent the guest's card has authorized, as after Stripe.js confirmed it in the browser. */
  async function authorizedIntent(paymentId: string, paymentMethod = 'pm_card_visa') {
    const created = await createIntent(paymentId);
    const confirm = await stripeApi.confirmAsBrowser(created.clientSecret!, paymentMethod);
    expect(confirm.status).toBe(200);
    return created;
  }

  it('tells the browser which provider collects cards, with the publishable key only', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.publicConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_provider' });
  });

  it('creates a manual-capture card intent for the amount, with the stay in its metadata and the idempotency key', async () => {
    const intent = await createIntent('pay-create', 'create-pay-create');
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: 'requires_payment_method',
      amountCents: 36_000,
      amountCapturableCents: 0,
      amountReceivedCents: 0,
      amountRefundedCents: 0,
      currency: 'usd',
      metadata: stay('pay-create'),
      card: null,
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      lastErrorCode: null,
    });
    const call = stripeApi.calls.find((c) => c.idempotencyKey === 'create-pay-create')!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_intents', status: 200 });
    expect(call.params).toEqual({
      amount: '36000',
      currency: 'usd',
      capture_method: 'manual',
      allowed_payment_method_types: ['card'],
      metadata: stay('pay-create'),
      description: 'Lake cabin, 3 nights',
      expand: ['latest_charge'],
    });
    // Stripe's wire format: a form body with bracketed keys.
    expect(call.rawBody).toContain('metadata[roomId]=0b6f4a0e-3c43-4a56-9d2b-8f5c1e7a9b10');
    expect(call.rawBody).toContain('capture_method=manual');
  });

  it('answers the same intent when the same idempotency key is sent twice', async () => {
    const first = await createIntent('pay-twice', 'create-pay-twice');
    const second = await createIntent('pay-twice', 'create-pay-twice');
    expect(second.id).toBe(first.id);
    const calls = stripeApi.calls.filter((c) => c.idempotencyKey === 'create-pay-twice');
    expect(calls.map((c) => c.replayed)).toEqual([false, true]);
  });

  it('refuses to reuse an idempotency key for a different payment', async () => {
    await createIntent('pay-key', 'create-pay-key', 36_000);
    const reused = createIntent('pay-key', 'create-pay-key', 12_000);
    await expect(reused).rejects.toMatchObject({ name: 'PaymentProviderError', code: 'idempotency_error', retryable: false });
  });

  it('authorizes, captures and refunds: requires_capture, then succeeded, then the refunded amount', async () => {
    const created = await createIntent('pay-cycle');
    const confirm = await stripeApi.confirmAsBrowser(created.clientSecret!, 'pm_card_visa');
    expect(confirm).toMatchObject({ status: 200, body: { status: 'requires_capture' } });

    const held = await provider.retrieveIntent(created.id);
    expect(held).toMatchObject({
      status: 'requires_capture',
      amountCapturableCents: 36_000,
      amountReceivedCents: 0,
      amountRefundedCents: 0,
      card: { brand: 'visa', last4: '4242' },
      metadata: stay('pay-cycle'),
      lastErrorCode: null,
    });
    const retrieveCall = stripeApi.calls.findLast((c) => c.method === 'GET')!;
    expect(retrieveCall).toMatchObject({ path: `/v1/payment_intents/${created.id}`, params: { expand: ['latest_charge'] } });

    const captured = await provider.captureIntent(created.id, 'capture-pay-cycle');
    expect(captured).toMatchObject({ status: 'succeeded', amountCapturableCents: 0, amountReceivedCents: 36_000, amountRefundedCents: 0 });
    expect(stripeApi.calls.findLast((c) => c.path.endsWith('/capture'))?.idempotencyKey).toBe('capture-pay-cycle');

    const refund = await provider.refund({ intentId: created.id, idempotencyKey: 'refund-pay-cycle' });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amountCents: 36_000, status: 'succeeded' });
    const refundCall = stripeApi.calls.findLast((c) => c.path === '/v1/refunds')!;
    expect(refundCall).toMatchObject({ idempotencyKey: 'refund-pay-cycle', params: { payment_intent: created.id } });
    expect(refundCall.params).not.toHaveProperty('amount');

    expect(await provider.retrieveIntent(created.id)).toMatchObject({ status: 'succeeded', amountReceivedCents: 36_000, amountRefundedCents: 36_000 });
  });

  it('refunds in part, never twice for one key, and never more than was captured', async () => {
    const { id } = await authorizedIntent('pay-partial');
    await provider.captureIntent(id, 'capture-pay-partial');
    const part = await provider.refund({ intentId: id, amountCents: 12_000, idempotencyKey: 'refund-pay-partial' });
    const again = await provider.refund({ intentId: id, amountCents: 12_000, idempotencyKey: 'refund-pay-partial' });
    expect(again).toEqual(part);
    expect((await provider.retrieveIntent(id)).amountRefundedCents).toBe(12_000);

    const tooMuch = provider.refund({ intentId: id, amountCents: 30_000, idempotencyKey: 'refund-pay-partial-2' });
    await expect(tooMuch).rejects.toMatchObject({ code: 'amount_too_large', message: 'Refund amount ($300.00) is greater than unrefunded amount on charge ($240.00)' });
    await provider.refund({ intentId: id, idempotencyKey: 'refund-pay-partial-3' });
    expect((await provider.retrieveIntent(id)).amountRefundedCents).toBe(36_000);
  });

  it('voids an authorized intent: canceled, nothing captured, nothing counted as refunded', async () => {
    const { id } = await authorizedIntent('pay-void');
    const canceled = await provider.cancelIntent(id, 'cancel-pay-void');
    expect(canceled).toMatchObject({ status: 'canceled', amountCapturableCents: 0, amountReceivedCents: 0, amountRefundedCents: 0 });
    expect(stripeApi.calls.findLast((c) => c.path.endsWith('/cancel'))?.idempotencyKey).toBe('cancel-pay-void');
  });

  it('answers capture and cancel of an intent already in that state as it is, even with a new key', async () => {
    const { id: capturedId } = await authorizedIntent('pay-capture-again');
    await provider.captureIntent(capturedId, 'capture-again-1');
    expect(await provider.captureIntent(capturedId, 'capture-again-2')).toMatchObject({ status: 'succeeded', amountReceivedCents: 36_000 });

    const { id: canceledId } = await authorizedIntent('pay-cancel-again');
    await provider.cancelIntent(canceledId, 'cancel-again-1');
    expect(await provider.cancelIntent(canceledId, 'cancel-again-2')).toMatchObject({ status: 'canceled' });

    // A captured payment cannot be voided: that is refused, not answered as done.
    const voidCaptured = provider.cancelIntent(capturedId, 'cancel-captured');
    await expect(voidCaptured).rejects.toMatchObject({ code: 'payment_intent_unexpected_state', retryable: false });
  });

  it("reports a declined card with Stripe's code and message, and the intent keeps the failed attempt", async () => {
    const created = await createIntent('pay-declined');
    const confirm = await stripeApi.confirmAsBrowser(created.clientSecret!, 'pm_card_chargeDeclined');
    expect(confirm).toMatchObject({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
    });
    expect(await provider.retrieveIntent(created.id)).toMatchObject({
      status: 'requires_payment_method',
      amountCapturableCents: 0,
      lastErrorCode: 'card_declined',
    });
    // Capturing what was never authorized is refused with Stripe's code.
    const capture = provider.captureIntent(created.id, 'capture-pay-declined');
    await expect(capture).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('names the decline reasons the product has a message for', async () => {
    const created = await createIntent('pay-funds');
    await stripeApi.confirmAsBrowser(created.clientSecret!, 'pm_card_chargeDeclinedInsufficientFunds');
    expect((await provider.retrieveIntent(created.id)).lastErrorCode).toBe('insufficient_funds');
  });

  it("turns Stripe's errors into provider errors with Stripe's code and message", async () => {
    stripeApi.failNext(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    const error = await createIntent('pay-card-error').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.', retryable: false });
  });

  it('marks provider outages and rate limits as retryable, bad requests and unknown intents not', async () => {
    stripeApi.failNext(500, { type: 'api_error', message: 'Something went wrong on our end.' });
    await expect(createIntent('pay-outage')).rejects.toMatchObject({ code: 'api_error', retryable: true });
    stripeApi.failNext(429, { type: 'rate_limit_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' });
    await expect(provider.retrieveIntent('pi_anything')).rejects.toMatchObject({ code: 'rate_limit', retryable: true });
    await expect(createIntent('pay-small', newKey('create'), 20)).rejects.toMatchObject({ code: 'amount_too_small', retryable: false });
    await expect(provider.retrieveIntent('pi_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_missing'",
      retryable: false,
    });
  });

  it('marks an unreachable provider as retryable', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as { port: number }).port;
    closed.close();
    await once(closed, 'close');
    const unreachable = createStripeProvider({
      secretKey: 'sk_test_provider',
      publishableKey: 'pk_test_provider',
      apiHost: '127.0.0.1',
      apiPort: port,
      apiProtocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(unreachable.retrieveIntent('pi_anything')).rejects.toMatchObject({ code: 'api_connection_error', retryable: true });
  });

  describe('payout accounts (Connect Express)', () => {
    const urls = { refreshUrl: 'http://localhost:3000/api/payouts/stripe-refresh', returnUrl: 'http://localhost:3000/api/payouts/stripe-return' };

    it('creates an Express account for a host, once for a key, that is not ready until onboarded', async () => {
      const onboarding = provider.payoutOnboarding!;
      const account = await onboarding.createAccount({ hostId: 'host-1', email: 'hana@example.com', idempotencyKey: 'payout-account:host-1' });
      expect(account).toEqual({ id: expect.stringMatching(/^acct_/), ready: false, detailsDue: true, last4: null });
      expect(await onboarding.createAccount({ hostId: 'host-1', email: 'hana@example.com', idempotencyKey: 'payout-account:host-1' })).toEqual(account);
      const calls = stripeApi.calls.filter((c) => c.idempotencyKey === 'payout-account:host-1');
      expect(calls.map((c) => c.replayed)).toEqual([false, true]);
      expect(calls[0]!.params).toEqual({ type: 'express', country: 'US', email: 'hana@example.com', capabilities: { transfers: { requested: 'true' } }, metadata: { hostId: 'host-1' } });
    });

    it('links to the onboarding, a new link each time, and reads the account as ready once it is done', async () => {
      const onboarding = provider.payoutOnboarding!;
      const { id } = await onboarding.createAccount({ hostId: 'host-2', email: 'otto@example.com', idempotencyKey: newKey('account') });
      const link = await onboarding.createLink({ accountId: id, ...urls });
      expect(link.url).toContain(`/setup/e/${id}/`);
      expect(link.expiresAt.getTime()).toBeGreaterThan(Date.now());
      expect((await onboarding.createLink({ accountId: id, ...urls })).url).not.toBe(link.url);
      expect(stripeApi.calls.findLast((c) => c.path === '/v1/account_links')?.params).toEqual({ account: id, type: 'account_onboarding', refresh_url: urls.refreshUrl, return_url: urls.returnUrl });

      const opened = await fetch(link.url, { redirect: 'manual' });
      expect(opened.headers.get('location')).toBe(urls.returnUrl);
      expect(await onboarding.retrieveAccount(id)).toEqual({ id, ready: true, detailsDue: false, last4: '6789' });
      stripeApi.updateAccount(id, { payouts_enabled: false, requirements: { currently_due: ['individual.id_number'], past_due: [] } });
      expect(await onboarding.retrieveAccount(id)).toEqual({ id, ready: false, detailsDue: true, last4: '6789' });
    });

    it("names Stripe's refusals: an unknown account, a link for it", async () => {
      const onboarding = provider.payoutOnboarding!;
      await expect(onboarding.retrieveAccount('acct_nobody')).rejects.toMatchObject({ code: 'resource_missing', message: "No such account: 'acct_nobody'", retryable: false });
      await expect(onboarding.createLink({ accountId: 'acct_nobody', ...urls })).rejects.toMatchObject({ code: 'resource_missing' });
    });
  });

  describe('transfers and their listing', () => {
    it('transfers to a ready connected account, once per key, and refuses one that is not ready', async () => {
      const onboarding = provider.payoutOnboarding!;
      const ready = await onboarding.createAccount({ hostId: 'host-3', email: 'tess@example.com', idempotencyKey: newKey('account') });
      stripeApi.completeOnboarding(ready.id);
      stripeApi.topUp(50_000);
      const input = { amountCents: 12_000, currency: 'usd' as const, destination: ready.id, idempotencyKey: 'payout:host-3:2031-01-02', metadata: { payoutId: 'p-3', hostId: 'host-3' } };
      const transfer = await provider.transfer(input);
      expect(transfer).toEqual({ id: expect.stringMatching(/^tr_/), amountCents: 12_000, destination: ready.id, status: 'paid', failureCode: null });
      expect(await provider.transfer(input)).toEqual(transfer);
      expect(await provider.retrieveTransfer(transfer.id)).toEqual(transfer);

      const notReady = await onboarding.createAccount({ hostId: 'host-4', email: 'ines@example.com', idempotencyKey: newKey('account') });
      await expect(provider.transfer({ ...input, destination: notReady.id, idempotencyKey: newKey('payout') })).rejects.toMatchObject({
        code: 'insufficient_capabilities_for_transfer',
        retryable: false,
      });
      await expect(provider.transfer({ ...input, amountCents: stripeApi.availableBalance() + 1, idempotencyKey: newKey('payout') })).rejects.toMatchObject({ code: 'balance_insufficient', retryable: false });
    });

    it('lists every transfer and capture of a period, across pages, whoever made them', async () => {
      const onboarding = provider.payoutOnboarding!;
      const { id: destination } = await onboarding.createAccount({ hostId: 'host-5', email: 'lena@example.com', idempotencyKey: newKey('account') });
      stripeApi.completeOnboarding(destination);
      stripeApi.topUp(500_000);
      const from = new Date(Date.now() - 60_000);
      const made: ProviderTransfer[] = [];
      for (let i = 0; i < 105; i += 1) {
        made.push(await provider.transfer({ amountCents: 100 + i, currency: 'usd', destination, idempotencyKey: newKey('payout'), metadata: { payoutId: `p-${i}` } }));
      }
      const elsewhere = stripeApi.addTransfer({ amount: 999, destination });
      const outside = stripeApi.addTransfer({ amount: 555, destination, created: Math.floor(from.getTime() / 1000) - 3_600 });
      const listed = await provider.listTransfers!({ from, to: new Date(Date.now() + 60_000) });
      const ids = new Set(listed.map((t) => t.id));
      for (const t of made) expect(ids.has(t.id)).toBe(true);
      expect(ids.has(elsewhere.id as string)).toBe(true);
      expect(ids.has(outside.id as string)).toBe(false);
      expect(listed.find((t) => t.id === made[0]!.id)).toEqual({ id: made[0]!.id, amountCents: 100, destination, metadata: { payoutId: 'p-0' }, createdAt: expect.any(Date) });
      stripeApi.alterTransfer(made[1]!.id, { amount_reversed: 1 });
      expect((await provider.listTransfers!({ from, to: new Date(Date.now() + 60_000) })).find((t) => t.id === made[1]!.id)?.amountCents).toBe(100);

      const { id: intentId } = await authorizedIntent('pay-listed');
      await provider.captureIntent(intentId, 'capture-pay-listed');
      const captures = await provider.listCaptures!({ from, to: new Date(Date.now() + 60_000) });
      expect(captures).toContainEqual({ id: expect.stringMatching(/^ch_/), intentId, amountCents: 36_000, createdAt: expect.any(Date) });
    });
  });

  describe('webhook events', () => {
    const sign = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

    it("answers a verified event's id, type and the intent it is about", async () => {
      const { id } = await authorizedIntent('pay-event');
      const intentEvent = stripeApi.event('payment_intent.amount_capturable_updated', id);
      const payload = JSON.stringify(intentEvent);
      expect(provider.parseWebhook!(Buffer.from(payload), sign(payload))).toEqual({
        id: intentEvent.id,
        type: 'payment_intent.amount_capturable_updated',
        intentId: id,
        accountId: null,
      });
      const chargeEvent = JSON.stringify(stripeApi.event('charge.refunded', id));
      expect(provider.parseWebhook!(Buffer.from(chargeEvent), sign(chargeEvent))).toMatchObject({ type: 'charge.refunded', intentId: id });
      const other = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
      expect(provider.parseWebhook!(Buffer.from(other), sign(other))).toEqual({ id: 'evt_1', type: 'customer.created', intentId: null, accountId: null });
    });

    it('refuses an event signed with another secret, or changed after signing', async () => {
      const { id } = await authorizedIntent('pay-forged');
      const payload = JSON.stringify(stripeApi.event('payment_intent.amount_capturable_updated', id));
      expect(() => provider.parseWebhook!(Buffer.from(payload), sign(payload, 'whsec_someone_else'))).toThrow(
        expect.objectContaining({ code: 'signature_verification_failed', message: 'The Stripe-Signature header does not match this request body.' }),
      );
      const changed = payload.replace(id, 'pi_someone_elses');
      expect(() => provider.parseWebhook!(Buffer.from(changed), sign(payload))).toThrow(PaymentProviderError);
      expect(() => provider.parseWebhook!(Buffer.from(payload), 'garbage')).toThrow(PaymentProviderError);
    });

    it('verifies a connected account’s event with the Connect endpoint’s secret, and names the account', async () => {
      const account = await provider.payoutOnboarding!.createAccount({ hostId: 'host-event', email: 'event@example.com', idempotencyKey: newKey('account') });
      const payload = JSON.stringify(stripeApi.accountUpdatedEvent(account.id));
      expect(provider.parseWebhook!(Buffer.from(payload), sign(payload, CONNECT_SECRET))).toMatchObject({ type: 'account.updated', intentId: null, accountId: account.id });
      expect(provider.parseWebhook!(Buffer.from(payload), sign(payload))).toMatchObject({ accountId: account.id });
      expect(() => provider.parseWebhook!(Buffer.from(payload), sign(payload, 'whsec_someone_else'))).toThrow(expect.objectContaining({ code: 'signature_verification_failed' }));
      const connectOnly = createStripeProvider({ secretKey: 'sk_test_provider', publishableKey: 'pk_test_provider', connectWebhookSecret: CONNECT_SECRET });
      expect(connectOnly.parseWebhook!(Buffer.from(payload), sign(payload, CONNECT_SECRET))).toMatchObject({ accountId: account.id });
    });

    it('refuses every event when no webhook secret is configured', () => {
      const noSecret = createStripeProvider({ secretKey: 'sk_test_provider', publishableKey: 'pk_test_provider' });
      const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created', data: { object: {} } });
      expect(() => noSecret.parseWebhook!(Buffer.from(payload), sign(payload))).toThrow(expect.objectContaining({ code: 'webhook_secret_missing' }));
    });
  });
});
