import { useQuery } from '@tanstack/react-query';
import { SIDEBAR_COUNT_QUERY } from '../../../lib/sidebar-count';
import { fetchHostRequestCount } from './users-api';
import { userKeys } from './user-keys';

/** How many host requests wait for an admin (the sidebar's badge; admins only). */
export function useHostRequestCount() {
  return useQuery({
    queryKey: userKeys.requestCount(),
    queryFn: ({ signal }) => fetchHostRequestCount(signal),
    ...SIDEBAR_COUNT_QUERY,
  });
}
