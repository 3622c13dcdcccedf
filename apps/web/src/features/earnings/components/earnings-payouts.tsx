import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { errorMessage } from '../../../lib/form-errors';
import { usePayouts } from '../../payouts/api/use-payouts';
import { PayoutHistory } from '../../payouts/components/payout-history';

/** The host's payouts, newest first, each opening its statement: the Payouts page's list, a page at a time. */
export function EarningsPayouts() {
  const payouts = usePayouts();
  const { data, error, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = payouts;
  if (payouts.isPending) return <Loader size="short" />;
  if (!data) return <LoadError what="Your payouts" error={error} onRetry={() => void payouts.refetch()} />;
  return (
    <PayoutHistory
      payouts={data.pages.flatMap((page) => page.payouts)}
      more={{
        hasMore: hasNextPage,
        loading: isFetchingNextPage,
        loadError: isFetchNextPageError ? errorMessage(error) : null,
        load: () => void fetchNextPage(),
      }}
    />
  );
}
