import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { EarningsPage } from '../../../features/earnings/components/earnings-page';
import { i18n } from '../../../lib/i18n';

export function EarningsRoute() {
  return (
    <DashboardPage title={i18n.t('Earnings')}>
      <EarningsPage />
    </DashboardPage>
  );
}
