import type { FinanceReport } from '@staybook/domain/finance';
import { MoneyCards, type MoneyCard } from '../../../components/money-cards';
import { PageSection } from '../../../components/page-section';
import { i18n } from '../../../lib/i18n';

type Owed = FinanceReport['owedToHosts'];

/** What the marketplace holds for hosts, in the order it moves to them. */
function cardsOf({ pendingCents, availableCents, inTransitCents }: Owed): MoneyCard[] {
  return [
    { label: i18n.t('Pending'), cents: pendingCents, explain: i18n.t("Hosts' shares of stays not yet 24 hours past check-in, with their tax.") },
    {
      label: i18n.t('Available'),
      cents: availableCents,
      explain: i18n.t('Released to hosts and paid in the next daily payout, less refunds taken back after one.'),
    },
    { label: i18n.t('On its way'), cents: inTransitCents, explain: i18n.t("Payouts sent to hosts' banks and not yet confirmed by them.") },
  ];
}

/** What the marketplace owes hosts now, whatever the period shown above, each with what it means. */
export function OwedToHosts({ owed }: { owed: Owed }) {
  return (
    <PageSection title={i18n.t('Owed to hosts')} intro={i18n.t('As of now, whatever the period chosen above.')}>
      <MoneyCards cards={cardsOf(owed)} columns={3} />
    </PageSection>
  );
}
