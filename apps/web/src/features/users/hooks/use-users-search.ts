import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readUsersSearch, usersSearchQuery, type UsersSearch } from '../api/users-search';

/**
 * Manage Users' search lives in the address, so a reload or a shared link shows the same page. A new filter or
 * page is a new history entry (Back returns to it); typing in the search box replaces the entry it is on.
 */
export function useUsersSearch() {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  // Read once per address, so the search keeps its identity (and its query key) between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const search = useMemo(() => readUsersSearch(params), [address]);
  const setSearch = useCallback(
    (next: UsersSearch, { replace = false }: { replace?: boolean } = {}) => {
      const query = usersSearchQuery(next);
      if (query.toString() !== address) setParams(query, { replace });
    },
    [address, setParams],
  );
  return [search, setSearch] as const;
}
