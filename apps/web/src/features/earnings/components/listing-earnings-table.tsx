import type { ListingEarnings } from '@staybook/domain/earnings';
import { formatMoney } from '@staybook/domain/money';
import { Table, type Column } from '../../../components/data-table';
import { formatTakenBack } from '../utils/money-text';

/** A listing's row, or (roomId null) the sum of every listing's. */
type Row = Omit<ListingEarnings, 'roomId'> & { roomId: string | null };

const MONEY = 'whitespace-nowrap tabular-nums';

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Listing', cell: (row) => row.title },
  { header: 'Stays', cell: (row) => String(row.stays), className: 'tabular-nums' },
  { header: 'Booked', cell: (row) => formatMoney(row.bookedCents), className: MONEY },
  { header: 'Refunded', cell: (row) => formatTakenBack(row.refundedCents), className: MONEY },
  { header: 'Pending', cell: (row) => formatMoney(row.upcomingCents), className: MONEY },
  { header: 'Available', cell: (row) => formatMoney(row.availableCents), className: MONEY },
  { header: 'On its way', cell: (row) => formatMoney(row.inTransitCents), className: MONEY },
  { header: 'Paid out', cell: (row) => formatMoney(row.paidCents), className: MONEY },
];

const SUMMED = ['stays', 'bookedCents', 'refundedCents', 'upcomingCents', 'availableCents', 'inTransitCents', 'paidCents'] as const;

/** Every listing's money since its first stay, and their sum in the table's foot. */
export function ListingEarningsTable({ listings }: { listings: readonly ListingEarnings[] }) {
  const total: Row = { roomId: null, title: 'Total', stays: 0, bookedCents: 0, refundedCents: 0, upcomingCents: 0, availableCents: 0, inTransitCents: 0, paidCents: 0 };
  for (const listing of listings) for (const key of SUMMED) total[key] += listing[key];
  return (
    <section aria-labelledby="by-listing-heading" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="by-listing-heading" className="text-lg font-semibold text-neutral-900">
          By listing
        </h2>
        <p className="max-w-3xl text-sm text-neutral-600">
          Since each listing&apos;s first stay: what its stays were booked for, less what refunds to guests took back, is what
          is upcoming, available, on its way and paid out.
        </p>
      </div>
      {listings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-neutral-300 bg-neutral-50 px-6 py-8 text-center text-neutral-600">
          No stays yet. Once a guest books one of your listings, its earnings show here.
        </p>
      ) : (
        <Table label="Earnings by listing" columns={COLUMNS} rows={listings} rowKey={(row) => row.roomId ?? 'total'} foot={listings.length > 1 ? [total] : []} />
      )}
    </section>
  );
}
