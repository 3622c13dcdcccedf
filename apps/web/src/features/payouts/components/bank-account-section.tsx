import type { PayoutsPage } from '@staybook/domain/payouts';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { BankAccountForm } from './bank-account-form';
import { PageSection } from '../../../components/page-section';
import { i18n } from '../../../lib/i18n';

type Account = NonNullable<PayoutsPage['account']>;

/**
 * Where the host is paid with the built-in processor: the account in force and a way to change it, or the form at once
 * when there is none. (With Stripe, the host sets up payouts on Stripe's pages: stripe-payouts-section.tsx.)
 */
export function BankAccountSection({ account }: Pick<PayoutsPage, 'account'>) {
  return (
    <PageSection title={i18n.t('Bank account')}>
      {account ? (
        <CurrentAccount account={account} />
      ) : (
        <>
          <p className="text-neutral-700">{i18n.t('Payouts start once you add the bank account they go to.')}</p>
          <BankAccountForm />
        </>
      )}
    </PageSection>
  );
}

function CurrentAccount({ account }: { account: Account }) {
  const [changing, setChanging] = useState(false);
  const close = () => setChanging(false);
  return (
    <>
      <p className="text-neutral-700">
        {account.last4
          ? i18n.t('Payouts go to {name}, account ending in {last4}.', { name: account.holderName, last4: account.last4 })
          : i18n.t('Payouts go to {name}.', { name: account.holderName })}
        {!account.ready && ` ${i18n.t('The account is not ready for payouts yet.')}`}
      </p>
      {changing ? (
        <BankAccountForm holderName={account.holderName} onSaved={close} onCancel={close} />
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setChanging(true)}>
          {i18n.t('Change bank account')}
        </Button>
      )}
    </>
  );
}
