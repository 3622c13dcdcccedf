import { array, object, string, type Infer } from './shape.js';

/*
 * The heart on a room's card and page (docs/decisions/052-wishlists.md): which of the signed-in person's lists hold
 * the rooms on screen. Apart from the rest of the wishlists' shapes and checked by hand, without zod: the home page
 * reads it at first paint (docs/decisions/066-first-touch.md); the API's zod schema is wishlists.ts' `savedRoomsSchema`.
 */

/** The most rooms one `GET /api/wishlists/saved` asks about: a page of the home grid, at most. */
export const SAVED_ROOMS_MAX_ASKED = 100;

/** The list the first save goes to when the person has none, named in the language of the page they saved from. */
export const DEFAULT_WISHLIST_NAME = /*i18n*/ 'Saved';

/** `GET /api/wishlists/saved?roomIds=a,b`: each room asked about that one of the person's lists holds, with those lists. */
export const savedRoomsShape = object({
  saved: array(object({ roomId: string(), lists: array(object({ id: string(), name: string() })) })),
});
export type SavedRooms = Infer<typeof savedRoomsShape>;

/** The address asking which of the person's lists hold `roomIds` (sorted, so one set of rooms is one address). */
export function savedRoomsPath(roomIds: readonly string[]): string {
  return `/api/wishlists/saved?roomIds=${[...roomIds].sort().join(',')}`;
}
