import { PRODUCT_NAME } from '@staybook/domain';
import { ComingSoonPanel } from '../../../features/dashboard/components/coming-soon-panel';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function MyBookingsRoute() {
  useDocumentTitle(`My Bookings | ${PRODUCT_NAME}`);
  return <ComingSoonPanel title="My Bookings" />;
}
