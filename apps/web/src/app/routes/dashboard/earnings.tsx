import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { EarningsPage } from '../../../features/earnings/components/earnings-page';

export function EarningsRoute() {
  return (
    <DashboardPage title="Earnings">
      <EarningsPage />
    </DashboardPage>
  );
}
