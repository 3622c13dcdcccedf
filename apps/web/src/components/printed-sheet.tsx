import { PRODUCT_NAME } from '@staybook/domain/product';
import type { ReactNode } from 'react';
import { FaArrowLeft, FaPrint } from 'react-icons/fa';
import { Link } from 'react-router';
import { Button } from './button';
import { i18n } from '../lib/i18n';

/*
 * The parts of a printable sheet (the trip's receipt, a payout's statement): titled blocks of terms and values that
 * keep together on paper.
 */

/**
 * A page of its own, outside the dashboard's frame (its own main landmark): the way back and a Print button above
 * the sheet, which is all that prints. The sheet opens with its title and the marketplace as its issuer. `wide` for
 * a sheet with a table of several columns.
 */
export function PrintedSheet({
  back,
  title,
  wide = false,
  children,
}: {
  back: { to: string; state?: unknown; label: string };
  /** The sheet's title (its h1, which names it), the line under it, and what the marketplace is on it ('Seller'). */
  title: { id: string; text: string; subtitle: string; issuer: string };
  wide?: boolean;
  children: ReactNode;
}) {
  const width = wide ? 'max-w-4xl' : 'max-w-2xl';
  return (
    <main className="min-h-screen bg-neutral-100 px-4 py-8 print:min-h-0 print:bg-white print:p-0">
      <div className={`mx-auto mb-6 flex ${width} flex-wrap items-center justify-between gap-3 print:hidden`}>
        <Link to={back.to} state={back.state} className="inline-flex items-center gap-2 text-sm font-semibold text-neutral-700 hover:text-neutral-900">
          <FaArrowLeft aria-hidden="true" />
          {back.label}
        </Link>
        <Button onClick={() => window.print()}>
          <FaPrint aria-hidden="true" />
          {i18n.t('Print')}
        </Button>
      </div>
      <article
        aria-labelledby={title.id}
        className={`mx-auto flex ${width} flex-col gap-6 rounded-xl bg-white p-8 text-sm text-neutral-900 shadow-sm print:max-w-none print:gap-4 print:rounded-none print:p-0 print:shadow-none`}
      >
        <header className="flex items-start justify-between gap-6 border-b border-neutral-300 pb-4">
          <div>
            <h1 id={title.id} className="text-3xl font-bold">
              {title.text}
            </h1>
            <p className="mt-1 text-neutral-600">{title.subtitle}</p>
          </div>
          <div className="text-right">
            <p className="text-lg font-bold text-rose-600">{PRODUCT_NAME}</p>
            <p className="text-neutral-600">{title.issuer}</p>
          </div>
        </header>
        {children}
      </article>
    </main>
  );
}

/** The sheet's blocks side by side, two to a row (one on a narrow screen). */
export function SheetColumns({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 print:grid-cols-2">{children}</div>;
}

/** A titled block of terms and values, never split across two printed pages. */
export function SheetBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{title}</h2>
      <dl className="divide-y divide-neutral-200">{children}</dl>
    </section>
  );
}

/** One term and its value; `strong` for a total. */
export function SheetRow({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-6 py-1.5 print:py-1 ${strong ? 'font-semibold' : ''}`}>
      <dt className={`shrink-0 ${strong ? '' : 'text-neutral-600'}`}>{term}</dt>
      <dd className="min-w-0 text-right wrap-anywhere">{value}</dd>
    </div>
  );
}
