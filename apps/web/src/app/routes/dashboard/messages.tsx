import { PRODUCT_NAME } from '@staybook/domain/product';
import { DashboardPageHeading } from '../../../features/dashboard/components/dashboard-page-heading';
import { ThreadList } from '../../../features/messages/components/thread-list';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function MessagesRoute() {
  useDocumentTitle(`Messages | ${PRODUCT_NAME}`);
  return (
    <section className="flex flex-col gap-6">
      <DashboardPageHeading title="Messages" />
      <ThreadList />
    </section>
  );
}
