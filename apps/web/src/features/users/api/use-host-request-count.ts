import { useQuery } from '@tanstack/react-query';
import { fetchHostRequestCount } from './users-api';
import { userKeys } from './user-keys';

/** Asked again this often while the tab is visible, so a request made elsewhere shows up without a reload. */
const COUNT_POLL_MS = 60_000;

/** How many host requests wait for an admin (the sidebar's badge; admins only). */
export function useHostRequestCount() {
  return useQuery({
    queryKey: userKeys.requestCount(),
    queryFn: ({ signal }) => fetchHostRequestCount(signal),
    refetchInterval: COUNT_POLL_MS,
    staleTime: 0,
  });
}
