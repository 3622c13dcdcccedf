import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { usePayouts } from '../api/use-payouts';
import { BankAccountSection } from './bank-account-section';
import { PayoutHistory } from './payout-history';
import { StripePayoutsSection } from './stripe-payouts-section';
import { HostBalanceCards } from '../../../components/host-balance-cards';
import { i18n } from '../../../lib/i18n';

/**
 * A host's payouts (decision 049): what they hold, where they are paid (a bank account with the built-in processor;
 * their Stripe account, set up on Stripe's pages, with Stripe), and what was paid when. The account and balances are
 * the first page's; later pages add older payouts.
 */
export function PayoutsPage() {
  const payouts = usePayouts();
  const { data, error } = payouts;

  if (payouts.isPending) return <Loader size="short" />;
  const [first] = data?.pages ?? [];
  if (!data || !first) return <LoadError what={i18n.t('Your payouts')} error={error} onRetry={() => void payouts.refetch()} />;

  return (
    <div className="flex flex-col gap-8">
      <HostBalanceCards balances={first.balances} heading={i18n.t('Balances')} />
      {first.setup === 'stripe-onboarding' ? <StripePayoutsSection account={first.account} /> : <BankAccountSection account={first.account} />}
      <PayoutHistory query={payouts} />
    </div>
  );
}
