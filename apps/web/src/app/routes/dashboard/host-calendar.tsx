import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { HostCalendarPage } from '../../../features/hosting/components/host-calendar-page';

export function HostCalendarRoute() {
  return (
    <DashboardPage title="Calendar">
      <HostCalendarPage />
    </DashboardPage>
  );
}
