/*
 * Setting up payouts at the provider's own pages (decision 049, Stripe Connect): the host's Express account, made
 * once, and a link to Stripe's onboarding; Stripe sends the host back to the return route, or to the refresh route
 * for a new link when the one they had was used or expired. Whether the account can be paid is always read from the
 * provider (on the host's return, and on each `account.updated` event): the server decides which account is the
 * host's, never the client.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES, type PayoutOnboardingLink } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { payoutAccounts, users } from '../../db/schema.js';
import { AppError, ConflictError } from '../../errors.js';
import { PaymentProviderError, type PaymentProvider, type PayoutOnboarding, type ProviderPayoutAccount } from '../../integrations/payments/payment-provider.js';
import type { Log } from '../../log.js';

export type OnboardingDeps = { db: Db; payments: PaymentProvider; publicUrl: string; log: Log };

/** Where the provider sends the host back when onboarding is over, and where for a new link (routes in payouts.routes.ts). */
export const ONBOARDING_RETURN_PATH = '/api/payouts/stripe-return';
export const ONBOARDING_REFRESH_PATH = '/api/payouts/stripe-refresh';

/** The key the provider knows a host's account by: one per host, so a retried request never makes a second account. */
export function payoutAccountIdempotencyKey(hostId: string): string {
  return `payout-account:${hostId}`;
}

function onboardingOf(payments: PaymentProvider): PayoutOnboarding {
  if (!payments.payoutOnboarding) {
    throw new ConflictError(/*i18n*/ 'This marketplace pays hosts to a bank account: add yours on the Payouts page.');
  }
  return payments.payoutOnboarding;
}

/** What the host hears when the provider cannot be asked now; the details go to the log. */
async function askProvider<T>(log: Log, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log[err.retryable ? 'warn' : 'error']({ err, code: err.code }, 'Stripe refused or could not answer a payout setup call');
    throw new AppError(503, ERROR_CODES.internal, /*i18n*/ 'Payouts cannot be set up with Stripe just now. Please try again in a few minutes.');
  }
}

/** The host's account at the configured provider, if they have one there. */
async function accountAtProvider(db: Db, payments: PaymentProvider, hostId: string) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.hostId, hostId), eq(payoutAccounts.provider, payments.name)));
  return row ?? null;
}

/**
 * The host's account at the provider, made the first time: the provider's idempotency key makes one account of
 * concurrent or retried requests, and the first row written stays the host's (a later writer adopts it). An account
 * at another provider (the marketplace moved to Stripe) is replaced; its payouts keep the account they went to.
 */
async function ensureAccount(deps: OnboardingDeps, onboarding: PayoutOnboarding, hostId: string): Promise<string> {
  const { db, payments, log } = deps;
  const existing = await accountAtProvider(db, payments, hostId);
  if (existing) return existing.accountRef;
  const [host] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, hostId));
  if (!host) throw new ConflictError(/*i18n*/ 'Your account could not be found. Please sign in again.');
  const created = await askProvider(log, () => onboarding.createAccount({ hostId, email: host.email, idempotencyKey: payoutAccountIdempotencyKey(hostId) }));
  const values = { provider: payments.name, accountRef: created.id, holderName: host.name, last4: created.last4, ready: created.ready };
  await db
    .insert(payoutAccounts)
    .values({ hostId, ...values })
    .onConflictDoUpdate({ target: payoutAccounts.hostId, set: { ...values, updatedAt: sql`now()` }, setWhere: sql`${payoutAccounts.provider} <> ${payments.name}` });
  const kept = await accountAtProvider(db, payments, hostId);
  return kept!.accountRef;
}

function newLink(deps: OnboardingDeps, onboarding: PayoutOnboarding, accountId: string) {
  return onboarding.createLink({
    accountId,
    refreshUrl: `${deps.publicUrl}${ONBOARDING_REFRESH_PATH}`,
    returnUrl: `${deps.publicUrl}${ONBOARDING_RETURN_PATH}`,
  });
}

/**
 * 'Set up payouts' (and 'Continue setup'): the host's account at the provider, made once, and a fresh link to the
 * provider's onboarding for it, which the page opens.
 */
export async function startPayoutOnboarding(deps: OnboardingDeps, hostId: string): Promise<PayoutOnboardingLink> {
  const onboarding = onboardingOf(deps.payments);
  const accountId = await ensureAccount(deps, onboarding, hostId);
  const link = await askProvider(deps.log, () => newLink(deps, onboarding, accountId));
  return { url: link.url };
}

/**
 * A new link for a host whose link was used or expired (the provider's refresh_url), or null when there is none to
 * give now (no account here, or the provider cannot be asked): the Payouts page then offers to continue.
 */
export async function renewOnboardingLink(deps: OnboardingDeps, hostId: string): Promise<string | null> {
  const onboarding = deps.payments.payoutOnboarding;
  const account = onboarding ? await accountAtProvider(deps.db, deps.payments, hostId) : null;
  if (!onboarding || !account) return null;
  try {
    return (await newLink(deps, onboarding, account.accountRef)).url;
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, code: err.code }, 'a new onboarding link could not be made; the host lands on the Payouts page');
    return null;
  }
}

/** Records what the provider says of an account: whether it can be paid, and the bank account it pays out to. */
async function recordAccountState(db: Db, payments: PaymentProvider, hostId: string, account: ProviderPayoutAccount): Promise<void> {
  await db
    .update(payoutAccounts)
    .set({ ready: account.ready, last4: account.last4, updatedAt: new Date() })
    .where(and(eq(payoutAccounts.hostId, hostId), eq(payoutAccounts.provider, payments.name), eq(payoutAccounts.accountRef, account.id)));
}

/**
 * The host is back from the provider's onboarding: their account's state is read from the provider (never from the
 * address they came back with). A provider that cannot be asked now leaves it as it was; its next event tells.
 */
export async function returnFromOnboarding(deps: OnboardingDeps, hostId: string): Promise<void> {
  const onboarding = deps.payments.payoutOnboarding;
  const account = onboarding ? await accountAtProvider(deps.db, deps.payments, hostId) : null;
  if (!onboarding || !account) return;
  let state: ProviderPayoutAccount;
  try {
    state = await onboarding.retrieveAccount(account.accountRef);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.log.warn({ err, code: err.code }, 'the payout account could not be read on the host’s return; its next event updates it');
    return;
  }
  await recordAccountState(deps.db, deps.payments, hostId, state);
}

/**
 * The provider says an account changed (Stripe's `account.updated`): its state is read afresh, since events arrive
 * late and out of order. False when the account is no host's here (another platform's, or one replaced since).
 * A provider that cannot be asked throws, so the event is delivered again.
 */
export async function refreshPayoutAccount(deps: Pick<OnboardingDeps, 'db' | 'payments'>, accountId: string): Promise<boolean> {
  const onboarding = deps.payments.payoutOnboarding;
  if (!onboarding) return false;
  const [row] = await deps.db
    .select({ hostId: payoutAccounts.hostId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, deps.payments.name), eq(payoutAccounts.accountRef, accountId)));
  if (!row) return false;
  await recordAccountState(deps.db, deps.payments, row.hostId, await onboarding.retrieveAccount(accountId));
  return true;
}
