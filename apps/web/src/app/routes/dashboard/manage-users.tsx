import { PRODUCT_NAME } from '@staybook/domain/product';
import { DashboardPageHeading } from '../../../features/dashboard/components/dashboard-page-heading';
import { ManageUsersTable } from '../../../features/users/components/manage-users-table';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function ManageUsersRoute() {
  useDocumentTitle(`Manage Users | ${PRODUCT_NAME}`);
  return (
    <section className="flex flex-col gap-6">
      <DashboardPageHeading title="Manage Users" />
      <ManageUsersTable />
    </section>
  );
}
