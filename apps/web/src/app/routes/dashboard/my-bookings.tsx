import { BookingsTable } from '../../../features/bookings/components/bookings-table';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { i18n } from '../../../lib/i18n';

export function MyBookingsRoute() {
  return (
    <DashboardPage title={i18n.t('My Bookings')}>
      <BookingsTable view="mine" />
    </DashboardPage>
  );
}
