import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createConnectStandIn, type ConnectHelpers } from './stripe-connect-stand-in.js';
import {
  decodeStripeParams,
  expandList,
  integerParam,
  invalid,
  missingParam,
  newId,
  stringParam,
  StripeFailure,
  type Params,
  type StandInAnswer,
  type StripeErrorBody,
  type StripeObject,
} from './stripe-wire.js';

export type { StripeErrorBody } from './stripe-wire.js';

/**
 * A local stand-in for the Stripe API endpoints the Stripe adapter uses, speaking Stripe's wire
 * format: form-encoded bodies with bracketed keys (`metadata[roomId]`, `expand[0]`), JSON answers
 * shaped as Stripe's objects, Stripe's error JSON and the Idempotency-Key header. It keeps payment
 * intents, their charges and refunds in memory and records every call it receives.
 *
 * Endpoints: POST /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/
 * confirm | capture | cancel, POST /v1/refunds. Confirmation takes Stripe's test payment methods
 * (pm_card_visa, pm_card_chargeDeclined…), with the secret key, or with the publishable key and the
 * intent's client secret as Stripe.js sends it. Connect (accounts, account links and the onboarding
 * pages they open, transfers, balance transactions) is stripe-connect-stand-in.ts.
 */

export type StripeStandInCall = {
  method: string;
  path: string;
  /** The decoded form body (POST) or query (GET). */
  params: Params;
  /** The body exactly as sent. */
  rawBody: string;
  idempotencyKey: string | null;
  /** Answered from the idempotency cache: nothing was done again. */
  replayed: boolean;
  status: number;
};

/** Stripe's test payment methods and what confirming with each one does. */
const TEST_PAYMENT_METHODS: Record<string, { brand: string; last4: string; decline?: { code: string; decline_code: string; message: string } }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '0005' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    decline: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    decline: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    decline: {
      code: 'processing_error',
      decline_code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
};

/** The parameters each endpoint takes (of the API version the SDK pins); others are refused, as Stripe does. */
const KNOWN_PARAMS: Record<string, string[]> = {
  create: ['amount', 'currency', 'capture_method', 'allowed_payment_method_types', 'metadata', 'description', 'expand'],
  retrieve: ['expand', 'client_secret'],
  confirm: ['payment_method', 'client_secret', 'return_url', 'expand'],
  capture: ['amount_to_capture', 'expand'],
  cancel: ['cancellation_reason', 'expand'],
  refund: ['payment_intent', 'amount', 'reason', 'metadata'],
};

const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

export type StripeStandIn = ConnectHelpers & {
  /** Where to point the SDK: `{ host, port, protocol }`, or `url` for STRIPE_API_URL. */
  host: string;
  port: number;
  protocol: 'http';
  url: string;
  secretKey: string;
  publishableKey: string;
  /** Every request received, oldest first. */
  calls: StripeStandInCall[];
  /** Plays the browser's part (Stripe.js): confirms an intent with a test payment method. */
  confirmAsBrowser(clientSecret: string, paymentMethod: string): Promise<{ status: number; body: StripeObject }>;
  /** Answers the next request with this error, as Stripe's API would (not cached, never retried). */
  failNext(status: number, error: StripeErrorBody): void;
  /** A Stripe event about an intent (charge.* events carry its latest charge), as Stripe delivers it. */
  event(type: string, intentId: string): StripeObject;
  /** An event as Stripe sends it to a webhook endpoint: its JSON body and the Stripe-Signature header for `secret`. */
  signed(event: StripeObject, secret: string): { payload: string; signature: string };
  close(): Promise<void>;
};

