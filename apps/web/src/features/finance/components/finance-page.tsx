import { FINANCE_COLUMNS } from '@staybook/domain/finance';
import { buttonClass } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { MonthFiguresTable } from '../../../components/month-figures-table';
import { PeriodPicker } from '../../../components/month-period-picker';
import { PageSection, PageWithIntro } from '../../../components/page-section';
import { useMonthReport } from '../../../hooks/use-month-report';
import { i18n } from '../../../lib/i18n';
import { formatShortMonth } from '../../../lib/month-period';
import { financeCsvUrl } from '../api/finance-api';
import { useFinanceReport } from '../api/use-finance-report';
import { OwedToHosts } from './owed-to-hosts';
import { ReconciliationSection } from './reconciliation-section';

/**
 * The marketplace's money as an accountant reads it (decision 049): each month's figures from the ledger for a
 * period (the last 12 months at first), as a table and as a CSV file, what hosts are owed now, and a month's
 * reconciliation with the payment provider. A period being typed that does not hold together keeps the last one
 * that did on screen, and says what is wrong under its field.
 */
export function FinancePage() {
  const { typed, period, change, report, refused, errors } = useMonthReport(useFinanceReport);

  return (
    <PageWithIntro
      intro={i18n.t(
        "The marketplace's money as its ledger records it: what guests paid, what the marketplace kept, the tax collected for hosts, and what went back to guests and out to hosts. Months are calendar months in UTC.",
      )}
    >
      <PageSection
        title={i18n.t('Money by month')}
        intro={i18n.t('{from} to {to}, oldest first.', { from: formatShortMonth(period.from), to: formatShortMonth(period.to) })}
      >
        <div className="flex flex-col gap-x-4 sm:flex-row sm:items-start">
          <PeriodPicker typed={typed} errors={errors} onChange={change} />
          <a href={financeCsvUrl(period)} download className={buttonClass('outline', 'self-start sm:mt-7')}>
            {i18n.t('Download CSV')}
          </a>
        </div>
        {report.isPending ? (
          <Loader size="short" />
        ) : report.isError ? (
          !refused && <LoadError what={i18n.t('The figures')} error={report.error} onRetry={() => void report.refetch()} />
        ) : (
          <div aria-busy={report.isPlaceholderData || undefined} className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
            <MonthFiguresTable label={i18n.t('Money by month')} columns={FINANCE_COLUMNS} report={report.data} dense />
          </div>
        )}
      </PageSection>
      {report.data && !report.isError && <OwedToHosts owed={report.data.owedToHosts} />}
      <ReconciliationSection />
    </PageWithIntro>
  );
}

/**
 * The domain's names of the month table's columns (FINANCE_COLUMNS, which the CSV's header writes in English), for the
 * app's catalog: the table shows them in the page's language.
 */
export const FINANCE_COLUMN_LABELS = [
  /*i18n*/ 'Gross bookings',
  /*i18n*/ 'Guest fees',
  /*i18n*/ 'Commissions',
  /*i18n*/ 'Tax collected',
  /*i18n*/ 'Refunds',
  /*i18n*/ 'Payouts sent',
];
