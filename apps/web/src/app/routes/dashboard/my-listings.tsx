import { PRODUCT_NAME } from '@staybook/domain/product';
import { DashboardPageHeading } from '../../../features/dashboard/components/dashboard-page-heading';
import { MyListingsTable } from '../../../features/hosting/components/my-listings-table';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function MyListingsRoute() {
  useDocumentTitle(`My Listings | ${PRODUCT_NAME}`);
  return (
    <section className="flex flex-col gap-6">
      <DashboardPageHeading title="My Listings" />
      <MyListingsTable />
    </section>
  );
}
