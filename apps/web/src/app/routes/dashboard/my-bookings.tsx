import { BookingsTable } from '../../../features/bookings/components/bookings-table';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';

export function MyBookingsRoute() {
  return (
    <DashboardPage title="My Bookings">
      <BookingsTable view="mine" />
    </DashboardPage>
  );
}
