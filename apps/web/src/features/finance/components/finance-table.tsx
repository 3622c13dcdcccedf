import { FINANCE_COLUMNS, type FinanceFigures, type FinanceReport } from '@staybook/domain/finance';
import { formatMoney } from '@staybook/domain/money';
import { Table, type Column } from '../../../components/data-table';
import { formatShortMonth } from '../../../lib/month-period';

/** A row of the table: a month's figures, or (month null) the period's totals. */
type Row = FinanceFigures & { month: string | null };

const COLUMNS: readonly Column<Row>[] = [
  {
    header: 'Month',
    cell: ({ month }) => (month ? <time dateTime={month}>{formatShortMonth(month)}</time> : 'Total'),
    className: 'whitespace-nowrap',
  },
  ...FINANCE_COLUMNS.map(
    ({ key, label }): Column<Row> => ({ header: label, cell: (row) => formatMoney(row[key]), className: 'whitespace-nowrap tabular-nums' }),
  ),
];

/** The period's figures, a row per month, oldest first, and their totals in the table's foot. */
export function FinanceTable({ report }: { report: Pick<FinanceReport, 'months' | 'totals'> }) {
  return (
    <Table
      label="Money by month"
      columns={COLUMNS}
      rows={report.months}
      rowKey={(row) => row.month ?? 'total'}
      foot={[{ ...report.totals, month: null }]}
    />
  );
}
