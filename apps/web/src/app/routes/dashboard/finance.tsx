import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { FinancePage } from '../../../features/finance/components/finance-page';
import { i18n } from '../../../lib/i18n';

export function FinanceRoute() {
  return (
    <DashboardPage title={i18n.t('Finance')}>
      <FinancePage />
    </DashboardPage>
  );
}
