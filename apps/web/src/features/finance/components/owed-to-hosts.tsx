import type { FinanceReport } from '@staybook/domain/finance';
import { MoneyCards, type MoneyCard } from '../../../components/money-cards';
import { PageSection } from '../../../components/page-section';

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
    <PageSection headingId="owed-to-hosts-heading" title="Owed to hosts" intro="As of now, whatever the period chosen above.">
      <MoneyCards cards={cardsOf(owed)} columns={3} />
    </PageSection>
  );
}