export async function startStripeStandIn({
  secretKey = 'sk_test_standin',
  publishableKey = 'pk_test_standin',
}: { secretKey?: string; publishableKey?: string } = {}): Promise<StripeStandIn> {
  const intents = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const calls: StripeStandInCall[] = [];
  let injected: { status: number; error: StripeErrorBody } | null = null;
  const now = () => Math.floor(Date.now() / 1000);
  /** Where the stand-in listens, once it does: the account links' pages are served from it. */
  let address = '';
  const connect = createConnectStandIn({ now, baseUrl: () => address });

  function intentJson(intent: StripeObject, expand: string[]): StripeObject {
    const chargeId = intent.latest_charge as string | null;
    return { ...intent, latest_charge: chargeId && expand.includes('latest_charge') ? charges.get(chargeId) : chargeId };
  }

  function findIntent(id: string): StripeObject {
    const intent = intents.get(id);
    if (!intent) throw new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` });
    return intent;
  }

  function unexpectedState(intent: StripeObject, message: string): StripeFailure {
    return invalid(message, { code: 'payment_intent_unexpected_state', payment_intent: intentJson(intent, []) });
  }

  function createIntent(params: Params): StripeObject {
    const amount = integerParam(params, 'amount');
    if (amount === undefined) throw missingParam('amount');
    const currency = stringParam(params, 'currency');
    if (currency === undefined) throw missingParam('currency');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' }, false);
    const captureMethod = stringParam(params, 'capture_method') ?? 'automatic_async';
    if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod)) {
      throw invalid(`Invalid capture_method: ${captureMethod}`, { code: 'parameter_invalid', param: 'capture_method' }, false);
    }
    const metadata = params.metadata ?? {};
    if (typeof metadata !== 'object' || Array.isArray(metadata) || Object.values(metadata).some((v) => typeof v !== 'string')) {
      throw invalid('Invalid metadata: must be a hash of strings', { param: 'metadata' }, false);
    }
    const types = params.allowed_payment_method_types;
    if (types !== undefined && !Array.isArray(types)) throw invalid('Invalid array', { param: 'allowed_payment_method_types' }, false);
    const id = newId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: types ?? null,
      automatic_payment_methods: types ? null : { enabled: true },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: currency.toLowerCase(),
      description: stringParam(params, 'description') ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata,
      payment_method: null,
      payment_method_types: types ?? ['card'],
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    return intent;
  }

  /** Stripe.js confirms with the publishable key and the client secret; servers with the secret key. */
  function confirmIntent(intent: StripeObject, params: Params, publishable: boolean): StripeObject {
    if (publishable && stringParam(params, 'client_secret') !== intent.client_secret) {
      throw invalid('The client_secret provided does not match any associated PaymentIntent on this account.', { param: 'client_secret' }, false);
    }
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw unexpectedState(intent, `You cannot confirm this PaymentIntent because it has a status of ${String(intent.status)}.`);
    }
    const methodName = stringParam(params, 'payment_method');
    if (methodName === undefined) throw missingParam('payment_method');
    const method = TEST_PAYMENT_METHODS[methodName];
    if (!method) throw invalid(`No such PaymentMethod: '${methodName}'`, { code: 'resource_missing', param: 'payment_method' }, false);
    const paymentMethodId = newId('pm');
    const manual = intent.capture_method === 'manual';
    const charge: StripeObject = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      created: now(),
      currency: intent.currency,
      failure_code: method.decline?.code ?? null,
      failure_message: method.decline?.message ?? null,
      livemode: false,
      metadata: intent.metadata,
      paid: !method.decline,
      payment_intent: intent.id,
      payment_method: paymentMethodId,
      payment_method_details: {
        type: 'card',
        card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', country: 'US' },
      },
      refunded: false,
      status: method.decline ? 'failed' : 'succeeded',
    };
    charges.set(charge.id as string, charge);
    intent.latest_charge = charge.id;
    if (method.decline) {
      const cardError = { type: 'card_error' as const, ...method.decline, charge: charge.id, doc_url: `https://docs.stripe.com/error-codes/${method.decline.code.replaceAll('_', '-')}` };
      Object.assign(intent, {
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: { ...cardError, payment_method: { id: paymentMethodId, object: 'payment_method', type: 'card' } },
      });
      throw new StripeFailure(402, { ...cardError, payment_intent: intentJson(intent, []) });
    }
    if (manual) {
      Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount });
    } else {
      Object.assign(charge, { captured: true, amount_captured: intent.amount });
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      connect.recordBalance({ type: 'charge', amount: intent.amount as number, source: charge });
    }
    Object.assign(intent, { payment_method: paymentMethodId, last_payment_error: null });
    return intent;
  }

  function captureIntent(intent: StripeObject, params: Params): StripeObject {
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        intent,
        `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    const capturable = intent.amount_capturable as number;
    const amount = integerParam(params, 'amount_to_capture') ?? capturable;
    if (amount > capturable) throw invalid('The amount to capture is greater than the amount capturable.', { code: 'amount_too_large', param: 'amount_to_capture' }, false);
    const charge = charges.get(intent.latest_charge as string)!;
    // The part of the hold that is not captured is released, which Stripe reports as refunded.
    Object.assign(charge, { captured: true, amount_captured: amount, amount_refunded: capturable - amount });
    Object.assign(intent, { status: 'succeeded', amount_capturable: 0, amount_received: amount });
    // The captured money reaches the platform's balance (at once here: no pending period, no fee).
    connect.recordBalance({ type: 'charge', amount, source: charge });
    return intent;
  }

  function cancelIntent(intent: StripeObject, params: Params): StripeObject {
    if (!CANCELABLE.includes(intent.status as string)) {
      throw unexpectedState(
        intent,
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
    if (intent.status === 'requires_capture') {
      Object.assign(charges.get(intent.latest_charge as string)!, { amount_refunded: intent.amount, refunded: true });
    }
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      canceled_at: now(),
      cancellation_reason: stringParam(params, 'cancellation_reason') ?? null,
    });
    return intent;
  }

  function createRefund(params: Params): StripeObject {
    const intentId = stringParam(params, 'payment_intent');
    if (intentId === undefined) throw missingParam('payment_intent');
    const intent = findIntent(intentId);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge as string) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw invalid('This PaymentIntent does not have a successful charge to refund.', { param: 'payment_intent' });
    }
    const captured = charge.amount_captured as number;
    const released = (charge.amount as number) - captured;
    const remaining = captured - ((charge.amount_refunded as number) - released);
    if (remaining === 0) throw invalid(`Charge ${String(charge.id)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = integerParam(params, 'amount') ?? remaining;
    if (amount < 1) throw invalid('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' }, false);
    if (amount > remaining) {
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      throw invalid(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`, { code: 'amount_too_large', param: 'amount' });
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = amount === remaining;
    const refund: StripeObject = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: intent.currency,
      metadata: params.metadata ?? {},
      payment_intent: intent.id,
      reason: stringParam(params, 'reason') ?? null,
      status: 'succeeded',
    };
    connect.recordBalance({ type: 'refund', amount: -amount, source: refund });
    return refund;
  }

  function route(method: string, path: string, params: Params, publishable: boolean): StandInAnswer {
    const ok = (body: unknown) => ({ status: 200, body });
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|capture|cancel))?$/.exec(path);
    if (publishable && !(method === 'POST' && intentPath?.[2] === 'confirm')) {
      throw new StripeFailure(401, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key.' });
    }
    const connectAnswer = connect.route(method, path, params);
    if (connectAnswer) return connectAnswer;
    const endpoint = path === '/v1/payment_intents' ? 'create' : path === '/v1/refunds' ? 'refund' : (intentPath?.[2] ?? 'retrieve');
    const unknown = Object.keys(params).find((name) => !KNOWN_PARAMS[endpoint]!.includes(name));
    if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown }, false);
    if (method === 'POST' && path === '/v1/refunds') return ok(createRefund(params));
    const expand = expandList(params, ['latest_charge']);
    if (method === 'POST' && path === '/v1/payment_intents') return ok(intentJson(createIntent(params), expand));
    if (intentPath) {
      const intent = findIntent(decodeURIComponent(intentPath[1]!));
      const action = intentPath[2];
      if (method === 'GET' && !action) return ok(intentJson(intent, expand));
      if (method === 'POST' && action === 'confirm') return ok(intentJson(confirmIntent(intent, params, publishable), expand));
      if (method === 'POST' && action === 'capture') return ok(intentJson(captureIntent(intent, params), expand));
      if (method === 'POST' && action === 'cancel') return ok(intentJson(cancelIntent(intent, params), expand));
    }
    throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const params = decodeStripeParams(method === 'GET' ? url.search.slice(1) : rawBody);
    const header = req.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    const call: StripeStandInCall = { method, path: url.pathname, params, rawBody, idempotencyKey, replayed: false, status: 0 };
    calls.push(call);

    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), ...headers }).end(JSON.stringify(body));
    };
    const fail = (failure: StripeFailure, headers: Record<string, string> = {}) => send(failure.status, { error: failure.error }, headers);

    // An account link opened in a browser: Stripe's onboarding pages, which take no API key.
    const page = connect.openPage(method, url.pathname, url.searchParams);
    if (page) {
      call.status = page.status;
      if (page.location) return void res.writeHead(page.status, { location: page.location }).end();
      return send(page.status, page.body);
    }

    const apiKey = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (apiKey !== secretKey && apiKey !== publishableKey) {
      return fail(new StripeFailure(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${(apiKey ?? '').slice(0, 8)}****` }));
    }
    if (injected) {
      const { status, error } = injected;
      injected = null;
      // The SDK would retry a 5xx; Stripe tells it not to when trying again cannot help.
      return fail(new StripeFailure(status, error), { 'stripe-should-retry': 'false' });
    }

    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    const saved = method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (saved) {
      if (saved.fingerprint !== fingerprint) {
        return fail(
          invalid(
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            { type: 'idempotency_error' },
          ),
        );
      }
      call.replayed = true;
      return send(saved.status, saved.body, { 'idempotent-replayed': 'true' });
    }

    let result: { status: number; body: unknown };
    let cacheable = true;
    try {
      result = route(method, url.pathname, params, apiKey === publishableKey);
    } catch (err) {
      if (!(err instanceof StripeFailure)) throw err;
      result = { status: err.status, body: { error: err.error } };
      cacheable = err.cacheable;
    }
    if (method === 'POST' && idempotencyKey && cacheable) idempotent.set(idempotencyKey, { fingerprint, ...result });
    send(result.status, result.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: `Stand-in failure: ${String(err)}` } }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  address = `http://127.0.0.1:${port}`;

  return {
    ...connect.helpers,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    url: address,
    secretKey,
    publishableKey,
    calls,
    async confirmAsBrowser(clientSecret, paymentMethod) {
      const intentId = clientSecret.split('_secret_')[0]!;
      const res = await fetch(`${address}/v1/payment_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret }).toString(),
      });
      return { status: res.status, body: (await res.json()) as StripeObject };
    },
    failNext(status, error) {
      injected = { status, error };
    },
    event(type, intentId) {
      const intent = findIntent(intentId);
      const object = type.startsWith('charge.') ? charges.get(intent.latest_charge as string) : intentJson(intent, []);
      if (!object) throw new Error(`${intentId} has no charge yet for a ${type} event`);
      return {
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: newId('req'), idempotency_key: null },
        type,
      };
    },
    signed(event, secret) {
      const payload = JSON.stringify(event);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
