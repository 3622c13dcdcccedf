import { mayUse, type Capability } from '@staybook/domain/access';
import { APP_PATHS } from '@staybook/domain/app-routes';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Loader } from '../../components/loader';
import { useRole } from '../../features/users/api/use-role';

interface RoleRouteProps {
  /** The page's entry in the domain's access table, which the server's guards read too. */
  capability: Capability;
  children: ReactNode;
}

/** Sits inside the login guard: a signed-in user whose role may not use the page goes to /dashboard. */
export function RoleRoute({ capability, children }: RoleRouteProps) {
  const { role, loading, error } = useRole();
  if (loading) return <Loader />;
  if (!role) return <ErrorScreen message={error?.message} />;
  if (!mayUse(role, capability)) return <Navigate to={APP_PATHS.dashboard} replace />;
  return children;
}
