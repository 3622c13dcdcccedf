/*
 * The ledger read month by month, as the Finance and Earnings pages show it: UTC months, every month of the period
 * (those without journals at 0) and their totals.
 */
import { addMonths } from '@staybook/domain';

/** The first instant of a month, UTC: the ledger's reports count journals by their UTC month. */
export function monthStart(month: string): string {
  return `${month}-01T00:00:00Z`;
}

/** A month's sums as SQL answers them: each figure as text, keyed by the figure's name, and the month ('YYYY-MM'). */
export type MonthSums<K extends string> = Record<K, string> & { month: string };

/**
 * Every month from `from` to `to`, each with its figures from `rows` (a month with no row has 0 for each), and the
 * figures' totals over the period. `columns` names the figures, in the order the page shows them.
 */
export function monthsAndTotals<K extends string>(
  rows: readonly MonthSums<K>[],
  columns: readonly { key: K }[],
  { from, to }: { from: string; to: string },
): { months: ({ month: string } & Record<K, number>)[]; totals: Record<K, number> } {
  const zero = () => Object.fromEntries(columns.map(({ key }) => [key, 0])) as Record<K, number>;
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const months: ({ month: string } & Record<K, number>)[] = [];
  const totals = zero();
  for (let month = from; month <= to; month = addMonths(month, 1)) {
    const row = byMonth.get(month);
    const figures = zero();
    for (const { key } of columns) {
      figures[key] = row ? Number(row[key]) : 0;
      totals[key] += figures[key];
    }
    months.push({ month, ...figures });
  }
  return { months, totals };
}
