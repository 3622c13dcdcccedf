import { PRODUCT_NAME } from '@staybook/domain';
import { ComingSoonPanel } from '../../../features/dashboard/components/coming-soon-panel';
import { useDocumentTitle } from '../../../hooks/use-document-title';

export function AddRoomRoute() {
  useDocumentTitle(`Add Room | ${PRODUCT_NAME}`);
  return <ComingSoonPanel title="Add Room" />;
}
