import type { FinanceReport } from '@staybook/domain/finance';
import { MoneyCards, type MoneyCard } from '../../../components/money-cards';

type Owed = FinanceReport['owedToHosts'];

/** What the marketplace holds for hosts, in the order it moves to them. */
function cardsOf({ pendingCents, availableCents, inTransitCents }: Owed): MoneyCard[] {
  return [
    { label: 'Pending', cents: pendingCents, explain: "Hosts' shares of stays not yet 24 hours past check-in, with their tax." },
    { label: 'Available', cents: availableCents, explain: 'Released to hosts and paid in the next daily payout, less refunds taken back after one.' },
    { label: 'On its way', cents: inTransitCents, explain: "Payouts sent to hosts' banks and not yet confirmed by them." },
  ];
}

/** What the marketplace owes hosts now, whatever the period shown above, each with what it means. */
export function OwedToHosts({ owed }: { owed: Owed }) {
  return (
    <section aria-labelledby="owed-to-hosts-heading" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="owed-to-hosts-heading" className="text-lg font-semibold text-neutral-900">
          Owed to hosts
        </h2>
        <p className="text-sm text-neutral-600">As of now, whatever the period chosen above.</p>
      </div>
      <MoneyCards cards={cardsOf(owed)} columns={3} />
    </section>
  );
}
