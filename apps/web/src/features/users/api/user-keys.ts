/** Every query key for user records comes from here, so invalidating `userKeys.all` reaches them all. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: () => [...userKeys.lists(), 'all'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (email: string) => [...userKeys.details(), email] as const,
};
