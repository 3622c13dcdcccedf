import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Loader } from '../../components/loader';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { pathFromState } from '../../features/auth/utils/safe-redirect';

/**
 * Log in and sign up are for visitors (spec, section 6). A signed-in user goes where the login
 * guard was taking them, else home; that is also where a successful sign-in on this page leads,
 * so whichever navigation runs first, the user ends up in the same place. When the session could not
 * be read, nobody knows whether the user is a visitor: they are offered a retry instead of the form.
 */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { user, loading, error, retry } = useAuth();
  const location = useLocation();
  if (loading) return <Loader />;
  if (error) return <ErrorScreen message={error.message} onRetry={retry} />;
  if (user) return <Navigate to={pathFromState(location.state)} replace />;
  return children;
}
