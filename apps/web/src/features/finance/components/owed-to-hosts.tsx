import type { FinanceReport } from '@staybook/domain/finance';
import { formatMoney } from '@staybook/domain/money';

type Owed = FinanceReport['owedToHosts'];

/** What the marketplace holds for hosts, in the order it moves to them. */
function cardsOf({ pendingCents, availableCents, inTransitCents }: Owed) {
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
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {cardsOf(owed).map(({ label, cents, explain }) => (
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
