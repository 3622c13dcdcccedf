import type { MarketplaceFeeRates } from '@staybook/domain/marketplace-fees';
import { formatRate } from '@staybook/domain/quote';
import { Table, type Column } from '../../../components/data-table';

const SET_ON = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const COLUMNS: readonly Column<MarketplaceFeeRates>[] = [
  { header: 'Set on', cell: (rates) => (rates.setAt ? <time dateTime={rates.setAt}>{SET_ON.format(new Date(rates.setAt))}</time> : '—') },
  { header: 'Guest service fee', cell: (rates) => formatRate(rates.guestFeeBp) },
  { header: 'Host commission', cell: (rates) => formatRate(rates.hostCommissionBp) },
  { header: 'Set by', cell: (rates) => rates.setBy?.name ?? '—' },
];

/** The admins' changes of the rates, newest first; before the first, a line saying no fees are charged. */
export function FeeHistoryTable({ changes }: { changes: readonly MarketplaceFeeRates[] }) {
  return (
    <section aria-labelledby="fee-history-heading" className="flex flex-col gap-3">
      <h2 id="fee-history-heading" className="text-lg font-semibold text-neutral-900">
        Fee history
      </h2>
      {changes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 bg-neutral-50 px-6 py-8 text-center text-neutral-600">
          No changes yet: no fees are charged
        </p>
      ) : (
        <Table label="Fee history" columns={COLUMNS} rows={changes} rowKey={(rates) => rates.setAt ?? 'start'} />
      )}
    </section>
  );
}
