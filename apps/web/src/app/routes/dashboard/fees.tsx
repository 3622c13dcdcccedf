import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { MarketplaceFeesPage } from '../../../features/fees/components/marketplace-fees-page';
import { i18n } from '../../../lib/i18n';

export function MarketplaceFeesRoute() {
  return (
    <DashboardPage title={i18n.t('Fees')}>
      <MarketplaceFeesPage />
    </DashboardPage>
  );
}
