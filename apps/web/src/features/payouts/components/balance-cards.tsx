import type { PayoutsPage } from '@staybook/domain/payouts';
import { MoneyCards, type MoneyCard } from '../../../components/money-cards';

type Balances = PayoutsPage['balances'];

/** The host's money in the order it moves: earned, ready, sent, received. */
function cardsOf(balances: Balances): MoneyCard[] {
  const { pendingCents, availableCents, inTransitCents, paidCents } = balances;
  return [
    { label: 'Pending', cents: pendingCents, explain: 'Your share of a stay becomes available 24 hours after check-in.' },
    {
      label: 'Available',
      cents: availableCents,
      explain:
        availableCents < 0
          ? 'A guest was refunded after you had been paid for their stay: this amount is taken from your next payout.'
          : 'Paid to your bank account once a day.',
    },
    { label: 'On its way', cents: inTransitCents, explain: 'Payouts sent to your bank and not yet confirmed by it.' },
    { label: 'Paid out', cents: paidCents, explain: 'Everything your bank has received from us so far.' },
  ];
}

/** The host's four balances, each with what it means. */
export function BalanceCards({ balances }: { balances: Balances }) {
  return (
    <section aria-labelledby="balances-heading" className="flex flex-col gap-3">
      <h2 id="balances-heading" className="text-lg font-semibold text-neutral-900">
        Balances
      </h2>
      <MoneyCards cards={cardsOf(balances)} columns={4} />
    </section>
  );
}
