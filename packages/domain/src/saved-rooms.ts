import type { z } from 'zod';
import * as zm from 'zod/mini';

/*
 * The heart on a room's card and page (docs/decisions/052-wishlists.md): which of the signed-in person's lists hold
 * the rooms on screen. Apart from the rest of the wishlists' shapes and built with zod/mini, as the home page reads
 * it and its first paint pays for every byte (decision 017).
 */

/** The most rooms one `GET /api/wishlists/saved` asks about: a page of the home grid, at most. */
export const SAVED_ROOMS_MAX_ASKED = 100;

/** The list the first save goes to when the person has none. */
export const DEFAULT_WISHLIST_NAME = 'Saved';

/** `GET /api/wishlists/saved?roomIds=a,b`: each room asked about that one of the person's lists holds, with those lists. */
export const savedRoomsSchema = zm.object({
  saved: zm.array(
    zm.object({
      roomId: zm.string(),
      lists: zm.array(zm.object({ id: zm.string(), name: zm.string() })),
    }),
  ),
});
export type SavedRooms = z.infer<typeof savedRoomsSchema>;

/** The address asking which of the person's lists hold `roomIds` (sorted, so one set of rooms is one address). */
export function savedRoomsPath(roomIds: readonly string[]): string {
  return `/api/wishlists/saved?roomIds=${[...roomIds].sort().join(',')}`;
}
