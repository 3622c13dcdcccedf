import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { MyListingsTable } from '../../../features/hosting/components/my-listings-table';

export function MyListingsRoute() {
  return (
    <DashboardPage title="My Listings">
      <MyListingsTable />
    </DashboardPage>
  );
}
