import { EARNINGS_MONTH_COLUMNS, type MonthEarningsFigures } from '@staybook/domain/earnings';
import { formatMoney } from '@staybook/domain/money';
import { HostBalanceCards } from '../../../components/host-balance-cards';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { MonthFiguresTable } from '../../../components/month-figures-table';
import { PeriodPicker } from '../../../components/month-period-picker';
import { PageSection, PageWithIntro } from '../../../components/page-section';
import { useMonthReport } from '../../../hooks/use-month-report';
import { formatShortMonth } from '../../../lib/month-period';
import { useEarnings } from '../api/use-earnings';
import { formatTakenBack } from '../utils/money-text';
import { EarningsPayouts } from './earnings-payouts';
import { EntriesDownload } from './entries-download';
import { ListingEarningsTable } from './listing-earnings-table';
import { i18n } from '../../../lib/i18n';

/** A month's figure: refunds read as what they took back. */
function formatMonthFigure(cents: number, key: keyof MonthEarningsFigures): string {
  return key === 'refundedCents' ? formatTakenBack(cents) : formatMoney(cents);
}

/**
 * A host's earnings (decision 049), from the ledger: what they hold now, each listing's money, each month's for a
 * period (the last 12 months at first), their entries as a CSV file, and their payouts, each opening its statement.
 * A period being typed that does not hold together keeps the last one that did on screen, and says what is wrong
 * under its field.
 */
export function EarningsPage() {
  const { typed, period, change, report, refused, errors } = useMonthReport(useEarnings);

  if (report.isPending) return <Loader size="short" />;
  const data = report.data;
  return (
    <PageWithIntro
      intro={i18n.t(
        "What your stays earn you: your share of each stay after the marketplace's commission, with the tax collected for you to remit. Your share becomes available 24 hours after check-in and is paid to your bank once a day.",
      )}
    >
      {data ? (
        <>
          <HostBalanceCards
            balances={{ ...data.balances, pendingCents: data.balances.upcomingCents }}
            heading={i18n.t('Your money now')}
          />
          <ListingEarningsTable listings={data.listings} />
        </>
      ) : (
        !refused && <LoadError what={i18n.t('Your earnings')} error={report.error} onRetry={() => void report.refetch()} />
      )}
      <PageSection
        title={i18n.t('By month')}
        intro={i18n.t('{from} to {to}, oldest first. Months are calendar months in UTC.', { from: formatShortMonth(period.from), to: formatShortMonth(period.to) })}
      >
        <PeriodPicker typed={typed} errors={errors} onChange={change} />
        {data && (
          <div aria-busy={report.isPlaceholderData || undefined} className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
            <MonthFiguresTable label={i18n.t('Earnings by month')} columns={EARNINGS_MONTH_COLUMNS} report={data} format={formatMonthFigure} />
          </div>
        )}
      </PageSection>
      <EntriesDownload />
      <EarningsPayouts />
    </PageWithIntro>
  );
}
