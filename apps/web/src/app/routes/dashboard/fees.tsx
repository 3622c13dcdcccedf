import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { MarketplaceFeesPage } from '../../../features/fees/components/marketplace-fees-page';

export function MarketplaceFeesRoute() {
  return (
    <DashboardPage title="Fees">
      <MarketplaceFeesPage />
    </DashboardPage>
  );
}
