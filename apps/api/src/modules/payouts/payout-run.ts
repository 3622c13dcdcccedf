/*
 * The daily payout run (docs/decisions/049-marketplace-money.md): each host's whole available balance in one payout a
 * day, through the configured provider. The server runs it on a schedule; an operator or a test runs it for a given
 * day with `npm run payouts -- --as-of=YYYY-MM-DD` (cli/payouts.ts).
 *
 * A payout is written with its journal (available → in transit) before the provider is asked, under the idempotency
 * key `payout:<host>:<day>`; the provider's answer is recorded after. A crash between the two leaves the payout
 * `sending`: the next run asks the provider again with the same key, which answers the same transfer, never a second.
 */
import { and, eq, sql } from 'drizzle-orm';
import { addDays, payoutFailureMessage, type IsoDate } from '@staybook/domain';
import { queryRows, withTransaction, type Db } from '../../db/client.js';
import { hostBalances, payoutJournal, postJournal, releaseShare, RELEASE_SHARE_JOB } from '../../db/ledger.js';
import { payoutAccounts, payouts, users } from '../../db/schema.js';
import { inRecipientLanguage, payoutFailedMail, payoutSentMail } from '../../integrations/mail/templates.js';
import { PaymentProviderError, type PaymentProvider, type ProviderTransfer } from '../../integrations/payments/payment-provider.js';
import { currentCurrency } from '../fees/currency.service.js';
import { enqueueMail, type MailingDeps } from '../jobs/jobs.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';
import type { Log } from '../../log.js';

export type PayoutDeps = MailingDeps & { payments: PaymentProvider; log: Log };

type PayoutRow = typeof payouts.$inferSelect;
/** What the provider answered: its transfer, or no transfer when it refused to make one. */
type TransferAnswer = Pick<ProviderTransfer, 'status' | 'failureCode'> & { id: string | null };

export type PayoutRunSummary = { released: number; paid: number; failed: number; waiting: number };

/**
 * Pays what is due on `asOf`: with `release`, first releases every share due by that day (the scheduled jobs release
 * each at its hour; an operator's or a test's run for a day releases them all, early if need be), then finishes
 * payouts a crash left unanswered, then pays each host with a payout account their whole available balance, once
 * for the day.
 */
export async function runPayouts(deps: PayoutDeps, { asOf, release = false }: { asOf: IsoDate; release?: boolean }): Promise<PayoutRunSummary> {
  const summary: PayoutRunSummary = { released: 0, paid: 0, failed: 0, waiting: 0 };
  if (release) summary.released = await releaseDueShares(deps.db, asOf);
  const unanswered = await deps.db.select().from(payouts).where(eq(payouts.status, 'sending'));
  const made = [];
  for (const host of await hostsToPay(deps)) {
    const payout = await writePayout(deps.db, deps.payments.name, host, asOf);
    if (payout) made.push(payout);
  }
  for (const payout of [...unanswered, ...made]) summary[await sendPayout(deps, payout)] += 1;
  if (summary.paid + summary.failed > 0) deps.jobs.kick();
  return summary;
}

/** The shares due by the end of `asOf` (the day after check-in, where the room is) that are not released yet. */
async function releaseDueShares(db: Db, asOf: IsoDate): Promise<number> {
  const due = await queryRows<{ bookingId: string }>(
    db,
    sql`select payload->>'bookingId' as "bookingId" from jobs
        where kind = ${RELEASE_SHARE_JOB} and status <> 'done' and run_at < ${addDays(asOf, 2)}::date
          and payload->>'releaseOn' <= ${asOf}`,
  );
  let released = 0;
  for (const { bookingId } of due) if (await releaseShare(db, bookingId)) released += 1;
  return released;
}

/** Hosts with something available and an account the configured provider can pay. */
async function hostsToPay(deps: PayoutDeps): Promise<{ hostId: string }[]> {
  return queryRows<{ hostId: string }>(
    deps.db,
    sql`select a.host_id as "hostId" from payout_accounts a
        where a.ready and a.provider = ${deps.payments.name}
          and (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.host_id = a.host_id and e.account = 'host_available') > 0
        order by a.host_id`,
  );
}

/**
 * The day's payout of a host, with its journal, in one transaction under the lock of the host's payout account (so
 * two runs at once write one payout, and the account it goes to is the one in force, ready, at the run's provider).
 * Nothing when the host was paid for the day already or has nothing available.
 */
