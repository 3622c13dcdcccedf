import { APP_PATHS, OPENED_FROM_PAYOUTS, payoutStatementPath } from '@staybook/domain/app-routes';
import { formatIsoDate } from '@staybook/domain/dates';
import { formatMoney } from '@staybook/domain/money';
import { PAYOUT_STATUS_LABELS, type Payout } from '@staybook/domain/payouts';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/button';
import { Table, type Column } from '../../../components/data-table';
import { errorMessage } from '../../../lib/form-errors';
import type { usePayouts } from '../api/use-payouts';
import { EmptyNote, PageSection } from '../../../components/page-section';
import { i18n } from '../../../lib/i18n';

/** What a payout's date does, read with each date's link (its name stays the date, as the column names it). */
const OPENS_STATEMENT = 'payout-date-opens-statement';

// Written when shown, in the page's language.
const columns = (): readonly Column<Payout>[] => [
  {
    header: i18n.t('Date'),
    // The date opens the payout's statement: the stays it paid, printable.
    cell: (payout) => <StatementLink payout={payout} />,
    className: 'whitespace-nowrap',
  },
  { header: i18n.t('Amount'), cell: (payout) => formatMoney(payout.amountCents), className: 'whitespace-nowrap' },
  {
    header: i18n.t('Status'),
    cell: (payout) => (
      <div className="flex flex-col gap-1">
        <span className={payout.status === 'failed' ? 'font-semibold text-rose-700' : ''}>{i18n.known(PAYOUT_STATUS_LABELS[payout.status])}</span>
        {payout.failureMessage && <span className="max-w-sm text-neutral-600">{i18n.known(payout.failureMessage)}</span>}
      </div>
    ),
  },
  { header: i18n.t('Bank account'), cell: (payout) => (payout.last4 ? `…${payout.last4}` : '—') },
];

/** A payout's date, opening its statement; opened from Payouts, the statement leads back there (else to Earnings). */
function StatementLink({ payout }: { payout: Payout }) {
  const fromPayouts = useLocation().pathname === APP_PATHS.payouts;
  return (
    <Link
      to={payoutStatementPath(payout.id)}
      state={fromPayouts ? OPENED_FROM_PAYOUTS : undefined}
      aria-describedby={OPENS_STATEMENT}
      className="font-semibold text-rose-700 underline underline-offset-2 hover:text-rose-800"
    >
      <time dateTime={payout.asOf}>{formatIsoDate(payout.asOf)}</time>
    </Link>
  );
}

/**
 * The host's payouts, newest first, a page at a time (the pages `usePayouts` has loaded; 'Show more' asks for the next
 * while there is one, and says why the last ask failed), each date opening its statement; before the first, when it
 * will come. The Payouts and Earnings pages both show it.
 */
export function PayoutHistory({ query }: { query: ReturnType<typeof usePayouts> }) {
  const payouts = query.data?.pages.flatMap((page) => page.payouts) ?? [];
  const more = {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    loadError: query.isFetchNextPageError ? errorMessage(query.error) : null,
    load: () => void query.fetchNextPage(),
  };
  return (
    <PageSection title={i18n.t('Payout history')}>
      {payouts.length === 0 ? (
        <EmptyNote>{i18n.t('No payouts yet. Your first payout is sent the day after your first guest checks in.')}</EmptyNote>
      ) : (
        <>
          <p id={OPENS_STATEMENT} className="text-sm text-neutral-600">
            {i18n.t('Open a payout’s date for its statement: the stays it paid, ready to print.')}
          </p>
          <Table label={i18n.t('Payout history')} columns={columns()} rows={payouts} rowKey={(payout) => payout.id} />
        </>
      )}
      {more.loadError !== null && (
        <p role="alert" className="text-center text-rose-600">
          {more.loadError}
        </p>
      )}
      {more.hasMore && (
        <Button variant="outline" className="self-center" pending={more.loading} onClick={more.load}>
          {i18n.t('Show more')}
        </Button>
      )}
    </PageSection>
  );
}
