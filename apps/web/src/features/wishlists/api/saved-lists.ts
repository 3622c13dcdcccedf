import { SAVED_ROOMS_MAX_ASKED, savedRoomsPath, savedRoomsShape, type SavedRooms } from '@staybook/domain/saved-rooms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { wishlistKeys } from './wishlist-keys';

/*
 * The hearts' state, on the home page's first paint: kept to a query and one request per grid of cards (the hearts
 * drawn in the same task are asked about together), so the rooms' own answers stay the same for everyone and are
 * never slowed (docs/decisions/052-wishlists.md).
 */

export type SavedList = SavedRooms['saved'][number]['lists'][number];

type Batch = { roomIds: string[]; answer: Promise<Map<string, SavedList[]>> };
let open: Batch | null = null;

function newBatch(): Batch {
  const batch: Batch = { roomIds: [], answer: Promise.resolve(new Map()) };
  batch.answer = new Promise((resolve) => setTimeout(resolve, 0)).then(async () => {
    if (open === batch) open = null;
    const { saved } = await apiRequest(savedRoomsPath(batch.roomIds), savedRoomsShape);
    return new Map(saved.map((entry) => [entry.roomId, entry.lists]));
  });
  return batch;
}

/** The person's lists that hold the room (none: not saved), asked with the other hearts drawn at the same time. */
function fetchSavedLists(roomId: string): Promise<SavedList[]> {
  if (!open || open.roomIds.length >= SAVED_ROOMS_MAX_ASKED) open = newBatch();
  const batch = open;
  batch.roomIds.push(roomId);
  return batch.answer.then((byRoom) => byRoom.get(roomId) ?? []);
}

/** Which of the signed-in person's lists hold the room (a visitor's heart does not ask). */
export function useSavedLists(roomId: string) {
  return useQuery({ queryKey: wishlistKeys.savedRoom(roomId), queryFn: () => fetchSavedLists(roomId), staleTime: 5 * 60_000 });
}
