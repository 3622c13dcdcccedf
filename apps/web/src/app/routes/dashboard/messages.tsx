import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { ThreadList } from '../../../features/messages/components/thread-list';

export function MessagesRoute() {
  return (
    <DashboardPage title="Messages">
      <ThreadList />
    </DashboardPage>
  );
}
