import type { MarketplaceFeeRates } from '@staybook/domain/marketplace-fees';
import { dateFormat } from '@staybook/domain/dates';
import { formatRate } from '@staybook/domain/quote';
import { Table, type Column } from '../../../components/data-table';
import { EmptyNote, PageSection } from '../../../components/page-section';

const SET_ON: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const COLUMNS: readonly Column<MarketplaceFeeRates>[] = [
  { header: 'Set on', cell: (rates) => (rates.setAt ? <time dateTime={rates.setAt}>{dateFormat(SET_ON).format(new Date(rates.setAt))}</time> : '—') },
  { header: 'Guest service fee', cell: (rates) => formatRate(rates.guestFeeBp) },
  { header: 'Host commission', cell: (rates) => formatRate(rates.hostCommissionBp) },
  { header: 'Set by', cell: (rates) => rates.setBy?.name ?? '—' },
];

/** The admins' changes of the rates, newest first; before the first, a line saying no fees are charged. */
export function FeeHistoryTable({ changes }: { changes: readonly MarketplaceFeeRates[] }) {
  return (
    <PageSection headingId="fee-history-heading" title="Fee history">
      {changes.length === 0 ? (
        <EmptyNote>No changes yet: no fees are charged</EmptyNote>
      ) : (
        <Table label="Fee history" columns={COLUMNS} rows={changes} rowKey={(rates) => rates.setAt ?? 'start'} />
      )}
    </PageSection>
  );
}
