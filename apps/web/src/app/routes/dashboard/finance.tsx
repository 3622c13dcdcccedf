import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { FinancePage } from '../../../features/finance/components/finance-page';

export function FinanceRoute() {
  return (
    <DashboardPage title="Finance">
      <FinancePage />
    </DashboardPage>
  );
}
