import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { i18n, messageParts } from '../../../lib/i18n';
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
          {messageParts(
            i18n.t(
              "The <0>guest service fee</0> is added to each stay's price, as its ‘Service fee’ line, and is the marketplace's. The <1>host commission</1> is taken from the host's share of each stay.",
            ),
          ).map(({ text, mark }, index) =>
            mark === null ? (
              text
            ) : (
              <strong key={index} className="font-semibold text-neutral-900">
                {text}
              </strong>
            ),
          )}
        </p>
        <p>{i18n.t('A booking keeps the rates it was made with, so a change applies to new bookings only.')}</p>
      </div>
      {fees.isPending ? (
        <Loader size="short" />
      ) : fees.data ? (
        <>
          <FeesForm current={fees.data.current} />
          <FeeHistoryTable changes={fees.data.history} />
        </>
      ) : (
        <LoadError what={i18n.t('The fees')} error={fees.error} onRetry={() => void fees.refetch()} />
      )}
      <CurrencySection />
    </div>
  );
}
