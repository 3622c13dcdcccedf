import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { i18n } from '../../lib/i18n';

/** The route table's errorElement: whatever a route threw, shown with the shared error screen. */
export function RouteError() {
  const error = useRouteError();
  return <ErrorScreen message={describe(error)} />;
}

function describe(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return error.status === 404 ? i18n.t('Page not found.') : error.statusText;
  if (error instanceof Error) return error.message;
  return undefined;
}
