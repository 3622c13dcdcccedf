import { randomBytes } from 'node:crypto';
import {
  checkKnownParams,
  enumParam,
  expandList,
  integerParam,
  invalid,
  listPage,
  metadataParam,
  missingParam,
  newId,
  noSuch,
  requiredString,
  stringParam,
  type Params,
  type StandInAnswer,
  type StripeObject,
} from './stripe-wire.js';

/*
 * The Connect half of the local Stripe stand-in (stripe-stand-in.ts serves it): Express accounts, their onboarding
 * links and the pages those links open, transfers to connected accounts, and the platform's balance transactions
 * (captures, refunds, transfers), in Stripe's shapes and with its errors. Onboarding is what a browser does at
 * connect.stripe.com: opening a link completes the account (or leaves it with details due) and redirects to the
 * platform's return_url; an expired or used link redirects to its refresh_url.
 *
 * Simplifications, each on the safe side for tests: the platform's captures are available at once and carry no
 * Stripe fee; the only external account an onboarding adds is Stripe's test bank account (routing 110000000, account
 * 000123456789); connected accounts' own payouts to their banks are not modelled (the product makes none).
 */

const ACCOUNT_TYPES = ['express', 'custom', 'standard'] as const;
const CAPABILITY_NAMES = ['transfers', 'card_payments'] as const;
const LINK_TYPES = ['account_onboarding', 'account_update'] as const;
/** How long an account link works, as Stripe's do (about five minutes). */
const LINK_LIFETIME_SECONDS = 300;

/** What a new Express account in the US must tell Stripe before it can be paid. */
const ONBOARDING_FIELDS = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.address.state',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

const KNOWN_PARAMS = {
  createAccount: ['type', 'country', 'email', 'capabilities', 'metadata', 'business_type', 'business_profile', 'default_currency', 'expand'],
  retrieve: ['expand'],
  accountLink: ['account', 'type', 'refresh_url', 'return_url', 'collect', 'collection_options', 'expand'],
  createTransfer: ['amount', 'currency', 'destination', 'description', 'metadata', 'source_transaction', 'source_type', 'transfer_group', 'expand'],
  listTransfers: ['created', 'destination', 'ending_before', 'expand', 'limit', 'starting_after', 'transfer_group'],
  listBalance: ['created', 'currency', 'ending_before', 'expand', 'limit', 'payout', 'source', 'starting_after', 'type'],
} as const;

function requirements(due: string[], disabledReason: string | null): StripeObject {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: disabledReason,
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  };
}

/** How an onboarding ends: everything given (the default), or submitted with a document still due. */
export type OnboardingOutcome = 'complete' | 'incomplete';

export type ConnectStandIn = {
  /** Answers a Connect call, or null when the path is not one of Connect's. */
  route(method: string, path: string, params: Params): StandInAnswer | null;
  /** The page an account link opens in a browser (no API key), or null when the path is not one. */
  openPage(method: string, path: string, query: URLSearchParams): StandInAnswer | null;
  /** Money moving on the platform's balance: the payments half records its captures (charges) and refunds here. */
  recordBalance(entry: { type: 'charge' | 'refund'; amount: number; source: StripeObject }): void;
  helpers: ConnectHelpers;
};

/** What tests do to Stripe's side directly: what a person does at Stripe, or a record changed behind our back. */
export type ConnectHelpers = {
  /** The account's onboarding finished as a host's would at Stripe (or with a document still due). */
  completeOnboarding(accountId: string, outcome?: OnboardingOutcome): StripeObject;
  /** Changes fields of an account (payouts_enabled, requirements, capabilities…), as Stripe's review may. */
  updateAccount(accountId: string, patch: StripeObject): StripeObject;
  /** The account as Stripe holds it now. */
  account(accountId: string): StripeObject;
  /** An `account.updated` event about a connected account, as Stripe delivers it to a Connect endpoint. */
  accountUpdatedEvent(accountId: string): StripeObject;
  /** Every account link made so far stops working (as five minutes passing would). */
  expireAccountLinks(): void;
  /** Changes a transfer's fields (its amount, amount_reversed…) behind the platform's back, for reconciliation tests. */
  alterTransfer(transferId: string, patch: StripeObject): StripeObject;
  /** A transfer the platform never asked for through the API (made in the Dashboard, or by another app). */
  addTransfer(input: { amount: number; destination?: string; created?: number; metadata?: Record<string, string> }): StripeObject;
  /** Money added to the platform's available balance (Stripe's test top-ups, or the 4000000000000077 card). */
  topUp(amount: number): void;
  /** The platform's available balance, in cents. */
  availableBalance(): number;
};

