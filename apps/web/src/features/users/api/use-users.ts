import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchUsersPage } from './users-api';
import { userKeys } from './user-keys';

/** Every user, a page at a time in e-mail order (admins only). */
export function useUsers() {
  return useInfiniteQuery({
    queryKey: userKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchUsersPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
