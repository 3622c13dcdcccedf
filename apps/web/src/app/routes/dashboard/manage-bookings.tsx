import { BookingsTable } from '../../../features/bookings/components/bookings-table';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';

export function ManageBookingsRoute() {
  return (
    <DashboardPage title="Manage Bookings">
      <BookingsTable view="managed" />
    </DashboardPage>
  );
}
