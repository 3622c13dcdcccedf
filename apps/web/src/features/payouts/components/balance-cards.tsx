import { formatMoney } from '@staybook/domain/money';
import type { PayoutsPage } from '@staybook/domain/payouts';

type Balances = PayoutsPage['balances'];

interface Card {
  label: string;
  cents: number;
  explain: string;
}

/** The host's money in the order it moves: earned, ready, sent, received. */
function cardsOf(balances: Balances): Card[] {
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
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cardsOf(balances).map(({ label, cents, explain }) => (
          <li key={label} className="flex flex-col gap-1 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
            <h3 className="text-sm text-neutral-600">{label}</h3>
            <p className={`text-2xl font-semibold ${cents < 0 ? 'text-rose-700' : 'text-neutral-900'}`}>{formatMoney(cents)}</p>
            <p className="text-sm text-neutral-600">{explain}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
