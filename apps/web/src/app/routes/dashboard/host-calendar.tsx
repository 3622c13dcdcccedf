import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { HostCalendarPage } from '../../../features/hosting/components/host-calendar-page';
import { i18n } from '../../../lib/i18n';

export function HostCalendarRoute() {
  return (
    <DashboardPage title={i18n.t('Calendar')}>
      <HostCalendarPage />
    </DashboardPage>
  );
}
