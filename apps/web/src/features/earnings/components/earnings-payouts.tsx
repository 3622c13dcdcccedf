import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { usePayouts } from '../../payouts/api/use-payouts';
import { PayoutHistory } from '../../payouts/components/payout-history';
import { i18n } from '../../../lib/i18n';

/** The host's payouts, newest first, each opening its statement: the Payouts page's list, a page at a time. */
export function EarningsPayouts() {
  const payouts = usePayouts();
  if (payouts.isPending) return <Loader size="short" />;
  if (!payouts.data) return <LoadError what={i18n.t('Your payouts')} error={payouts.error} onRetry={() => void payouts.refetch()} />;
  return <PayoutHistory query={payouts} />;
}
