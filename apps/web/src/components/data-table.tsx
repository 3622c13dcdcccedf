import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorScreen } from './error-screen';
import { Loader } from './loader';
import { ShowMore } from './show-more';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for this column's cells (e.g. `capitalize`). */
  className?: string;
}

/** A page of a cursor-paginated list, as every list endpoint answers. */
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

interface DataTableProps<T> {
  /** Names the table for screen readers (the page's heading says the same to everyone else). */
  label: string;
  columns: readonly Column<T>[];
  /** The list, a page at a time; 'Show more' asks for the next page while there is one. */
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  rowKey: (row: T) => string;
  /** Shown instead of the table when the list is empty. */
  empty: ReactNode;
  /** Narrower gaps between columns, for a table with many (its actions fit a laptop's width without scrolling). */
  dense?: boolean;
}

/** A dashboard table of a list that comes a page at a time, with 'Show more' under it while there is more. */
export function DataTable<T>({ label, columns, query, rowKey, empty, dense = false }: DataTableProps<T>) {
  const { data, error, isPending, isFetchNextPageError } = query;

  if (isPending) return <Loader />;
  if (!data) return <ErrorScreen message={error?.message} />;
  const rows = data.pages.flatMap((page) => page.items);
  if (rows.length === 0) return <>{empty}</>;

  return (
    <div>
      <Table label={label} columns={columns} rows={rows} rowKey={rowKey} dense={dense} />
      {isFetchNextPageError && (
        <p role="alert" className="mt-6 text-center text-rose-600">
          {error?.message}
        </p>
      )}
      <ShowMore pages={query} className="mt-6" />
    </div>
  );
}

interface TableProps<T> {
  /** Names the table for screen readers (the page's heading says the same to everyone else). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Rows that sum up the others (a total), in the table's foot, drawn in bold. */
  foot?: readonly T[];
  /** Narrower gaps between columns, for a table with many. */
  dense?: boolean;
}

const ROW_CLASS = 'block rounded-xl border border-neutral-200 py-2 sm:table-row sm:rounded-none sm:border-0 sm:py-0';
const CELL_CLASS =
  'flex items-center justify-between gap-4 px-4 py-2 text-right text-sm text-neutral-900 before:shrink-0 before:text-xs before:font-semibold before:tracking-wide before:text-neutral-600 before:uppercase before:content-[attr(data-label)] sm:table-cell sm:py-4 sm:text-left sm:before:content-none';
const HEAD_CLASS = 'py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-neutral-600 uppercase';
/** A column's side gaps from `sm` up (below it, a card's cells keep theirs). */
const GAP = { usual: 'sm:px-5', dense: 'sm:px-3' } as const;

/**
 * The dashboard's tables. From `sm` up, a table; below it, each row is a card whose cells carry
 * their column's name (drawn by CSS from `data-label`, so it is not part of the cell's text).
 */
export function Table<T>({ label, columns, rows, rowKey, foot = [], dense = false }: TableProps<T>) {
  const gap = dense ? GAP.dense : GAP.usual;
  const row = (item: T, className = '') => (
    <tr key={rowKey(item)} className={`${ROW_CLASS} ${className}`}>
      {columns.map((column) => (
        <td key={column.header} data-label={column.header} className={`${CELL_CLASS} ${gap} ${column.className ?? ''}`}>
          {column.cell(item)}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="sm:overflow-x-auto sm:rounded-xl sm:border sm:border-neutral-200">
      <table aria-label={label} className="block w-full bg-white sm:table sm:min-w-full">
        <thead className="sr-only bg-neutral-50 sm:not-sr-only sm:table-header-group">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`${HEAD_CLASS} ${dense ? 'px-3' : 'px-5'}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="flex flex-col gap-4 sm:table-row-group sm:divide-y sm:divide-neutral-200 sm:border-t sm:border-neutral-200">
          {rows.map((item) => row(item))}
        </tbody>
        {foot.length > 0 && (
          <tfoot className="mt-4 flex flex-col gap-4 font-semibold sm:table-footer-group sm:divide-y sm:divide-neutral-200 sm:border-t-2 sm:border-neutral-300 sm:bg-neutral-50">
            {foot.map((item) => row(item, 'bg-neutral-50'))}
          </tfoot>
        )}
      </table>
    </div>
  );
}
