import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { SavedList } from '../api/saved-lists';
import { addToWishlist, fetchWishlists, quickSave, removeFromWishlist } from '../api/wishlists-api';
import { wishlistKeys } from '../api/wishlist-keys';
import { i18n } from '../../../lib/i18n';

/*
 * What a heart does when pressed, loaded on the first press (the home page's first paint carries only the button).
 */

function refresh(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
}

/** Saves the home to the first list (a new 'Saved' when the person has none) and says where, with Undo. */
export async function saveQuickly(roomId: string, queryClient: QueryClient): Promise<void> {
  try {
    const { list } = await quickSave(roomId);
    await refresh(queryClient);
    notify.success(i18n.t('Saved to {name}', { name: list.name }), {
      action: { label: i18n.t('Undo'), onClick: () => void removeFromWishlist(list.id, roomId).then(() => refresh(queryClient), showError) },
    });
  } catch (error) {
    showError(error);
  }
}

function showError(error: unknown): void {
  notify.error(errorMessage(error));
}

/**
 * A press on a signed-in person's heart: a home in one list leaves it (with Undo); a first save goes straight to
 * 'Saved'. Otherwise the person chooses lists in the dialog ('choose').
 */
export async function pressHeart({ roomId, lists, queryClient }: { roomId: string; lists: SavedList[]; queryClient: QueryClient }): Promise<'done' | 'choose'> {
  if (lists.length > 1) return 'choose';
  const [only] = lists;
  if (only) {
    try {
      await removeFromWishlist(only.id, roomId);
      await refresh(queryClient);
      notify.success(i18n.t('Removed from {name}', { name: only.name }), {
        action: { label: i18n.t('Undo'), onClick: () => void addToWishlist(only.id, roomId).then(() => refresh(queryClient), showError) },
      });
    } catch (error) {
      showError(error);
    }
    return 'done';
  }
  try {
    const mine = await fetchWishlists({ cursor: null, limit: 1 });
    if (mine.items.length > 0) return 'choose';
  } catch (error) {
    showError(error);
    return 'done';
  }
  await saveQuickly(roomId, queryClient);
  return 'done';
}
