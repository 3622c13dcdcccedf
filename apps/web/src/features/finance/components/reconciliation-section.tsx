import type { PaymentProviderName } from '@staybook/domain/bookings';
import { formatMonthYear } from '@staybook/domain/dates';
import { reconciliationQuerySchema, reconciliationSubjectText, type ReconciliationDifference, type ReconciliationReport } from '@staybook/domain/finance';
import { formatMoney } from '@staybook/domain/money';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Table, type Column } from '../../../components/data-table';
import { TextField } from '../../../components/fields';
import { LoadError } from '../../../components/load-error';
import { i18n } from '../../../lib/i18n';
import { useReconciliation } from '../api/use-reconciliation';
import { currentMonth } from '../../../lib/month-period';
import { PageSection } from '../../../components/page-section';

const KIND_LABELS: Record<ReconciliationDifference['kind'], string> = { capture: /*i18n*/ 'Capture', refund: /*i18n*/ 'Refund', transfer: /*i18n*/ 'Transfer' };

/** The providers by the names the product's pages give them. */
const PROVIDER_NAMES: Record<PaymentProviderName, string> = { test: /*i18n*/ 'the built-in processor', stripe: 'Stripe' };

function providerName(provider: string): string {
  return Object.hasOwn(PROVIDER_NAMES, provider) ? i18n.known(PROVIDER_NAMES[provider as PaymentProviderName]) : provider;
}

/** The domain's word for a month that is not one (reconciliationQuerySchema's), for the app's catalog. */
export const NOT_A_MONTH_TEXT = /*i18n*/ 'Expected a month as YYYY-MM';

type Row = ReconciliationDifference & { index: number };

const NONE = '—';

/** The differences' columns, their headers in the page's language. */
const columns = (): readonly Column<Row>[] => [
  { header: i18n.t('Kind'), cell: (row) => i18n.known(KIND_LABELS[row.kind]) },
  // Written here in the page's language from its figures (the API's subject is English).
  { header: i18n.t('Subject'), cell: (row) => reconciliationSubjectText(row.subjectFacts) },
  { header: i18n.t('Provider id'), cell: (row) => row.providerId ?? NONE, className: 'break-all' },
  { header: i18n.t('Ledger'), cell: (row) => formatMoney(row.ledgerCents), className: 'whitespace-nowrap tabular-nums' },
  {
    header: i18n.t('Provider'),
    cell: (row) => (row.providerCents === null ? NONE : formatMoney(row.providerCents)),
    className: 'whitespace-nowrap tabular-nums',
  },
  { header: i18n.t('Note'), cell: (row) => i18n.known(row.note) },
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
      setError(checked.error.issues[0]?.message ?? i18n.t('Not a month'));
      return;
    }
    setError(undefined);
    // The same month again: asked afresh, as the provider's records may have moved on.
    if (checked.data.month === asked) void reconciliation.refetch();
    else setAsked(checked.data.month);
  };

  return (
    <PageSection
      title={i18n.t('Reconciliation')}
      intro={i18n.t("Checks a month's payments, refunds and payouts in the ledger against the payment provider's own records.")}
    >
      <form noValidate onSubmit={check} className="flex flex-col gap-x-4 sm:flex-row sm:items-start">
        <TextField
          label={i18n.t('Month')}
          type="month"
          placeholder="YYYY-MM"
          className="sm:w-56"
          value={typed}
          error={error}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Button type="submit" variant="outline" className="sm:mt-7" pending={reconciliation.isFetching}>
          {i18n.t('Check with the provider')}
        </Button>
      </form>
      <div aria-live="polite">
        {reconciliation.isError ? (
          <LoadError what={i18n.t('The reconciliation')} error={reconciliation.error} onRetry={() => void reconciliation.refetch()} />
        ) : (
          reconciliation.data && <ReconciliationResult report={reconciliation.data} />
        )}
      </div>
    </PageSection>
  );
}

function ReconciliationResult({ report }: { report: ReconciliationReport }) {
  const { checked, differences } = report;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-neutral-900">{formatMonthYear(report.month)}</h3>
      <p className={differences.length === 0 ? 'text-neutral-700' : 'font-semibold text-rose-700'}>
        {i18n.t(
          'Checked {payments, plural, one {# payment} other {# payments}} and {payouts, plural, one {# payout} other {# payouts}} with {provider}: {differences, plural, =0 {no differences} one {# difference} other {# differences}}.',
          { payments: checked.payments, payouts: checked.payouts, provider: providerName(report.provider), differences: differences.length },
        )}
      </p>
      {differences.length > 0 && (
        <Table
          label={i18n.t('Differences')}
          columns={columns()}
          rows={differences.map((difference, index) => ({ ...difference, index }))}
          rowKey={(row) => String(row.index)}
        />
      )}
    </div>
  );
}
