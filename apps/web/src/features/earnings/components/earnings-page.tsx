import type { EarningsQuery } from '@staybook/domain/earnings';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { PeriodPicker } from '../../../components/month-period-picker';
import { checkPeriod, defaultPeriod, formatShortMonth, refusedMonths } from '../../../lib/month-period';
import { useEarnings } from '../api/use-earnings';
import { EarningsPayouts } from './earnings-payouts';
import { EntriesDownload } from './entries-download';
import { ListingEarningsTable } from './listing-earnings-table';
import { MonthEarningsTable } from './month-earnings-table';
import { HostBalanceCards } from '../../../components/host-balance-cards';

/**
 * A host's earnings (decision 049), from the ledger: what they hold now, each listing's money, each month's for a
 * period (the last 12 months at first), their entries as a CSV file, and their payouts, each opening its statement.
 * A period being typed that does not hold together keeps the last one that did on screen, and says what is wrong
 * under its field.
 */
export function EarningsPage() {
  const [typed, setTyped] = useState(defaultPeriod);
  const [period, setPeriod] = useState<EarningsQuery>(typed);
  const report = useEarnings(period);
  const checked = checkPeriod(typed);
  const refused = refusedMonths(report.error);

  const changePeriod = (next: EarningsQuery) => {
    setTyped(next);
    const nextChecked = checkPeriod(next);
    if ('period' in nextChecked) setPeriod(nextChecked.period);
  };

  if (report.isPending) return <Loader size="short" />;
  const data = report.data;
  return (
    <div className="flex flex-col gap-8">
      <p className="max-w-3xl text-neutral-700">
        What your stays earn you: your share of each stay after the marketplace&apos;s commission, with the tax collected for
        you to remit. Your share becomes available 24 hours after check-in and is paid to your bank once a day.
      </p>
      {data ? (
        <>
          <HostBalanceCards
            balances={{ ...data.balances, pendingCents: data.balances.upcomingCents }}
            heading="Your money now"
            headingId="earnings-now-heading"
          />
          <ListingEarningsTable listings={data.listings} />
        </>
      ) : (
        !refused && <LoadError what="Your earnings" error={report.error} onRetry={() => void report.refetch()} />
      )}
      <section aria-labelledby="by-month-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="by-month-heading" className="text-lg font-semibold text-neutral-900">
            By month
          </h2>
          <p className="text-sm text-neutral-600">{`${formatShortMonth(period.from)} to ${formatShortMonth(period.to)}, oldest first. Months are calendar months in UTC.`}</p>
        </div>
        <PeriodPicker typed={typed} errors={'errors' in checked ? checked.errors : (refused ?? {})} onChange={changePeriod} />
        {data && (
          <div aria-busy={report.isPlaceholderData || undefined} className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
            <MonthEarningsTable report={data} />
          </div>
        )}
      </section>
      <EntriesDownload />
      <EarningsPayouts />
    </div>
  );
}
