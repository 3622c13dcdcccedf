/*
 * A host's side of payouts: where they are paid (a bank account at the built-in processor, or their Stripe account:
 * payout-onboarding.ts), what they hold (their balances, from the ledger) and their payouts, newest first. The run
 * that pays them is payout-run.ts.
 */
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { payoutFailureMessage, type BankAccountInput, type Payout, type PayoutsPage } from '@staybook/domain';
import { withTransaction, type Db } from '../../db/client.js';
import { hostBalances } from '../../db/ledger.js';
import { payoutAccounts, payouts, users } from '../../db/schema.js';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor.js';
import { ConflictError } from '../../errors.js';
import { inRecipientLanguage, payoutAccountChangedMail } from '../../integrations/mail/templates.js';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { enqueueMail, type MailingDeps } from '../jobs/jobs.js';

export type PayoutsDeps = { db: Db; payments: PaymentProvider };

/** The Payouts page of a host: their account, balances and one page of payouts. */
export async function payoutsPage({ db, payments }: PayoutsDeps, hostId: string, { cursor, limit }: { cursor?: string | undefined; limit: number }): Promise<PayoutsPage> {
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, hostId));
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const rows = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.hostId, hostId),
        after ? or(lt(payouts.createdAt, new Date(after.at)), and(eq(payouts.createdAt, new Date(after.at)), lt(payouts.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    // An account of another provider (the marketplace moved to Stripe) cannot be paid to: the host sets up again.
    account: account && account.provider === payments.name ? { holderName: account.holderName, last4: account.last4, ready: account.ready } : null,
    setup: payments.createBankAccount ? 'bank-account' : 'stripe-onboarding',
    balances: await hostBalances(db, hostId),
    payouts: page.map(toPayout),
    nextCursor: rows.length > limit && last ? encodeTimeCursor({ at: last.createdAt.toISOString(), id: last.id }) : null,
  };
}

function toPayout(row: typeof payouts.$inferSelect): Payout {
  return {
    id: row.id,
    asOf: row.asOf,
    createdAt: row.createdAt.toISOString(),
    amountCents: row.amountCents,
    status: row.status,
    failureMessage: row.status === 'failed' ? payoutFailureMessage(row.failureCode) : null,
    last4: row.last4,
  };
}

/**
 * Sets the bank account a host is paid to (the built-in processor): the processor checks it and keeps only its last
 * four digits; the host's earlier account, if any, is replaced. Payouts already sent keep the account they went to.
 * The host is mailed that their payouts go elsewhere now, with the change: where money goes is worth hearing of.
 */
export async function setBankAccount(deps: PayoutsDeps & MailingDeps, hostId: string, input: BankAccountInput): Promise<void> {
  const { payments } = deps;
  if (!payments.createBankAccount) {
    throw new ConflictError(/*i18n*/ 'This marketplace pays hosts through Stripe: set up payouts with Stripe on the Payouts page, where Stripe asks for your bank account.');
  }
  const bank = await payments.createBankAccount(input);
  const values = { provider: payments.name, accountRef: bank.id, holderName: input.holderName.trim(), last4: bank.last4, ready: true };
  await withTransaction(deps.db, async (tx) => {
    const [previous] = await tx.select({ last4: payoutAccounts.last4 }).from(payoutAccounts).where(eq(payoutAccounts.hostId, hostId)).for('update');
    await tx
      .insert(payoutAccounts)
      .values({ hostId, ...values })
      .onConflictDoUpdate({ target: payoutAccounts.hostId, set: { ...values, updatedAt: sql`now()` } });
    const [host] = await tx.select({ name: users.name, email: users.email, locale: users.locale }).from(users).where(eq(users.id, hostId));
    const account = { last4: bank.last4, previousLast4: previous?.last4 ?? null };
    await enqueueMail(tx, `payout-account:${bank.id}`, inRecipientLanguage(host!, () => payoutAccountChangedMail(host!, account, deps.publicUrl)));
  });
}
