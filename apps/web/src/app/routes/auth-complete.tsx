import { PRODUCT_NAME } from '@staybook/domain/product';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Loader } from '../../components/loader';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { safeRedirectPath } from '../../features/auth/utils/safe-redirect';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { notify } from '../../lib/notify';
import { i18n } from '../../lib/i18n';

/** Google sends the browser back here with the session cookie set; `to` is where to go next. */
export function AuthCompleteRoute() {
  useDocumentTitle(i18n.t('Signing in | {product}', { product: PRODUCT_NAME }));
  const { user, loading, error, retry } = useAuth();
  const [searchParams] = useSearchParams();
  const to = safeRedirectPath(searchParams.get('to'));

  useEffect(() => {
    // A fixed id, so StrictMode's second run does not show it twice.
    if (user) notify.success(i18n.t('Signup Successful'), { id: 'social-sign-in' });
  }, [user]);

  // A page of its own, outside the app's frame: its own main landmark.
  if (loading)
    return (
      <main>
        <Loader />
      </main>
    );
  // The session could not be read, which does not mean the sign-in failed.
  if (error)
    return (
      <main>
        <ErrorScreen message={error.message} onRetry={retry} />
      </main>
    );
  // Without a session the sign-in did not finish: the login page says so.
  return <Navigate to={user ? to : '/login?error=session_missing'} replace />;
}
