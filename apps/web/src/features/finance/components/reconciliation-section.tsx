import type { PaymentProviderName } from '@staybook/domain/bookings';
import { formatMonthYear } from '@staybook/domain/dates';
import { reconciliationQuerySchema, type ReconciliationDifference, type ReconciliationReport } from '@staybook/domain/finance';
import { formatMoney } from '@staybook/domain/money';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Table, type Column } from '../../../components/data-table';
import { TextField } from '../../../components/fields';
import { LoadError } from '../../../components/load-error';
import { useReconciliation } from '../api/use-reconciliation';
import { currentMonth } from '../../../lib/month-period';
import { PageSection } from '../../../components/page-section';

const KIND_LABELS: Record<ReconciliationDifference['kind'], string> = { capture: 'Capture', refund: 'Refund', transfer: 'Transfer' };

/** The providers by the names the product's pages give them. */
const PROVIDER_NAMES: Record<PaymentProviderName, string> = { test: 'the built-in processor', stripe: 'Stripe' };

function providerName(provider: string): string {
  return Object.hasOwn(PROVIDER_NAMES, provider) ? PROVIDER_NAMES[provider as PaymentProviderName] : provider;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

type Row = ReconciliationDifference & { index: number };

const NONE = '—';

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Kind', cell: (row) => KIND_LABELS[row.kind] },
  { header: 'Subject', cell: (row) => row.subject },
  { header: 'Provider id', cell: (row) => row.providerId ?? NONE, className: 'break-all' },
  { header: 'Ledger', cell: (row) => formatMoney(row.ledgerCents), className: 'whitespace-nowrap tabular-nums' },
  {
    header: 'Provider',
    cell: (row) => (row.providerCents === null ? NONE : formatMoney(row.providerCents)),
    className: 'whitespace-nowrap tabular-nums',
  },
  { header: 'Note', cell: (row) => row.note },
];

/**
 * A month's payments and payouts in the ledger, checked against the payment provider's own records on asking (it
 * reads the whole month from the provider): what it checked, and each difference it found.
 */
export function ReconciliationSection() {
  const [typed, setTyped] = useState(currentMonth);
  const [error, setError] = useState<string>();
  const [asked, setAsked] = useState<string | null>(null);
  const reconciliation = useReconciliation(asked);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const checked = reconciliationQuerySchema.safeParse({ month: typed });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Not a month');
      return;
    }
    setError(undefined);
    // The same month again: asked afresh, as the provider's records may have moved on.
    if (checked.data.month === asked) void reconciliation.refetch();
    else setAsked(checked.data.month);
  };

  return (
    <PageSection
      headingId="reconciliation-heading"
      title="Reconciliation"
      intro="Checks a month's payments, refunds and payouts in the ledger against the payment provider's own records."
    >
      <form noValidate onSubmit={check} className="flex flex-col gap-x-4 sm:flex-row sm:items-start">
        <TextField
          label="Month"
          type="month"
          placeholder="YYYY-MM"
          className="sm:w-56"
          value={typed}
          error={error}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Button type="submit" variant="outline" className="sm:mt-7" pending={reconciliation.isFetching}>
          Check with the provider
        </Button>
      </form>
      <div aria-live="polite">
        {reconciliation.isError ? (
          <LoadError what="The reconciliation" error={reconciliation.error} onRetry={() => void reconciliation.refetch()} />
        ) : (
          reconciliation.data && <ReconciliationResult report={reconciliation.data} />
        )}
      </div>
    </PageSection>
  );
}

function ReconciliationResult({ report }: { report: ReconciliationReport }) {
  const { checked, differences } = report;
  const outcome = differences.length === 0 ? 'no differences' : count(differences.length, 'difference');
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-neutral-900">{formatMonthYear(report.month)}</h3>
      <p className={differences.length === 0 ? 'text-neutral-700' : 'font-semibold text-rose-700'}>
        {`Checked ${count(checked.payments, 'payment')} and ${count(checked.payouts, 'payout')} with ${providerName(report.provider)}: ${outcome}.`}
      </p>
      {differences.length > 0 && (
        <Table
          label="Differences"
          columns={COLUMNS}
          rows={differences.map((difference, index) => ({ ...difference, index }))}
          rowKey={(row) => String(row.index)}
        />
      )}
    </div>
  );
}
