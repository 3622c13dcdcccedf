import { awaitsHostRole } from '@staybook/domain/access';
import type { Role } from '@staybook/domain/users';
import { useAuth } from '../../auth/hooks/use-auth';
import { useUser } from './use-user';

interface CurrentRole {
  /** Null while loading, when signed out, or when the record could not be read. */
  role: Role | null;
  loading: boolean;
  error: Error | null;
  /** A guest who asked to become a host and awaits an admin's decision (status Requested). */
  hostRequestPending: boolean;
}

/** The signed-in user's role, read from their user record by e-mail (spec, section 6). */
export function useRole(): CurrentRole {
  const { user, loading: authLoading } = useAuth();
  const record = useUser(user?.email ?? null);
  return {
    role: record.data?.role ?? null,
    loading: authLoading || (user !== null && record.isPending),
    error: record.error,
    hostRequestPending: record.data !== undefined && awaitsHostRole(record.data),
  };
}
