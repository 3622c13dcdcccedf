import { mayUse } from '@staybook/domain/access';
import { APP_PATHS } from '@staybook/domain/app-routes';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../features/auth/api/auth-queries';
import { userQuery } from '../../features/users/api/use-user';

/** What "Host your home" does for the person who pressed it. */
export type HostingStart = { kind: 'log-in' } | { kind: 'ask-to-host' } | { kind: 'open'; path: string };

/**
 * Visitors go to log in first. Guests are asked to become hosts. A host is taken where hosting a home begins, Add
 * Room; an admin, who cannot ask to host, to the dashboard. Loaded on the button's first press (host-your-home-button.tsx):
 * the user's record and the access table are not needed to paint the page. Waits for the session when the press comes
 * before it has loaded, rather than guessing "visitor".
 */
export async function findHostingStart(queryClient: QueryClient): Promise<HostingStart> {
  const user = await queryClient.ensureQueryData(sessionQuery);
  if (!user) return { kind: 'log-in' };
  const record = await queryClient.ensureQueryData(userQuery(user.email));
  if (mayUse(record.role, 'becomeHost')) return { kind: 'ask-to-host' };
  return { kind: 'open', path: mayUse(record.role, 'addRoom') ? APP_PATHS.addRoom : APP_PATHS.dashboard };
}
