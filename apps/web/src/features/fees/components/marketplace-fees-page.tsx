import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useMarketplaceFees } from '../api/use-marketplace-fees';
import { CurrencySection } from './currency-form';
import { FeeHistoryTable } from './fee-history-table';
import { FeesForm } from './fees-form';

/**
 * The marketplace's fees (issue 32, decision 049): what they are, the form that sets them, and who changed them when;
 * and its currency (decision 061).
 */
export function MarketplaceFeesPage() {
  const fees = useMarketplaceFees();

  return (
    <div className="flex flex-col gap-8">
      <div className="flex max-w-3xl flex-col gap-2 text-neutral-700">
        <p>
          The <strong className="font-semibold text-neutral-900">guest service fee</strong> is added to each stay&apos;s price, as its
          &lsquo;Service fee&rsquo; line, and is the marketplace&apos;s. The{' '}
          <strong className="font-semibold text-neutral-900">host commission</strong> is taken from the host&apos;s share of each stay.
        </p>
        <p>A booking keeps the rates it was made with, so a change applies to new bookings only.</p>
      </div>
      {fees.isPending ? (
        <Loader size="short" />
      ) : fees.data ? (
        <>
          <FeesForm current={fees.data.current} />
          <FeeHistoryTable changes={fees.data.history} />
        </>
      ) : (
        <LoadError what="The fees" error={fees.error} onRetry={() => void fees.refetch()} />
      )}
      <CurrencySection />
    </div>
  );
}
