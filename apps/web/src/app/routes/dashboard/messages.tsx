import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { ThreadList } from '../../../features/messages/components/thread-list';
import { i18n } from '../../../lib/i18n';

export function MessagesRoute() {
  return (
    <DashboardPage title={i18n.t('Messages')}>
      <ThreadList />
    </DashboardPage>
  );
}