export function createConnectStandIn({ now, baseUrl }: { now: () => number; baseUrl: () => string }): ConnectStandIn {
  const accounts = new Map<string, StripeObject>();
  const links = new Map<string, { account: string; refreshUrl: string; returnUrl: string; expiresAt: number; used: boolean }>();
  /** Newest first, as Stripe lists them. */
  const transfers: StripeObject[] = [];
  const balanceTransactions: StripeObject[] = [];
  /** The charges and refunds balance transactions name, for `expand[]=data.source` (transfers are found in theirs). */
  const sources = new Map<string, StripeObject>();

  function findAccount(id: string): StripeObject {
    const account = accounts.get(id);
    if (!account) throw noSuch('account', id);
    return account;
  }

  function recordBalance({ type, amount, source, description = null, created = now() }: { type: string; amount: number; source: string; description?: string | null; created?: number }): string {
    const id = newId('txn');
    balanceTransactions.unshift({
      id,
      object: 'balance_transaction',
      amount,
      available_on: created,
      balance_type: 'payments',
      created,
      currency: 'usd',
      description,
      exchange_rate: null,
      fee: 0,
      fee_details: [],
      net: amount,
      reporting_category: type === 'transfer_refund' ? 'transfer_reversal' : type,
      source,
      status: 'available',
      type,
    });
    return id;
  }

  const availableBalance = () => balanceTransactions.reduce((total, txn) => total + (txn.net as number), 0);

  function createAccount(params: Params): StripeObject {
    const type = enumParam(params, 'type', ACCOUNT_TYPES);
    if (type === undefined) throw missingParam('type');
    const capabilities = params.capabilities ?? {};
    if (typeof capabilities !== 'object' || Array.isArray(capabilities)) throw invalid('Invalid capabilities: must be a hash', { param: 'capabilities' }, false);
    const requested = Object.entries(capabilities).map(([name, value]) => {
      if (!(CAPABILITY_NAMES as readonly string[]).includes(name)) {
        throw invalid(`Invalid capabilities[${name}]: not a capability this stand-in knows`, { code: 'parameter_unknown', param: `capabilities[${name}]` }, false);
      }
      if (typeof value !== 'object' || Array.isArray(value) || value.requested !== 'true') {
        throw invalid(`Invalid capabilities[${name}][requested]: must be true`, { code: 'parameter_invalid', param: `capabilities[${name}][requested]` }, false);
      }
      return name;
    });
    if (type === 'express' && requested.length === 0) {
      throw invalid(
        'You must request at least one capability for an Express account. Pass `capabilities[transfers][requested]=true` to pay it with transfers.',
        { param: 'capabilities' },
        false,
      );
    }
    const country = (stringParam(params, 'country') ?? 'US').toUpperCase();
    if (country !== 'US') throw invalid(`Country ${country} is not supported by this stand-in (US only).`, { code: 'country_unsupported', param: 'country' }, false);
    const id = newId('acct');
    const account: StripeObject = {
      id,
      object: 'account',
      business_profile: { mcc: null, name: null, product_description: null, support_email: null, support_phone: null, support_url: null, url: null },
      business_type: stringParam(params, 'business_type') ?? null,
      capabilities: Object.fromEntries(requested.map((name) => [name, 'inactive'])),
      charges_enabled: false,
      controller: {
        fees: { payer: 'application' },
        is_controller: true,
        losses: { payments: 'application' },
        requirement_collection: 'stripe',
        stripe_dashboard: { type: type === 'express' ? 'express' : type === 'standard' ? 'full' : 'none' },
        type: 'application',
      },
      country,
      created: now(),
      default_currency: 'usd',
      details_submitted: false,
      email: stringParam(params, 'email') ?? null,
      external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/accounts/${id}/external_accounts` },
      future_requirements: requirements([], null),
      metadata: metadataParam(params),
      payouts_enabled: false,
      requirements: requirements(ONBOARDING_FIELDS, 'requirements.past_due'),
      settings: { payouts: { debit_negative_balances: true, schedule: { delay_days: 2, interval: 'daily' }, statement_descriptor: null } },
      tos_acceptance: { date: null, ip: null, user_agent: null },
      type,
    };
    accounts.set(id, account);
    return account;
  }

  function completeOnboarding(accountId: string, outcome: OnboardingOutcome = 'complete'): StripeObject {
    const account = findAccount(accountId);
    const capabilities = account.capabilities as Record<string, string>;
    const bank = {
      id: newId('ba'),
      object: 'bank_account',
      account: accountId,
      account_holder_name: null,
      account_holder_type: 'individual',
      bank_name: 'STRIPE TEST BANK',
      country: 'US',
      currency: 'usd',
      default_for_currency: true,
      fingerprint: randomBytes(8).toString('hex'),
      last4: '6789',
      metadata: {},
      routing_number: '110000000',
      status: 'new',
    };
    const complete = outcome === 'complete';
    const due = complete ? [] : ['individual.verification.document'];
    Object.assign(account, {
      business_type: account.business_type ?? 'individual',
      capabilities: Object.fromEntries(Object.keys(capabilities).map((name) => [name, complete ? 'active' : 'inactive'])),
      charges_enabled: complete && 'card_payments' in capabilities,
      details_submitted: true,
      external_accounts: { ...(account.external_accounts as StripeObject), data: [bank], total_count: 1 },
      payouts_enabled: complete,
      requirements: requirements(due, complete ? null : 'requirements.past_due'),
      tos_acceptance: { date: now(), ip: '127.0.0.1', user_agent: 'StayBook tests' },
    });
    return account;
  }

  function createAccountLink(params: Params): StripeObject {
    const accountId = requiredString(params, 'account');
    const type = enumParam(params, 'type', LINK_TYPES);
    if (type === undefined) throw missingParam('type');
    const refreshUrl = requiredString(params, 'refresh_url');
    const returnUrl = requiredString(params, 'return_url');
    for (const [param, url] of [['refresh_url', refreshUrl], ['return_url', returnUrl]] as const) {
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw invalid('Not a valid URL', { code: 'url_invalid', param }, false);
    }
    // An object named by a parameter (not the path) that does not exist is a 400, as for a transfer's destination.
    const account = accounts.get(accountId);
    if (!account) throw invalid(`No such account: '${accountId}'`, { code: 'resource_missing', param: 'account' }, false);
    if (type === 'account_update' && account.type === 'express') {
      throw invalid('You cannot create `account_update` type Account Links for Express accounts.', { param: 'type' }, false);
    }
    const token = randomBytes(12).toString('base64url');
    const created = now();
    const expiresAt = created + LINK_LIFETIME_SECONDS;
    links.set(token, { account: accountId, refreshUrl, returnUrl, expiresAt, used: false });
    return { object: 'account_link', created, expires_at: expiresAt, url: `${baseUrl()}/setup/e/${accountId}/${token}` };
  }

  /** What a browser gets opening an account link: onboarding done and back to the platform, or sent for a new link. */
  function openPage(method: string, path: string, query: URLSearchParams): StandInAnswer | null {
    const match = /^\/setup\/e\/([^/]+)\/([^/]+)$/.exec(path);
    if (!match) return null;
    const link = links.get(match[2]!);
    if (method !== 'GET' || !link || link.account !== match[1]) {
      return { status: 404, body: { error: { type: 'invalid_request_error', message: 'This onboarding link is not valid.' } } };
    }
    if (link.used || link.expiresAt <= now()) return { status: 302, body: null, location: link.refreshUrl };
    link.used = true;
    completeOnboarding(link.account, query.get('outcome') === 'incomplete' ? 'incomplete' : 'complete');
    return { status: 302, body: null, location: link.returnUrl };
  }

  function createTransfer(params: Params): StripeObject {
    const amount = integerParam(params, 'amount');
    if (amount === undefined) throw missingParam('amount');
    const currency = requiredString(params, 'currency').toLowerCase();
    const destinationId = requiredString(params, 'destination');
    if (amount < 1) throw invalid('This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param: 'amount' }, false);
    if (currency !== 'usd') throw invalid(`Invalid currency: ${currency}. This stand-in's platform holds usd only.`, { code: 'parameter_invalid', param: 'currency' }, false);
    const destination = accounts.get(destinationId);
    if (!destination) throw invalid(`No such destination: '${destinationId}'`, { code: 'resource_missing', param: 'destination' }, false);
    if ((destination.capabilities as Record<string, string>).transfers !== 'active') {
      throw invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', {
        code: 'insufficient_capabilities_for_transfer',
        param: 'destination',
      });
    }
    if (availableBalance() < amount) {
      throw invalid(
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
        { code: 'balance_insufficient' },
      );
    }
    return makeTransfer({ amount, destination: destinationId, params });
  }

  function makeTransfer({ amount, destination, params = {}, created = now(), metadata }: { amount: number; destination: string; params?: Params; created?: number; metadata?: Record<string, string> }): StripeObject {
    const id = newId('tr');
    const balanceTransaction = recordBalance({ type: 'transfer', amount: -amount, source: id, created });
    const transfer: StripeObject = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: balanceTransaction,
      created,
      currency: 'usd',
      description: stringParam(params, 'description') ?? null,
      destination,
      destination_payment: newId('py'),
      livemode: false,
      metadata: metadata ?? metadataParam(params),
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: stringParam(params, 'source_transaction') ?? null,
      source_type: 'card',
      transfer_group: stringParam(params, 'transfer_group') ?? null,
    };
    transfers.unshift(transfer);
    // Newest first by creation time (an added transfer may be dated in the past).
    transfers.sort((a, b) => (b.created as number) - (a.created as number));
    return transfer;
  }

  function findTransfer(id: string): StripeObject {
    const transfer = transfers.find((t) => t.id === id);
    if (!transfer) throw noSuch('transfer', id);
    return transfer;
  }

  function listBalanceTransactions(params: Params): StripeObject {
    const expand = expandList(params, ['data.source']);
    const type = stringParam(params, 'type');
    const source = stringParam(params, 'source');
    const page = listPage(balanceTransactions, params, '/v1/balance_transactions', 'balance_transaction', (txn) => (type === undefined || txn.type === type) && (source === undefined || txn.source === source));
    if (!expand.includes('data.source')) return page;
    return { ...page, data: (page.data as StripeObject[]).map((txn) => ({ ...txn, source: sourceObject(txn.source as string) })) };
  }

  /** What a balance transaction is about, for `expand[]=data.source`: the charge, refund or transfer it names. */
  function sourceObject(id: string): StripeObject | string {
    return sources.get(id) ?? transfers.find((t) => t.id === id) ?? id;
  }

  function route(method: string, path: string, params: Params): StandInAnswer | null {
    const ok = (body: unknown): StandInAnswer => ({ status: 200, body });
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    const transferPath = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (path === '/v1/accounts' && method === 'POST') {
      checkKnownParams(params, KNOWN_PARAMS.createAccount);
      expandList(params, []);
      return ok(createAccount(params));
    }
    if (accountPath && method === 'GET') {
      checkKnownParams(params, KNOWN_PARAMS.retrieve);
      expandList(params, []);
      return ok(findAccount(decodeURIComponent(accountPath[1]!)));
    }
    if (path === '/v1/account_links' && method === 'POST') {
      checkKnownParams(params, KNOWN_PARAMS.accountLink);
      return ok(createAccountLink(params));
    }
    if (path === '/v1/transfers' && method === 'POST') {
      checkKnownParams(params, KNOWN_PARAMS.createTransfer);
      expandList(params, []);
      return ok(createTransfer(params));
    }
    if (path === '/v1/transfers' && method === 'GET') {
      checkKnownParams(params, KNOWN_PARAMS.listTransfers);
      expandList(params, []);
      const destination = stringParam(params, 'destination');
      const group = stringParam(params, 'transfer_group');
      return ok(listPage(transfers, params, '/v1/transfers', 'transfer', (t) => (destination === undefined || t.destination === destination) && (group === undefined || t.transfer_group === group)));
    }
    if (transferPath && method === 'GET') {
      checkKnownParams(params, KNOWN_PARAMS.retrieve);
      expandList(params, []);
      return ok(findTransfer(decodeURIComponent(transferPath[1]!)));
    }
    if (path === '/v1/balance_transactions' && method === 'GET') {
      checkKnownParams(params, KNOWN_PARAMS.listBalance);
      return ok(listBalanceTransactions(params));
    }
    return null;
  }

  return {
    route,
    openPage,
    recordBalance({ type, amount, source }) {
      sources.set(source.id as string, source);
      recordBalance({ type, amount, source: source.id as string });
    },
    helpers: {
      completeOnboarding,
      updateAccount(accountId, patch) {
        return Object.assign(findAccount(accountId), structuredClone(patch));
      },
      account: (accountId) => structuredClone(findAccount(accountId)),
      accountUpdatedEvent(accountId) {
        return {
          id: newId('evt'),
          object: 'event',
          account: accountId,
          api_version: '2026-10-28.endive',
          created: now(),
          data: { object: structuredClone(findAccount(accountId)) },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type: 'account.updated',
        };
      },
      expireAccountLinks() {
        for (const link of links.values()) link.expiresAt = Math.min(link.expiresAt, now());
      },
      alterTransfer(transferId, patch) {
        return Object.assign(findTransfer(transferId), structuredClone(patch));
      },
      addTransfer({ amount, destination, created, metadata = {} }) {
        return makeTransfer({ amount, destination: destination ?? createAccount({ type: 'express', capabilities: { transfers: { requested: 'true' } } }).id as string, created: created ?? now(), metadata });
      },
      topUp(amount) {
        recordBalance({ type: 'topup', amount, source: newId('tu'), description: 'Test top-up' });
      },
      availableBalance,
    },
  };
}
