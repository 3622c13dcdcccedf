import {
  quickSaveSchema,
  recentlyViewedSchema,
  wishlistPageSchema,
  wishlistSchema,
  wishlistsPageSchema,
  type QuickSave,
  type RecentlyViewed,
  type UpdateWishlistBody,
  type Wishlist,
  type WishlistPage,
  type WishlistsPage,
} from '@staybook/domain/wishlists';
import { apiRequest, ignoredResponse } from '../../../lib/api-client';
import { fetchPage, type PageRequest } from '../../../lib/paging';

const WISHLISTS_PATH = '/api/wishlists';

function listPath(listId: string, part = ''): string {
  return `${WISHLISTS_PATH}/${encodeURIComponent(listId)}${part}`;
}

export function fetchWishlists(page: PageRequest): Promise<WishlistsPage> {
  return fetchPage(WISHLISTS_PATH, wishlistsPageSchema, page);
}

export function fetchWishlist(listId: string, page: PageRequest): Promise<WishlistPage> {
  return fetchPage(listPath(listId), wishlistPageSchema, page);
}

export function fetchSharedWishlist(token: string, page: PageRequest): Promise<WishlistPage> {
  return fetchPage(`${WISHLISTS_PATH}/shared/${encodeURIComponent(token)}`, wishlistPageSchema, page);
}

export function createWishlist(name: string): Promise<Wishlist> {
  return apiRequest(WISHLISTS_PATH, wishlistSchema, { method: 'POST', json: { name } });
}

export function updateWishlist(listId: string, changes: UpdateWishlistBody): Promise<Wishlist> {
  return apiRequest(listPath(listId), wishlistSchema, { method: 'PATCH', json: changes });
}

export function deleteWishlist(listId: string): Promise<void> {
  return apiRequest(listPath(listId), ignoredResponse, { method: 'DELETE' });
}

export function shareWishlist(listId: string, share: boolean): Promise<Wishlist> {
  return apiRequest(listPath(listId, '/share'), wishlistSchema, { method: share ? 'POST' : 'DELETE' });
}

export function addToWishlist(listId: string, roomId: string): Promise<QuickSave> {
  return apiRequest(listPath(listId, `/rooms/${encodeURIComponent(roomId)}`), quickSaveSchema, { method: 'PUT' });
}

export function removeFromWishlist(listId: string, roomId: string): Promise<void> {
  return apiRequest(listPath(listId, `/rooms/${encodeURIComponent(roomId)}`), ignoredResponse, { method: 'DELETE' });
}

/** The heart's one press: to the first list, or a new 'Saved'. */
export function quickSave(roomId: string): Promise<QuickSave> {
  return apiRequest(`${WISHLISTS_PATH}/save`, quickSaveSchema, { method: 'POST', json: { roomId } });
}

export function fetchRecentlyViewed(signal?: AbortSignal): Promise<RecentlyViewed> {
  return apiRequest('/api/recently-viewed', recentlyViewedSchema, { signal: signal ?? null });
}
