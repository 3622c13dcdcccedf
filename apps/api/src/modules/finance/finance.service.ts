/*
 * The marketplace's money for admins (docs/decisions/049-marketplace-money.md): figures per month read from the
 * ledger's journals, their CSV, and the reconciliation of a month's payments and payouts with the provider's records.
 */
import { sql } from 'drizzle-orm';
import {
  addMonths,
  ERROR_CODES,
  FINANCE_COLUMNS,
  reconciliationSubjectText,
  type FinanceFigures,
  type FinanceQuery,
  type FinanceReport,
  type ReconciliationDifference,
  type ReconciliationReport,
  type ReconciliationSubject,
} from '@staybook/domain';
import { queryRows, textArray, type Db } from '../../db/client.js';
import { monthsAndTotals, monthStart, type MonthSums } from '../../db/ledger-months.js';
import { AppError } from '../../errors.js';
import { PaymentProviderError, type PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { csvDollars } from '../../csv.js';

export type FinanceDeps = { db: Db; payments: PaymentProvider };

/**
 * Each month's figures, from the journals posted in it (UTC months): captures are gross bookings; the marketplace's
 * accounts give the fees and commissions net of refunds; tax is what captures and refunds moved on the hosts' tax
 * accounts (a share's release moves it on, and is not collection); payouts sent are those the provider paid.
 */
export async function financeReport(db: Db, { from, to }: FinanceQuery): Promise<FinanceReport> {
  const rows = await queryRows<MonthSums<keyof FinanceFigures>>(
    db,
    sql`select to_char(j.posted_at at time zone 'UTC', 'YYYY-MM') as month,
          coalesce(sum(-e.amount_cents) filter (where e.account = 'guest_payments'), 0) as "grossBookingsCents",
          coalesce(sum(e.amount_cents) filter (where e.account = 'platform_guest_fees'), 0) as "guestFeesCents",
          coalesce(sum(e.amount_cents) filter (where e.account = 'platform_commissions'), 0) as "commissionsCents",
          coalesce(sum(e.amount_cents) filter (where e.account = 'host_tax' and j.kind in ('capture', 'refund')), 0) as "taxCollectedCents",
          coalesce(sum(e.amount_cents) filter (where e.account = 'guest_refunds'), 0) as "refundsCents",
          coalesce(sum(e.amount_cents) filter (where e.account = 'host_paid'), 0) as "payoutsSentCents"
        from ledger_journals j join ledger_entries e on e.journal_id = j.id
        where j.posted_at >= ${monthStart(from)}::timestamptz and j.posted_at < ${monthStart(addMonths(to, 1))}::timestamptz
        group by 1`,
  );
  const { months, totals } = monthsAndTotals(rows, FINANCE_COLUMNS, { from, to });
  const [owed] = await queryRows<{ pending: string; available: string; inTransit: string }>(
    db,
    sql`select coalesce(sum(amount_cents) filter (where account in ('host_pending', 'host_tax')), 0) as pending,
          coalesce(sum(amount_cents) filter (where account = 'host_available'), 0) as available,
          coalesce(sum(amount_cents) filter (where account = 'host_in_transit'), 0) as "inTransit"
        from ledger_entries where host_id is not null and account in ('host_pending', 'host_tax', 'host_available', 'host_in_transit')`,
  );
  return {
    months,
    totals,
    owedToHosts: { pendingCents: Number(owed!.pending), availableCents: Number(owed!.available), inTransitCents: Number(owed!.inTransit) },
  };
}

/** The report as CSV: a row per month and a 'Total' row, amounts in the marketplace's currency (csvDollars). */
export function financeCsv(report: FinanceReport): string {
  const header = ['Month', ...FINANCE_COLUMNS.map((c) => c.label)];
  const line = (label: string, figures: FinanceFigures) => [label, ...FINANCE_COLUMNS.map(({ key }) => csvDollars(figures[key]))].join(',');
  return [header.join(','), ...report.months.map((m) => line(m.month, m)), line('Total', report.totals)].join('\r\n') + '\r\n';
}

/**
 * The month's payments and payouts, checked one by one with the provider's own records: each stay whose capture was
 * posted in the month (captured and refunded amounts), each payment our records say was captured in the month but the
 * ledger never posted, and each payout made in the month (what the provider transferred); then, when the provider can
 * list them, the transfers and captures it made in the month that our records never did. Every disagreement is listed.
 */
export async function reconcileMonth(deps: FinanceDeps, month: string): Promise<ReconciliationReport> {
  const { db, payments } = deps;
  const differences: ReconciliationDifference[] = [];
  const [start, end] = [monthStart(month), monthStart(addMonths(month, 1))];
  const stays = await queryRows<{ reference: string; providerPaymentId: string; captured: string | null; refunded: string }>(
    db,
    sql`select b.reference, p.provider_payment_id as "providerPaymentId",
          (select -sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id
            where j.booking_id = b.id and j.kind = 'capture' and e.account = 'guest_payments') as captured,
          coalesce((select sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id
            where j.booking_id = b.id and e.account = 'guest_refunds'), 0) as refunded
        from bookings b join payments p on p.id = b.payment_id
        where p.provider = ${payments.name}
          and (b.id in (select booking_id from ledger_journals where kind = 'capture' and posted_at >= ${start}::timestamptz and posted_at < ${end}::timestamptz)
            or (p.status in ('succeeded', 'refunded') and p.updated_at >= ${start}::timestamptz and p.updated_at < ${end}::timestamptz
              and not exists (select 1 from ledger_journals j where j.booking_id = b.id and j.kind = 'capture')))
        order by b.created_at, b.id`,
  );
  for (const stay of stays) {
    const ledgerCaptured = Number(stay.captured ?? 0);
    const ledgerRefunded = Number(stay.refunded);
    const intent = await askProvider(() => payments.retrieveIntent(stay.providerPaymentId));
    const subjectFacts: ReconciliationSubject = { record: 'booking', reference: stay.reference };
    const subject = reconciliationSubjectText(subjectFacts);
    if (!intent) {
      differences.push({ kind: 'capture', subject, subjectFacts, providerId: stay.providerPaymentId, ledgerCents: ledgerCaptured, providerCents: null, note: /*i18n*/ 'The provider has no such payment.' });
      continue;
    }
    if (intent.amountReceivedCents !== ledgerCaptured) {
      differences.push({
        kind: 'capture',
        subject,
        subjectFacts,
        providerId: intent.id,
        ledgerCents: ledgerCaptured,
        providerCents: intent.amountReceivedCents,
        note: stay.captured === null ? /*i18n*/ 'Captured at the provider, but the ledger has no capture.' : /*i18n*/ 'The captured amounts differ.',
      });
    }
    if (intent.amountRefundedCents !== ledgerRefunded) {
      differences.push({ kind: 'refund', subject, subjectFacts, providerId: intent.id, ledgerCents: ledgerRefunded, providerCents: intent.amountRefundedCents, note: /*i18n*/ 'The refunded amounts differ.' });
    }
  }

  const sent = await queryRows<{ id: string; asOf: string; hostName: string; status: string; transferId: string | null; amount: string; paid: string }>(
    db,
    sql`select p.id, p.as_of::text as "asOf", u.name as "hostName", p.status, p.transfer_id as "transferId", p.amount_cents as amount,
          coalesce((select sum(e.amount_cents) from ledger_journals j join ledger_entries e on e.journal_id = j.id
            where j.payout_id = p.id and e.account = 'host_paid'), 0) as paid
        from payouts p join users u on u.id = p.host_id
        where p.provider = ${payments.name} and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz
          and p.status <> 'sending'
        order by p.created_at, p.id`,
  );
  for (const payout of sent) {
    const subjectFacts: ReconciliationSubject = { record: 'payout', date: payout.asOf, hostName: payout.hostName };
    const subject = reconciliationSubjectText(subjectFacts);
    const ledgerPaid = Number(payout.paid);
    const transferId = payout.transferId;
    const transfer = transferId ? await askProvider(() => payments.retrieveTransfer(transferId)) : null;
    const providerPaid = transfer?.status === 'paid' ? transfer.amountCents : 0;
    if (transferId && !transfer) {
      differences.push({ kind: 'transfer', subject, subjectFacts, providerId: payout.transferId, ledgerCents: ledgerPaid, providerCents: null, note: /*i18n*/ 'The provider has no such transfer.' });
    } else if (providerPaid !== ledgerPaid) {
      differences.push({ kind: 'transfer', subject, subjectFacts, providerId: payout.transferId, ledgerCents: ledgerPaid, providerCents: providerPaid, note: /*i18n*/ 'The amounts paid out differ.' });
    }
  }
  differences.push(...(await providerOnlyRecords(deps, { from: new Date(start), to: new Date(end) })));
  return { month, provider: payments.name, checked: { payments: stays.length, payouts: sent.length }, differences };
}

/**
 * What the provider did in the period that our records never asked for, when it can list its records: a transfer no
 * payout of ours made (by its id; or, for a payout a crash left unanswered, the payout its metadata names), and a
 * capture of a payment we never created, or that our records do not show captured. Matched against every payout and
 * payment, whatever their month, so a record made across midnight at a month's end is not taken for a stranger.
 */
async function providerOnlyRecords({ db, payments }: FinanceDeps, period: { from: Date; to: Date }): Promise<ReconciliationDifference[]> {
  const differences: ReconciliationDifference[] = [];
  const listTransfers = payments.listTransfers?.bind(payments);
  const transfers = listTransfers ? ((await askProvider(() => listTransfers(period))) ?? []) : [];
  if (transfers.length > 0) {
    const known = await queryRows<{ id: string; transferId: string | null }>(
      db,
      sql`select id::text as id, transfer_id as "transferId" from payouts
          where transfer_id = any(${textArray(transfers.map((t) => t.id))}) or id::text = any(${textArray(transfers.map((t) => t.metadata.payoutId ?? ''))})`,
    );
    const recorded = new Set(known.flatMap((row) => (row.transferId ? [row.transferId] : [])));
    // A payout whose answer a crash lost is ours until the next run records it; an answered one has its transfer id.
    const unanswered = new Set(known.filter((row) => !row.transferId).map((row) => row.id));
    const strangers = transfers.filter((t) => !recorded.has(t.id) && !unanswered.has(t.metadata.payoutId ?? ''));
    const hosts = await queryRows<{ accountRef: string; name: string }>(
      db,
      sql`select a.account_ref as "accountRef", u.name from payout_accounts a join users u on u.id = a.host_id
          where a.account_ref = any(${textArray(strangers.map((t) => t.destination))})`,
    );
    const hostOf = new Map(hosts.map((h) => [h.accountRef, h.name]));
    for (const transfer of strangers) {
      const subjectFacts: ReconciliationSubject = {
        record: 'provider-transfer',
        date: transfer.createdAt.toISOString().slice(0, 10),
        hostName: hostOf.get(transfer.destination) ?? null,
        destination: transfer.destination,
      };
      differences.push({
        kind: 'transfer',
        subject: reconciliationSubjectText(subjectFacts),
        subjectFacts,
        providerId: transfer.id,
        ledgerCents: 0,
        providerCents: transfer.amountCents,
        note: /*i18n*/ 'The provider has a transfer our records never made.',
      });
    }
  }
  const listCaptures = payments.listCaptures?.bind(payments);
  const captures = listCaptures ? ((await askProvider(() => listCaptures(period))) ?? []) : [];
  if (captures.length > 0) {
    const intentIds = captures.map((c) => c.intentId ?? '');
    const rows = await queryRows<{ providerPaymentId: string; status: string }>(
      db,
      sql`select provider_payment_id as "providerPaymentId", status::text as status from payments
          where provider = ${payments.name} and provider_payment_id = any(${textArray(intentIds)})`,
    );
    const statusOf = new Map(rows.map((row) => [row.providerPaymentId, row.status]));
    for (const capture of captures) {
      const status = capture.intentId ? statusOf.get(capture.intentId) : undefined;
      if (status === 'succeeded' || status === 'refunded') continue;
      const subjectFacts: ReconciliationSubject = { record: 'provider-capture', date: capture.createdAt.toISOString().slice(0, 10) };
      differences.push({
        kind: 'capture',
        subject: reconciliationSubjectText(subjectFacts),
        subjectFacts,
        providerId: capture.intentId ?? capture.id,
        ledgerCents: 0,
        providerCents: capture.amountCents,
        note: status === undefined ? /*i18n*/ 'The provider has a capture of a payment our records never made.' : /*i18n*/ 'Captured at the provider, but our records do not show the payment captured.',
      });
    }
  }
  return differences;
}

/**
 * The provider's record, or null when it has none. A provider that cannot answer now is the admin's to hear as such
 * (503, try again), not a broken report.
 */
async function askProvider<T>(ask: () => Promise<T>): Promise<T | null> {
  try {
    return await ask();
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (err.code === 'resource_missing') return null;
    throw new AppError(503, ERROR_CODES.internal, /*i18n*/ 'The payment provider could not be asked just now, so the month was not checked. Please try again in a few minutes.');
  }
}
