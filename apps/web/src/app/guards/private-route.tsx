import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loader } from '../../components/loader';
import { useAuth } from '../../features/auth/hooks/use-auth';

/** Login required: a visitor goes to /login, which brings them back here afterwards. */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Loader />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
