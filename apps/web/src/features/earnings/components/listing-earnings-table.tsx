import type { ListingEarnings } from '@staybook/domain/earnings';
import { formatMoney } from '@staybook/domain/money';
import { Table, type Column } from '../../../components/data-table';
import { formatTakenBack } from '../utils/money-text';
import { EmptyNote, PageSection } from '../../../components/page-section';
import { i18n } from '../../../lib/i18n';

/** A listing's row, or (roomId null) the sum of every listing's. */
type Row = Omit<ListingEarnings, 'roomId'> & { roomId: string | null };

const MONEY = 'whitespace-nowrap tabular-nums';

const columns = (): readonly Column<Row>[] => [
  { header: i18n.t('Listing'), cell: (row) => row.title },
  { header: i18n.t('Stays'), cell: (row) => String(row.stays), className: 'tabular-nums' },
  { header: i18n.t('Booked'), cell: (row) => formatMoney(row.bookedCents), className: MONEY },
  { header: i18n.t('Refunded'), cell: (row) => formatTakenBack(row.refundedCents), className: MONEY },
  { header: i18n.t('Pending'), cell: (row) => formatMoney(row.upcomingCents), className: MONEY },
  { header: i18n.t('Available'), cell: (row) => formatMoney(row.availableCents), className: MONEY },
  { header: i18n.t('On its way'), cell: (row) => formatMoney(row.inTransitCents), className: MONEY },
  { header: i18n.t('Paid out'), cell: (row) => formatMoney(row.paidCents), className: MONEY },
];

const SUMMED = ['stays', 'bookedCents', 'refundedCents', 'upcomingCents', 'availableCents', 'inTransitCents', 'paidCents'] as const;

/** Every listing's money since its first stay, and their sum in the table's foot. */
export function ListingEarningsTable({ listings }: { listings: readonly ListingEarnings[] }) {
  const total: Row = { roomId: null, title: i18n.t('Total'), stays: 0, bookedCents: 0, refundedCents: 0, upcomingCents: 0, availableCents: 0, inTransitCents: 0, paidCents: 0 };
  for (const listing of listings) for (const key of SUMMED) total[key] += listing[key];
  return (
    <PageSection
      title={i18n.t('By listing')}
      intro={i18n.t("Since each listing's first stay: what its stays were booked for, less what refunds to guests took back, is what is upcoming, available, on its way and paid out.")}
    >
      {listings.length === 0 ? (
        <EmptyNote>{i18n.t('No stays yet. Once a guest books one of your listings, its earnings show here.')}</EmptyNote>
      ) : (
        <Table label={i18n.t('Earnings by listing')} columns={columns()} rows={listings} rowKey={(row) => row.roomId ?? 'total'} foot={listings.length > 1 ? [total] : []} />
      )}
    </PageSection>
  );
}
