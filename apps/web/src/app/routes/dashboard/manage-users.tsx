import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { ManageUsersTable } from '../../../features/users/components/manage-users-table';
import { i18n } from '../../../lib/i18n';

export function ManageUsersRoute() {
  return (
    <DashboardPage title={i18n.t('Manage Users')}>
      <ManageUsersTable />
    </DashboardPage>
  );
}
