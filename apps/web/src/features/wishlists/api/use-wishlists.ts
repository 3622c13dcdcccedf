import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateWishlistBody } from '@staybook/domain/wishlists';
import { cursorPages } from '../../../lib/paging';
import {
  createWishlist,
  deleteWishlist,
  fetchRecentlyViewed,
  fetchSharedWishlist,
  fetchWishlist,
  fetchWishlists,
  removeFromWishlist,
  shareWishlist,
  updateWishlist,
} from './wishlists-api';
import { wishlistKeys } from './wishlist-keys';

/** The person's lists, a page at a time. */
export function useWishlists() {
  return useInfiniteQuery({ queryKey: wishlistKeys.lists(), ...cursorPages((cursor, signal) => fetchWishlists({ cursor, signal })), staleTime: 0 });
}

/** One of the person's lists with its homes, a page at a time. */
export function useWishlist(listId: string) {
  return useInfiniteQuery({ queryKey: wishlistKeys.list(listId), ...cursorPages((cursor, signal) => fetchWishlist(listId, { cursor, signal })), staleTime: 0 });
}

/** A list shared by its link, read-only. */
export function useSharedWishlist(token: string) {
  return useInfiniteQuery({ queryKey: wishlistKeys.shared(token), ...cursorPages((cursor, signal) => fetchSharedWishlist(token, { cursor, signal })), staleTime: 0 });
}

/** The homes the person opened last. */
export function useRecentlyViewed() {
  return useQuery({ queryKey: wishlistKeys.recentlyViewed(), queryFn: ({ signal }) => fetchRecentlyViewed(signal), staleTime: 0 });
}

/** Every change to a list refreshes the lists, the list and the hearts. */
function useRefreshWishlists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
}

export function useCreateWishlist() {
  const refresh = useRefreshWishlists();
  return useMutation({ mutationFn: createWishlist, onSuccess: refresh });
}

export function useUpdateWishlist(listId: string) {
  const refresh = useRefreshWishlists();
  return useMutation({ mutationFn: (changes: UpdateWishlistBody) => updateWishlist(listId, changes), onSuccess: refresh });
}

export function useDeleteWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWishlist,
    onSuccess: (_, listId) => {
      queryClient.removeQueries({ queryKey: wishlistKeys.list(listId) });
      return queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
  });
}

export function useShareWishlist(listId: string) {
  const refresh = useRefreshWishlists();
  return useMutation({ mutationFn: (share: boolean) => shareWishlist(listId, share), onSuccess: refresh });
}

export function useRemoveFromWishlist(listId: string) {
  const refresh = useRefreshWishlists();
  return useMutation({ mutationFn: (roomId: string) => removeFromWishlist(listId, roomId), onSuccess: refresh });
}
