import type { Role } from '@staybook/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { Loader } from '../../components/loader';
import { useRole } from '../../features/users/api/use-role';

interface RoleRouteProps {
  roles: readonly Role[];
  children: ReactNode;
}

/** Sits inside the login guard: a signed-in user without one of `roles` goes to /dashboard. */
export function RoleRoute({ roles, children }: RoleRouteProps) {
  const { role, loading, error } = useRole();
  if (loading) return <Loader />;
  if (!role) return <ErrorScreen message={error?.message} />;
  if (!roles.includes(role)) return <Navigate to="/dashboard" replace />;
  return children;
}