async function writePayout(db: Db, provider: string, { hostId }: { hostId: string }, asOf: IsoDate): Promise<PayoutRow | null> {
  return withTransaction(db, async (tx) => {
    const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, hostId)).for('update');
    // Ready now, at the provider this run pays through (an account may have been replaced or fallen back since).
    if (!account?.ready || account.provider !== provider) return null;
    const { availableCents } = await hostBalances(tx, hostId);
    if (availableCents <= 0) return null;
    const [payout] = await tx
      .insert(payouts)
      .values({ hostId, asOf, amountCents: availableCents, provider: account.provider, accountRef: account.accountRef, last4: account.last4 })
      .onConflictDoNothing({ target: [payouts.hostId, payouts.asOf] })
      .returning();
    if (!payout) return null;
    await postJournal(tx, payoutJournal({ payoutId: payout.id, hostId, amountCents: payout.amountCents }, 'payout'));
    return payout;
  });
}

/** The key the provider knows a payout by: one per host and day, whichever run sends it. */
export function payoutIdempotencyKey(payout: Pick<PayoutRow, 'hostId' | 'asOf'>): string {
  return `payout:${payout.hostId}:${payout.asOf}`;
}

/**
 * Asks the provider to send a written payout and records its answer. A provider that cannot be reached leaves the
 * payout `sending` for the next run; a refusal is a failure like a bank's.
 */
async function sendPayout(deps: PayoutDeps, payout: PayoutRow): Promise<'paid' | 'failed' | 'waiting'> {
  let transfer: TransferAnswer;
  try {
    transfer = await deps.payments.transfer({
      amountCents: payout.amountCents,
      // The marketplace's currency: every amount on record is in it (decision 061).
      currency: (await currentCurrency(deps.db)).toLowerCase(),
      destination: payout.accountRef,
      idempotencyKey: payoutIdempotencyKey(payout),
      metadata: { payoutId: payout.id, hostId: payout.hostId },
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError) || err.retryable) {
      deps.log.warn({ err, payoutId: payout.id }, 'the payout could not be sent now; the next run tries again');
      return 'waiting';
    }
    transfer = { id: null, status: 'failed', failureCode: err.code };
  }
  return recordAnswer(deps, payout, transfer);
}

/** The provider's answer, the journal that follows it and the host's mail, in one transaction; once per payout. */
async function recordAnswer(deps: PayoutDeps, payout: PayoutRow, transfer: TransferAnswer): Promise<'paid' | 'failed'> {
  await withTransaction(deps.db, async (tx) => {
    const [answered] = await tx
      .update(payouts)
      .set({ status: transfer.status, transferId: transfer.id, failureCode: transfer.failureCode, updatedAt: new Date() })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'sending')))
      .returning();
    if (!answered) return;
    const money = { payoutId: payout.id, hostId: payout.hostId, amountCents: payout.amountCents };
    await postJournal(tx, payoutJournal(money, transfer.status === 'paid' ? 'payout-paid' : 'payout-failed'));
    if (transfer.failureCode === ACCOUNT_CANNOT_TAKE_TRANSFERS) {
      // The provider says the account cannot be paid now (Stripe: its transfers capability is off): the host is asked
      // to finish setting up, and the run skips them until the provider says the account is ready again.
      await tx
        .update(payoutAccounts)
        .set({ ready: false, updatedAt: new Date() })
        .where(and(eq(payoutAccounts.hostId, payout.hostId), eq(payoutAccounts.accountRef, payout.accountRef)));
    }
    const [host] = await tx.select({ name: users.name, email: users.email, locale: users.locale }).from(users).where(eq(users.id, payout.hostId));
    const details = { amountCents: payout.amountCents, asOf: payout.asOf, last4: payout.last4 };
    const message = inRecipientLanguage(host!, () =>
      transfer.status === 'paid'
        ? payoutSentMail(host!, details, deps.publicUrl)
        : payoutFailedMail(host!, details, payoutFailureMessage(transfer.failureCode), deps.publicUrl),
    );
    await enqueueMail(tx, `payout-${transfer.status}:${payout.id}`, message);
    if (transfer.status === 'paid') {
      await emitWebhookEvent(tx, { ownerId: payout.hostId, type: 'payout.paid', data: { payoutId: payout.id, amountCents: payout.amountCents, asOf: payout.asOf } });
    }
  });
  return transfer.status;
}

/** Stripe's refusal of a transfer to a connected account whose transfers capability is not active. */
const ACCOUNT_CANNOT_TAKE_TRANSFERS = 'insufficient_capabilities_for_transfer';

/** How often the server looks for the day's payouts: a host is paid once a day, whichever pass pays them. */
export const PAYOUT_PASS_MS = 60 * 60_000;
