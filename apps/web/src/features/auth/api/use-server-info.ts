import { useQuery } from '@tanstack/react-query';
import { serverInfoQuery } from './auth-queries';

/** What the server offers before anyone signs in (e.g. whether Google sign-in is set up). */
export function useServerInfo() {
  return useQuery(serverInfoQuery);
}
