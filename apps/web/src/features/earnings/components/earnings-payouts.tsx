import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { usePayouts } from '../../payouts/api/use-payouts';
import { PayoutHistory } from '../../payouts/components/payout-history';

/** The host's payouts, newest first, each opening its statement: the Payouts page's list, a page at a time. */
export function EarningsPayouts() {
  const payouts = usePayouts();
  if (payouts.isPending) return <Loader size="short" />;
  if (!payouts.data) return <LoadError what="Your payouts" error={payouts.error} onRetry={() => void payouts.refetch()} />;
  return <PayoutHistory query={payouts} />;
}
