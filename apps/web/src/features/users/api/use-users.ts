import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchUsersPage } from './users-api';
import type { UsersSearch } from './users-search';
import { userKeys } from './user-keys';

/** One page of Manage Users for a search (admins only); the page shown stays while the next one loads. */
export function useUsers(search: UsersSearch) {
  return useQuery({
    queryKey: userKeys.list(search),
    queryFn: ({ signal }) => fetchUsersPage(search, signal),
    placeholderData: keepPreviousData,
  });
}
