import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { PayoutsPage } from '../../../features/payouts/components/payouts-page';
import { i18n } from '../../../lib/i18n';

export function PayoutsRoute() {
  return (
    <DashboardPage title={i18n.t('Payouts')}>
      <PayoutsPage />
    </DashboardPage>
  );
}
