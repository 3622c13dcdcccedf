/**
 * Every query key of wishlists: the hearts' state per room (all under `saved`, so a save refreshes every heart),
 * the person's lists, one list with its homes, a shared link's list, and the homes viewed last.
 */
export const wishlistKeys = {
  all: ['wishlists'] as const,
  saved: () => [...wishlistKeys.all, 'saved'] as const,
  savedRoom: (roomId: string) => [...wishlistKeys.saved(), roomId] as const,
  lists: () => [...wishlistKeys.all, 'lists'] as const,
  list: (listId: string) => [...wishlistKeys.all, 'list', listId] as const,
  shared: (token: string) => [...wishlistKeys.all, 'shared', token] as const,
  recentlyViewed: () => ['recently-viewed'] as const,
};
