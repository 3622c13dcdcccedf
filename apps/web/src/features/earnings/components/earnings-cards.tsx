import type { EarningsBalances } from '@staybook/domain/earnings';
import { MoneyCards, type MoneyCard } from '../../../components/money-cards';

/** The host's money in the order it moves: upcoming, available, on its way, paid out. */
function cardsOf({ upcomingCents, availableCents, inTransitCents, paidCents }: EarningsBalances): MoneyCard[] {
  return [
    { label: 'Upcoming', cents: upcomingCents, explain: 'Your share and its tax for stays not yet 24 hours past check-in.' },
    {
      label: 'Available',
      cents: availableCents,
      explain:
        availableCents < 0
          ? 'A guest was refunded after you had been paid for their stay: this amount is taken from your next payout.'
          : 'Released to you, and paid to your bank account once a day.',
    },
    { label: 'On its way', cents: inTransitCents, explain: 'Payouts sent to your bank and not yet confirmed by it.' },
    { label: 'Paid out', cents: paidCents, explain: 'Everything your bank has received from us so far.' },
  ];
}

/** What the host holds now, whatever the months chosen below. */
export function EarningsCards({ balances }: { balances: EarningsBalances }) {
  return (
    <section aria-labelledby="earnings-now-heading" className="flex flex-col gap-3">
      <h2 id="earnings-now-heading" className="text-lg font-semibold text-neutral-900">
        Your money now
      </h2>
      <MoneyCards cards={cardsOf(balances)} columns={4} />
    </section>
  );
}
