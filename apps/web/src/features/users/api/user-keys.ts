import type { UsersSearch } from './users-search';

/** Every query key for user records comes from here, so invalidating `userKeys.all` reaches them all. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  /** One page of Manage Users: its search, filters and cursor are all part of the key. */
  list: (search: UsersSearch) => [...userKeys.lists(), search] as const,
  /** The host requests waiting (the sidebar's badge); an answer to one, or a role change, refreshes it. */
  requestCount: () => [...userKeys.all, 'request-count'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (email: string) => [...userKeys.details(), email] as const,
};
