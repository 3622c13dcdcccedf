import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { ManageUsersTable } from '../../../features/users/components/manage-users-table';

export function ManageUsersRoute() {
  return (
    <DashboardPage title="Manage Users">
      <ManageUsersTable />
    </DashboardPage>
  );
}
