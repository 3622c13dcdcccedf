import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Loader } from '../../components/loader';
import { useAuth } from '../../features/auth/hooks/use-auth';

/**
 * Login required: a visitor goes to /login, which brings them back here afterwards. When the session
 * could not be read (a bad network), the user may well be signed in: they are offered a retry instead.
 */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { user, loading, error, retry } = useAuth();
  const location = useLocation();
  if (loading) return <Loader />;
  if (error) return <ErrorScreen message={error.message} onRetry={retry} />;
  if (!user) {
    // A page being left (Logout goes home, then signs out) may render once more before it unmounts: the address
    // has moved on already, and sending it to /login now would undo where the person was going.
    if (window.location.pathname !== location.pathname) return null;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children;
}
