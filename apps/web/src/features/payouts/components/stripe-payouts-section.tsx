import type { PayoutsPage } from '@staybook/domain/payouts';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/form-errors';
import { useStripeOnboarding } from '../api/use-stripe-onboarding';
import { PageSection } from '../../../components/page-section';
import { i18n } from '../../../lib/i18n';

type Account = PayoutsPage['account'];

/** Where the host stands with Stripe: what the section is called, what it says, and what its button does. */
function stateOf(account: Account) {
  if (!account) {
    return {
      heading: i18n.t('Set up payouts'),
      text: i18n.t('Stripe, our payments partner, sends your payouts. It asks who you are and which bank account to pay, on its own secure pages; it takes a few minutes.'),
      action: i18n.t('Set up payouts with Stripe'),
    };
  }
  if (!account.ready) {
    return {
      heading: i18n.t('Finish setting up payouts'),
      text: i18n.t('Stripe needs a few more details before it can send your payouts. Until then your earnings wait safely in your available balance. If you have just finished, Stripe may still be checking your details: this page shows when it is done.'),
      action: i18n.t('Continue with Stripe'),
    };
  }
  return {
    heading: i18n.t('Ready for payouts'),
    text: account.last4
      ? i18n.t('Stripe sends your payouts to your bank account ending in {last4}.', { last4: account.last4 })
      : i18n.t('Stripe sends your payouts to the bank account you gave it.'),
    action: null,
  };
}

/**
 * Payouts through Stripe Connect: a host sets them up on Stripe's own pages (the button leaves for them), comes back
 * here, and reads whether Stripe can pay them yet. The server decides which Stripe account is the host's.
 */
export function StripePayoutsSection({ account }: { account: Account }) {
  const onboarding = useStripeOnboarding();
  const { heading, text, action } = stateOf(account);
  // Still busy once the answer came: the browser is on its way to Stripe.
  const leaving = onboarding.isPending || onboarding.isSuccess;
  return (
    <PageSection title={heading}>
      <p className="max-w-2xl text-neutral-700">{text}</p>
      {action && (
        <>
          <Button className="self-start" pending={leaving} onClick={() => onboarding.mutate()}>
            {action}
          </Button>
          <p className="text-sm text-neutral-600">{i18n.t('You will leave StayBook for Stripe, and come back to this page when you are done.')}</p>
        </>
      )}
      {onboarding.isError && (
        <p role="alert" className="text-rose-600">
          {errorMessage(onboarding.error)}
        </p>
      )}
    </PageSection>
  );
}
