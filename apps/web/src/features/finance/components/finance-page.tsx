import type { FinanceQuery } from '@staybook/domain/finance';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { PeriodPicker } from '../../../components/month-period-picker';
import { checkPeriod, defaultPeriod, formatShortMonth, refusedMonths } from '../../../lib/month-period';
import { financeCsvUrl } from '../api/finance-api';
import { useFinanceReport } from '../api/use-finance-report';
import { FinanceTable } from './finance-table';
import { OwedToHosts } from './owed-to-hosts';
import { ReconciliationSection } from './reconciliation-section';

/**
 * The marketplace's money as an accountant reads it (decision 049): each month's figures from the ledger for a
 * period (the last 12 months at first), as a table and as a CSV file, what hosts are owed now, and a month's
 * reconciliation with the payment provider. A period being typed that does not hold together keeps the last one
 * that did on screen, and says what is wrong under its field.
 */
export function FinancePage() {
  const [typed, setTyped] = useState(defaultPeriod);
  const [period, setPeriod] = useState<FinanceQuery>(typed);
  const report = useFinanceReport(period);
  const checked = checkPeriod(typed);
  const refused = refusedMonths(report.error);

  const changePeriod = (next: FinanceQuery) => {
    setTyped(next);
    const nextChecked = checkPeriod(next);
    if ('period' in nextChecked) setPeriod(nextChecked.period);
  };

  return (
    <div className="flex flex-col gap-8">
      <p className="max-w-3xl text-neutral-700">
        The marketplace&apos;s money as its ledger records it: what guests paid, what the marketplace kept, the tax collected
        for hosts, and what went back to guests and out to hosts. Months are calendar months in UTC.
      </p>
      <section aria-labelledby="money-by-month-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="money-by-month-heading" className="text-lg font-semibold text-neutral-900">
            Money by month
          </h2>
          <p className="text-sm text-neutral-600">{`${formatShortMonth(period.from)} to ${formatShortMonth(period.to)}, oldest first.`}</p>
        </div>
        <div className="flex flex-col gap-x-4 sm:flex-row sm:items-start">
          <PeriodPicker typed={typed} errors={'errors' in checked ? checked.errors : (refused ?? {})} onChange={changePeriod} />
          <a href={financeCsvUrl(period)} download className={buttonClass('outline', 'self-start sm:mt-7')}>
            Download CSV
          </a>
        </div>
        {report.isPending ? (
          <Loader size="short" />
        ) : report.isError ? (
          !refused && <LoadError what="The figures" error={report.error} onRetry={() => void report.refetch()} />
        ) : (
          <div aria-busy={report.isPlaceholderData || undefined} className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
            <FinanceTable report={report.data} />
          </div>
        )}
      </section>
      {report.data && !report.isError && <OwedToHosts owed={report.data.owedToHosts} />}
      <ReconciliationSection />
    </div>
  );
}
