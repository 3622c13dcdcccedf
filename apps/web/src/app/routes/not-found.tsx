import { PRODUCT_NAME } from '@staybook/domain/product';
import { ErrorScreen } from '../../components/error-screen';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle(`Page not found | ${PRODUCT_NAME}`);
  return <ErrorScreen message="Page not found." />;
}
