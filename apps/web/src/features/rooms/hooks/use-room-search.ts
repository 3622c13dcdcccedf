import { findCategory } from '@staybook/domain/categories';
import { readSearch, searchToQuery, type RoomSearch } from '@staybook/domain/search';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The home page's address for a search: `/` and its canonical query string. */
export function searchPath(search: RoomSearch): string {
  const query = searchToQuery(search);
  return query ? `/?${query}` : '/';
}

/**
 * The search lives in the address: read forgivingly (what cannot be used is dropped), written canonically.
 * Each new search is a new history entry, so Back and Forward step through searches.
 */
export function useRoomSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname, search: current } = useLocation();
  const address = params.toString();
  // Read once per address, so the search keeps its identity between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const search = useMemo(() => readSearch(params), [address]);
  const requested = params.get('category') || null;
  /** A category the strip does not have: it cannot have rooms, so nobody is asked about it. */
  const unknownCategory = requested !== null && !findCategory(requested);

  const here = `${pathname}${current}`;
  const setSearch = useCallback(
    (next: RoomSearch) => {
      const path = searchPath(next);
      // Running the search already shown adds no step to the history.
      if (path !== here) void navigate(path);
    },
    [navigate, here],
  );
  return { search, setSearch, unknownCategory };
}
