import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUser } from './users-api';
import { userKeys } from './user-keys';

export const userQuery = (email: string) =>
  queryOptions({
    queryKey: userKeys.detail(email),
    queryFn: ({ signal }) => fetchUser(email, signal),
  });

/** One user's record; idle while `email` is null (nobody signed in yet). */
export function useUser(email: string | null) {
  return useQuery({ ...userQuery(email ?? ''), enabled: email !== null });
}
