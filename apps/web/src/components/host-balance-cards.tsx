import { MoneyCards, type MoneyCard } from './money-cards';
import { PageSection } from './page-section';
import { i18n } from '../lib/i18n';

/** A host's money now, as the Payouts and Earnings pages both show it. */
export type HostBalances = { pendingCents: number; availableCents: number; inTransitCents: number; paidCents: number };

/** The host's money in the order it moves: pending, available, on its way, paid out; each with what it means. */
function cardsOf({ pendingCents, availableCents, inTransitCents, paidCents }: HostBalances): MoneyCard[] {
  return [
    { label: i18n.t('Pending'), cents: pendingCents, explain: i18n.t('Your share of a stay (and the tax on it) becomes available 24 hours after check-in.') },
    {
      label: i18n.t('Available'),
      cents: availableCents,
      explain:
        availableCents < 0
          ? i18n.t('A guest was refunded after you had been paid for their stay: this amount is taken from your next payout.')
          : i18n.t('Paid to your bank account once a day.'),
    },
    { label: i18n.t('On its way'), cents: inTransitCents, explain: i18n.t('Payouts sent to your bank and not yet confirmed by it.') },
    { label: i18n.t('Paid out'), cents: paidCents, explain: i18n.t('Everything your bank has received from us so far.') },
  ];
}

/** The host's four balances under `heading` (the Payouts page's 'Balances', Earnings' 'Your money now'). */
export function HostBalanceCards({ balances, heading }: { balances: HostBalances; heading: string }) {
  return (
    <PageSection title={heading}>
      <MoneyCards cards={cardsOf(balances)} columns={4} />
    </PageSection>
  );
}
