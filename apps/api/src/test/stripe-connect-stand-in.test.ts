import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

/** What a raw call reads of an answer: an object, an error, or a list. */
type WireAnswer = { id?: string; error?: Record<string, string>; data?: { id: string; type: string }[]; has_more?: boolean };

/**
 * The stand-in's Connect endpoints on the wire, as Stripe's API answers them: the shapes the SDK reads, Stripe's
 * error JSON and statuses, list paging, and the onboarding pages an account link opens.
 */
describe('the Stripe stand-in’s Connect endpoints', () => {
  let stripeApi: StripeStandIn;
  let stripe: Stripe;

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    stripe = new Stripe(stripeApi.secretKey, { host: stripeApi.host, port: stripeApi.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => stripeApi.close());

  /** A raw call as the SDK makes it: form-encoded body or query, the secret key. */
  async function call(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
    const encoded = new URLSearchParams(params).toString();
    const res = await fetch(`${stripeApi.url}${path}${method === 'GET' && encoded ? `?${encoded}` : ''}`, {
      method,
      headers: { authorization: `Bearer ${stripeApi.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      ...(method === 'POST' ? { body: encoded } : {}),
    });
    return { status: res.status, body: (await res.json()) as WireAnswer };
  }
  const newExpressAccount = () => stripe.accounts.create({ type: 'express', email: 'host@example.com', capabilities: { transfers: { requested: true } }, metadata: { hostId: 'h1' } });
  const readyAccount = async () => {
    const account = await newExpressAccount();
    stripeApi.completeOnboarding(account.id);
    return account.id;
  };

  describe('accounts', () => {
    it('creates an Express account that needs onboarding before Stripe can pay it', async () => {
      const account = await newExpressAccount();
      expect(account).toMatchObject({
        id: expect.stringMatching(/^acct_/),
        object: 'account',
        type: 'express',
        country: 'US',
        default_currency: 'usd',
        email: 'host@example.com',
        metadata: { hostId: 'h1' },
        capabilities: { transfers: 'inactive' },
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        external_accounts: { object: 'list', data: [], has_more: false },
        requirements: { currently_due: expect.arrayContaining(['external_account', 'tos_acceptance.date']), disabled_reason: 'requirements.past_due' },
      });
      expect(await stripe.accounts.retrieve(account.id)).toEqual(account);
    });

    it('answers Stripe’s errors: a missing or unknown account, missing or wrong parameters', async () => {
      expect(await call('GET', '/v1/accounts/acct_nobody')).toEqual({
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: "No such account: 'acct_nobody'" } },
      });
      expect((await call('POST', '/v1/accounts', { country: 'US' })).body.error).toMatchObject({ code: 'parameter_missing', param: 'type', message: 'Missing required param: type.' });
      expect((await call('POST', '/v1/accounts', { type: 'sideways' })).body.error).toMatchObject({ code: 'parameter_invalid', param: 'type' });
      expect((await call('POST', '/v1/accounts', { type: 'express' })).body.error).toMatchObject({ type: 'invalid_request_error', param: 'capabilities' });
      expect((await call('POST', '/v1/accounts', { type: 'express', 'capabilities[transfers][requested]': 'true', nickname: 'x' })).body.error).toMatchObject({
        code: 'parameter_unknown',
        param: 'nickname',
      });
    });

    it('makes one account per idempotency key, and refuses the key with other parameters', async () => {
      const params = { type: 'express', 'capabilities[transfers][requested]': 'true', email: 'same@example.com' };
      const first = await call('POST', '/v1/accounts', params, { 'idempotency-key': 'account-once' });
      const again = await call('POST', '/v1/accounts', params, { 'idempotency-key': 'account-once' });
      expect(again.body.id).toBe(first.body.id);
      const other = await call('POST', '/v1/accounts', { ...params, email: 'other@example.com' }, { 'idempotency-key': 'account-once' });
      expect(other).toMatchObject({ status: 400, body: { error: { type: 'idempotency_error' } } });
    });

    it('refuses a publishable key', async () => {
      const res = await fetch(`${stripeApi.url}/v1/accounts`, { method: 'POST', headers: { authorization: `Bearer ${stripeApi.publishableKey}` } });
      expect(res.status).toBe(401);
    });
  });

  describe('account links and the onboarding they open', () => {
    const links = { refresh_url: 'http://localhost:3000/refresh', return_url: 'http://localhost:3000/return' };

    it('answers an account_link whose page completes onboarding and sends the browser to the return_url', async () => {
      const account = await newExpressAccount();
      const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...links });
      expect(link).toEqual({ object: 'account_link', created: expect.any(Number), expires_at: link.created + 300, url: expect.stringContaining(`${stripeApi.url}/setup/e/${account.id}/`) });
      const opened = await fetch(link.url, { redirect: 'manual' });
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toBe(links.return_url);
      expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
        details_submitted: true,
        payouts_enabled: true,
        capabilities: { transfers: 'active' },
        requirements: { currently_due: [], past_due: [], disabled_reason: null },
        external_accounts: { data: [{ object: 'bank_account', last4: '6789', routing_number: '110000000', default_for_currency: true }] },
      });
      // A link works once: opened again, it sends the browser to the refresh_url.
      expect((await fetch(link.url, { redirect: 'manual' })).headers.get('location')).toBe(links.refresh_url);
    });

    it('sends an expired link to the refresh_url, and can leave a document due', async () => {
      const account = await newExpressAccount();
      const expired = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...links });
      stripeApi.expireAccountLinks();
      expect((await fetch(expired.url, { redirect: 'manual' })).headers.get('location')).toBe(links.refresh_url);
      expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
      const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...links });
      expect((await fetch(`${link.url}?outcome=incomplete`, { redirect: 'manual' })).headers.get('location')).toBe(links.return_url);
      expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
        details_submitted: true,
        payouts_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: { currently_due: ['individual.verification.document'] },
      });
      expect((await fetch(`${stripeApi.url}/setup/e/${account.id}/not-a-token`, { redirect: 'manual' })).status).toBe(404);
    });

    it('answers Stripe’s errors for a link', async () => {
      const account = await newExpressAccount();
      expect((await call('POST', '/v1/account_links', { type: 'account_onboarding', ...links })).body.error).toMatchObject({ code: 'parameter_missing', param: 'account' });
      expect(await call('POST', '/v1/account_links', { account: 'acct_nobody', type: 'account_onboarding', ...links })).toMatchObject({
        status: 400,
        body: { error: { code: 'resource_missing', param: 'account', message: "No such account: 'acct_nobody'" } },
      });
      expect((await call('POST', '/v1/account_links', { account: account.id, type: 'account_onboarding', return_url: links.return_url })).body.error).toMatchObject({
        code: 'parameter_missing',
        param: 'refresh_url',
      });
      expect((await call('POST', '/v1/account_links', { account: account.id, type: 'account_onboarding', ...links, return_url: 'not a url' })).body.error).toMatchObject({
        code: 'url_invalid',
        param: 'return_url',
      });
      expect((await call('POST', '/v1/account_links', { account: account.id, type: 'account_update', ...links })).body.error?.message).toMatch(/Express accounts/);
    });
  });

  describe('transfers and balance transactions', () => {
    it('transfers to a connected account from the balance captures made, and records both on the balance', async () => {
      stripeApi.topUp(100_000);
      const destination = await readyAccount();
      const transfer = await stripe.transfers.create({ amount: 12_345, currency: 'usd', destination, metadata: { payoutId: 'p1' } }, { idempotencyKey: 'payout:h1:2031-01-02' });
      expect(transfer).toMatchObject({
        id: expect.stringMatching(/^tr_/),
        object: 'transfer',
        amount: 12_345,
        amount_reversed: 0,
        balance_transaction: expect.stringMatching(/^txn_/),
        currency: 'usd',
        destination,
        metadata: { payoutId: 'p1' },
        reversals: { object: 'list', data: [] },
        reversed: false,
      });
      expect(await stripe.transfers.retrieve(transfer.id)).toEqual(transfer);
      const again = await stripe.transfers.create({ amount: 12_345, currency: 'usd', destination, metadata: { payoutId: 'p1' } }, { idempotencyKey: 'payout:h1:2031-01-02' });
      expect(again.id).toBe(transfer.id);
      const [txn] = (await stripe.balanceTransactions.list({ type: 'transfer', limit: 1 })).data;
      expect(txn).toMatchObject({ id: transfer.balance_transaction, object: 'balance_transaction', amount: -12_345, net: -12_345, fee: 0, type: 'transfer', source: transfer.id, status: 'available' });
    });

    it('refuses a transfer to an account that cannot take one, beyond the balance, or without what it needs', async () => {
      const notReady = (await newExpressAccount()).id;
      const refused = await call('POST', '/v1/transfers', { amount: '100', currency: 'usd', destination: notReady });
      expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', code: 'insufficient_capabilities_for_transfer', param: 'destination' } } });
      expect(refused.body.error?.message).toBe('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments');
      expect((await call('POST', '/v1/transfers', { amount: '100', currency: 'usd', destination: 'acct_nobody' })).body.error).toMatchObject({
        code: 'resource_missing',
        param: 'destination',
        message: "No such destination: 'acct_nobody'",
      });
      const ready = await readyAccount();
      const tooMuch = await call('POST', '/v1/transfers', { amount: String(stripeApi.availableBalance() + 1), currency: 'usd', destination: ready });
      expect(tooMuch).toMatchObject({ status: 400, body: { error: { code: 'balance_insufficient' } } });
      expect((await call('POST', '/v1/transfers', { currency: 'usd', destination: ready })).body.error).toMatchObject({ code: 'parameter_missing', param: 'amount' });
      expect((await call('POST', '/v1/transfers', { amount: '1.5', currency: 'usd', destination: ready })).body.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });
      expect(await call('GET', '/v1/transfers/tr_nobody')).toMatchObject({ status: 404, body: { error: { code: 'resource_missing', message: "No such transfer: 'tr_nobody'" } } });
    });

    it('lists transfers newest first, a page at a time, within a created range', async () => {
      const destination = await readyAccount();
      stripeApi.topUp(10_000);
      const old = stripeApi.addTransfer({ amount: 700, destination, created: 1_700_000_000 });
      const made: Stripe.Transfer[] = [];
      for (const amount of [101, 102, 103]) made.push(await stripe.transfers.create({ amount, currency: 'usd', destination }));
      const page = await call('GET', '/v1/transfers', { limit: '2', destination });
      expect(page.body).toMatchObject({ object: 'list', has_more: true, url: '/v1/transfers' });
      expect(page.body.data).toHaveLength(2);
      const next = await call('GET', '/v1/transfers', { limit: '2', destination, starting_after: page.body.data![1]!.id });
      expect(next.body).toMatchObject({ has_more: false });
      const all = [...page.body.data!, ...next.body.data!].map((t) => t.id);
      expect(new Set(all)).toEqual(new Set([...made.map((t) => t.id), old.id]));
      expect(all.at(-1)).toBe(old.id);
      // The SDK's own paging over a range: the one made at 1,700,000,000 only.
      const inRange = await stripe.transfers.list({ created: { gte: 1_699_999_999, lt: 1_700_000_001 }, destination }).autoPagingToArray({ limit: 100 });
      expect(inRange.map((t) => t.id)).toEqual([old.id]);
      expect((await call('GET', '/v1/transfers', { limit: '101' })).body.error).toMatchObject({ param: 'limit' });
      expect((await call('GET', '/v1/transfers', { starting_after: 'tr_nobody' })).body.error).toMatchObject({ code: 'resource_missing', param: 'starting_after' });
      expect((await call('GET', '/v1/transfers', { 'created[after]': '1' })).body.error).toMatchObject({ code: 'parameter_unknown' });
    });

    it('records captures and refunds on the balance, each with the charge or refund it came from', async () => {
      const intent = await stripe.paymentIntents.create({ amount: 25_000, currency: 'usd', capture_method: 'manual' });
      await stripeApi.confirmAsBrowser(intent.client_secret!, 'pm_card_visa');
      await stripe.paymentIntents.capture(intent.id);
      await stripe.refunds.create({ payment_intent: intent.id, amount: 5_000 });
      const [refund, charge] = (await stripe.balanceTransactions.list({ limit: 2, expand: ['data.source'] })).data;
      expect(charge).toMatchObject({ type: 'charge', amount: 25_000, source: { object: 'charge', payment_intent: intent.id, amount_captured: 25_000 } });
      expect(refund).toMatchObject({ type: 'refund', amount: -5_000, source: { object: 'refund', payment_intent: intent.id } });
      const charges = await call('GET', '/v1/balance_transactions', { type: 'charge' });
      expect(charges.body.data!.every((txn) => txn.type === 'charge')).toBe(true);
      expect((await call('GET', '/v1/balance_transactions', { 'expand[]': 'data.fee_details' })).body.error).toMatchObject({ param: 'expand' });
    });

    it('lets a test change a transfer behind the platform’s back, and builds account events', async () => {
      const destination = await readyAccount();
      stripeApi.topUp(1_000);
      const transfer = await stripe.transfers.create({ amount: 900, currency: 'usd', destination });
      stripeApi.alterTransfer(transfer.id, { amount_reversed: 100 });
      expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount: 900, amount_reversed: 100 });
      const event = stripeApi.accountUpdatedEvent(destination);
      expect(event).toMatchObject({ object: 'event', type: 'account.updated', account: destination, data: { object: { id: destination, object: 'account', payouts_enabled: true } } });
      const { payload, signature } = stripeApi.signed(event, 'whsec_test');
      expect(Stripe.webhooks.constructEvent(payload, signature, 'whsec_test')).toMatchObject({ id: event.id });
    });
  });
});
