import { EARNINGS_MONTH_COLUMNS, type EarningsReport, type MonthEarningsFigures } from '@staybook/domain/earnings';
import { formatMoney } from '@staybook/domain/money';
import { Table, type Column } from '../../../components/data-table';
import { formatShortMonth } from '../../../lib/month-period';
import { formatTakenBack } from '../utils/money-text';

/** A row of the table: a month's figures, or (month null) the period's totals. */
type Row = MonthEarningsFigures & { month: string | null };

const COLUMNS: readonly Column<Row>[] = [
  {
    header: 'Month',
    cell: ({ month }) => (month ? <time dateTime={month}>{formatShortMonth(month)}</time> : 'Total'),
    className: 'whitespace-nowrap',
  },
  ...EARNINGS_MONTH_COLUMNS.map(
    ({ key, label }): Column<Row> => ({
      header: label,
      cell: (row) => (key === 'refundedCents' ? formatTakenBack(row[key]) : formatMoney(row[key])),
      className: 'whitespace-nowrap tabular-nums',
    }),
  ),
];

/** The period's months, oldest first, and their totals in the table's foot. */
export function MonthEarningsTable({ report }: { report: Pick<EarningsReport, 'months' | 'totals'> }) {
  return <Table label="Earnings by month" columns={COLUMNS} rows={report.months} rowKey={(row) => row.month ?? 'total'} foot={[{ ...report.totals, month: null }]} />;
}
