import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { PayoutsPage } from '../../../features/payouts/components/payouts-page';

export function PayoutsRoute() {
  return (
    <DashboardPage title="Payouts">
      <PayoutsPage />
    </DashboardPage>
  );
}
