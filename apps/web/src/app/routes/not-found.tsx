import { PRODUCT_NAME } from '@staybook/domain/product';
import { ErrorScreen } from '../../components/error-screen';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { i18n } from '../../lib/i18n';

export function NotFoundRoute() {
  useDocumentTitle(i18n.t('Page not found | {product}', { product: PRODUCT_NAME }));
  return <ErrorScreen message={i18n.t('Page not found.')} />;
}
