import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { MyListingsTable } from '../../../features/hosting/components/my-listings-table';
import { i18n } from '../../../lib/i18n';

export function MyListingsRoute() {
  return (
    <DashboardPage title={i18n.t('My Listings')}>
      <MyListingsTable />
    </DashboardPage>
  );
}
