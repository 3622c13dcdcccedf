import { formatMoney } from '@staybook/domain/money';
import { i18n } from '../lib/i18n';
import { formatShortMonth } from '../lib/month-period';
import { Table, type Column } from './data-table';

/** A period's figures as the ledger's reports give them: a month's each, oldest first, and their totals. */
interface MonthFigures<K extends string> {
  months: readonly ({ month: string } & Record<K, number>)[];
  totals: Record<K, number>;
}

interface MonthFiguresTableProps<K extends string> {
  label: string;
  /** The figures' columns, in order (the domain's list for the report). */
  columns: readonly { key: K; label: string }[];
  report: MonthFigures<K>;
  /** How a figure reads; money by default. */
  format?: (cents: number, key: K) => string;
  /** Narrower gaps between columns, for a report with many (Finance's fit a laptop's width in Spanish too). */
  dense?: boolean;
}

/** The period's figures, a row per month, oldest first, and their totals in the table's foot (Finance and Earnings). */
/** Amounts in the marketplace's currency: the column's key is not a currency (formatMoney's second parameter). */
const moneyOf = (cents: number) => formatMoney(cents);

export function MonthFiguresTable<K extends string>({ label, columns, report, format = moneyOf, dense = false }: MonthFiguresTableProps<K>) {
  type Row = Record<K, number> & { month: string | null };
  const tableColumns: Column<Row>[] = [
    {
      header: i18n.t('Month'),
      cell: ({ month }) => (month ? <time dateTime={month}>{formatShortMonth(month)}</time> : i18n.t('Total')),
      className: 'whitespace-nowrap',
    },
    ...columns.map(({ key, label }): Column<Row> => ({ header: i18n.known(label), cell: (row) => format(row[key], key), className: 'whitespace-nowrap tabular-nums' })),
  ];
  return (
    <Table<Row>
      label={label}
      columns={tableColumns}
      rows={report.months as readonly Row[]}
      rowKey={(row) => row.month ?? 'total'}
      foot={[{ ...report.totals, month: null } as Row]}
      dense={dense}
    />
  );
}
