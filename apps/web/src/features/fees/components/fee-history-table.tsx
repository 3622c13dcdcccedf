import type { MarketplaceFeeRates } from '@staybook/domain/marketplace-fees';
import { dateFormat } from '@staybook/domain/dates';
import { formatRate } from '@staybook/domain/quote';
import { Table, type Column } from '../../../components/data-table';
import { EmptyNote, PageSection } from '../../../components/page-section';
import { i18n } from '../../../lib/i18n';

const SET_ON: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The table's columns, their headers in the page's language. */
const columns = (): readonly Column<MarketplaceFeeRates>[] => [
  { header: i18n.t('Set on'), cell: (rates) => (rates.setAt ? <time dateTime={rates.setAt}>{dateFormat(SET_ON).format(new Date(rates.setAt))}</time> : '—') },
  { header: i18n.t('Guest service fee'), cell: (rates) => formatRate(rates.guestFeeBp) },
  { header: i18n.t('Host commission'), cell: (rates) => formatRate(rates.hostCommissionBp) },
  { header: i18n.t('Set by'), cell: (rates) => rates.setBy?.name ?? '—' },
];

/** The admins' changes of the rates, newest first; before the first, a line saying no fees are charged. */
export function FeeHistoryTable({ changes }: { changes: readonly MarketplaceFeeRates[] }) {
  return (
    <PageSection title={i18n.t('Fee history')}>
      {changes.length === 0 ? (
        <EmptyNote>{i18n.t('No changes yet: no fees are charged')}</EmptyNote>
      ) : (
        <Table label={i18n.t('Fee history')} columns={columns()} rows={changes} rowKey={(rates) => rates.setAt ?? 'start'} />
      )}
    </PageSection>
  );
}
