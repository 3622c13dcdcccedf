import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_WISHLIST_NAME,
  firstNameOf,
  i18n,
  withLocale,
  type Locale,
  type QuickSave,
  type SavedRooms,
  type UpdateWishlistBody,
  type Wishlist,
  type WishlistPage,
  type WishlistRoom,
  type WishlistsPage,
  WISHLISTS_MAX,
} from '@staybook/domain';
import { withTransaction, type Db } from '../../db/client.js';
import { ownedRecords } from '../../db/owned-records.js';
import { rooms, users, wishlistRooms, wishlists } from '../../db/schema.js';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor.js';
import { NotFoundError, ROOM_NOT_FOUND_MESSAGE } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';
import { checkStay } from '../bookings/stay-check.js';
import { findRoomsForCards } from '../rooms/rooms.service.js';
import {
  findWishlistRow,
  listSavedRoomRows,
  listsHoldingRooms,
  listWishlistRows,
  summaryOf,
  toWishlist,
  type WishlistRow,
} from './wishlists.queries.js';

/**
 * Wishlists (docs/decisions/052-wishlists.md): a person's named lists of homes. Only the owner reads or changes a
 * list; to anyone else it does not exist (404), except read-only through its private link while shared. Nothing
 * here is ever answered to a room's host: who saved a home is the saver's alone.
 */

const LIST_NOT_FOUND = /*i18n*/ 'Wishlist not found.';

/** The actor's own list, or 404 (someone else's list answers as one that does not exist). */
async function findOwnList(db: Db, actor: Actor, id: string): Promise<WishlistRow> {
  const row = await findWishlistRow(db, and(eq(wishlists.id, id), eq(wishlists.ownerId, actor.id))!);
  if (!row) throw new NotFoundError(LIST_NOT_FOUND);
  return row;
}

/** A room that can be saved: listed and not removed. */
async function checkRoomListed(db: Db, roomId: string): Promise<void> {
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.id, roomId), isNull(rooms.deletedAt))).limit(1);
  if (!room) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
}

/** `GET /api/wishlists`: the person's lists, oldest first, each with its count and cover. */
export async function listWishlists(db: Db, { actor, cursor, limit }: { actor: Actor; cursor?: string | undefined; limit: number }): Promise<WishlistsPage> {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const rows = await listWishlistRows(db, { ownerId: actor.id, after, limit });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toWishlist(r.list, r, { owner: true })),
    nextCursor: rows.length > limit && last ? encodeTimeCursor({ at: last.list.createdAt.toISOString(), id: last.list.id }) : null,
  };
}

/** A person's lists, for the cap on how many they keep. */
const ownLists = ownedRecords(wishlists, wishlists.ownerId, { max: WISHLISTS_MAX, tooMany: 'too-many-wishlists', notFound: LIST_NOT_FOUND });

/** `POST /api/wishlists`: a new, empty list, unless the person keeps `WISHLISTS_MAX` already. */
export async function createWishlist(db: Db, { actor, name }: { actor: Actor; name: string }): Promise<Wishlist> {
  const row = await ownLists.add(db, actor.id, async (tx) => (await tx.insert(wishlists).values({ ownerId: actor.id, name }).returning())[0]!);
  return toWishlist(row, { count: 0, cover: null }, { owner: true });
}

/** `PATCH /api/wishlists/:id`: a new name, and/or the stay the list prices its homes for (null dates clear it). */
export async function updateWishlist(db: Db, { actor, id, changes }: { actor: Actor; id: string; changes: UpdateWishlistBody }): Promise<Wishlist> {
  await findOwnList(db, actor, id);
  const set: Partial<typeof wishlists.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.checkin !== undefined) {
    set.checkIn = changes.checkin;
    set.checkOut = changes.checkout ?? null;
    if (changes.checkin === null) set.guests = null;
  }
  if (changes.guests !== undefined && set.guests !== null) set.guests = changes.guests;
  const [row] = await db
    .update(wishlists)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(wishlists.id, id), eq(wishlists.ownerId, actor.id)))
    .returning();
  if (!row) throw new NotFoundError(LIST_NOT_FOUND);
  return summaryOf(db, row, { owner: true });
}

/** `DELETE /api/wishlists/:id`: the list and its saves (the homes stay listed). */
export async function deleteWishlist(db: Db, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  const deleted = await db.delete(wishlists).where(and(eq(wishlists.id, id), eq(wishlists.ownerId, actor.id))).returning({ id: wishlists.id });
  if (deleted.length === 0) throw new NotFoundError(LIST_NOT_FOUND);
}

/** The private link's secret: 32 random bytes, base64url (43 characters), unguessable and unique. */
function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `POST /api/wishlists/:id/share`: turns the private link on (the one already on is kept). */
export async function shareWishlist(db: Db, { actor, id }: { actor: Actor; id: string }): Promise<Wishlist> {
  const row = await findOwnList(db, actor, id);
  if (row.shareToken) return summaryOf(db, row, { owner: true });
  const [shared] = await db
    .update(wishlists)
    .set({ shareToken: sql`coalesce(${wishlists.shareToken}, ${newShareToken()})`, updatedAt: sql`now()` })
    .where(and(eq(wishlists.id, id), eq(wishlists.ownerId, actor.id)))
    .returning();
  if (!shared) throw new NotFoundError(LIST_NOT_FOUND);
  return summaryOf(db, shared, { owner: true });
}

/** `DELETE /api/wishlists/:id/share`: the link stops working for good (sharing again makes a new one). */
export async function stopSharingWishlist(db: Db, { actor, id }: { actor: Actor; id: string }): Promise<Wishlist> {
  await findOwnList(db, actor, id);
  const [row] = await db
    .update(wishlists)
    .set({ shareToken: null, updatedAt: sql`now()` })
    .where(and(eq(wishlists.id, id), eq(wishlists.ownerId, actor.id)))
    .returning();
  if (!row) throw new NotFoundError(LIST_NOT_FOUND);
  return summaryOf(db, row, { owner: true });
}

type PageArgs = { cursor?: string | undefined; limit: number };

/** `GET /api/wishlists/:id`: the owner's list with a page of its homes. */
export async function getWishlist(db: Db, { actor, id, ...page }: { actor: Actor; id: string } & PageArgs): Promise<WishlistPage> {
  const row = await findOwnList(db, actor, id);
  return wishlistPage(db, row, { ...page, viewerId: actor.id, owner: { firstName: firstNameOf(actor.name) }, isOwner: true });
}

/** `GET /api/wishlists/shared/:token`: a shared list, read-only, to anyone with its link; a revoked link is 404. */
export async function getSharedWishlist(db: Db, { token, ...page }: { token: string } & PageArgs): Promise<WishlistPage> {
  const [found] = await db
    .select({ list: wishlists, ownerName: users.name })
    .from(wishlists)
    .innerJoin(users, eq(users.id, wishlists.ownerId))
    .where(eq(wishlists.shareToken, token))
    .limit(1);
  if (!found) throw new NotFoundError(LIST_NOT_FOUND);
  return wishlistPage(db, found.list, { ...page, viewerId: null, owner: { firstName: firstNameOf(found.ownerName) }, isOwner: false });
}

async function wishlistPage(
  db: Db,
  row: WishlistRow,
  { cursor, limit, viewerId, owner, isOwner }: PageArgs & { viewerId: string | null; owner: WishlistPage['owner']; isOwner: boolean },
): Promise<WishlistPage> {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const saves = await listSavedRoomRows(db, { listId: row.id, after, limit });
  const list = await summaryOf(db, row, { owner: isOwner });
  const page = saves.slice(0, limit);
  const cards = await findRoomsForCards(db, page.map((save) => save.roomId));
  const stay = list.stay;
  const items: WishlistRoom[] = [];
  for (const save of page) {
    const card = cards.get(save.roomId);
    if (!card) continue;
    items.push({
      room: card.listed,
      savedAt: save.savedAt.toISOString(),
      stay: stay ? await checkStay(db, { room: card, stay: { from: stay.checkin, to: stay.checkout }, guests: stay.guests, viewerId }) : null,
    });
  }
  const last = page[page.length - 1];
  return {
    list,
    owner,
    items,
    nextCursor: saves.length > limit && last ? encodeTimeCursor({ at: last.savedAt.toISOString(), id: last.roomId }) : null,
  };
}

/** `PUT /api/wishlists/:id/rooms/:roomId`: saves the home to the list; saving it again changes nothing. */
export async function addRoomToWishlist(db: Db, { actor, id, roomId }: { actor: Actor; id: string; roomId: string }): Promise<QuickSave> {
  const row = await findOwnList(db, actor, id);
  await checkRoomListed(db, roomId);
  await db.insert(wishlistRooms).values({ wishlistId: id, roomId }).onConflictDoNothing();
  return { list: { id: row.id, name: row.name }, created: false };
}

/** `DELETE /api/wishlists/:id/rooms/:roomId`: takes the home off the list; one not on it is already off. */
export async function removeRoomFromWishlist(db: Db, { actor, id, roomId }: { actor: Actor; id: string; roomId: string }): Promise<void> {
  await findOwnList(db, actor, id);
  await db.delete(wishlistRooms).where(and(eq(wishlistRooms.wishlistId, id), eq(wishlistRooms.roomId, roomId)));
}

/**
 * `POST /api/wishlists/save`: the heart's one press. The home goes to the person's first list; with none, to a new
 * 'Saved', named in `locale` (the page's language: it is their list, and stays as named). Two presses at once make one
 * list: the person's row is locked while the first is found or made.
 */
export async function quickSave(db: Db, { actor, roomId, locale }: { actor: Actor; roomId: string; locale: Locale }): Promise<QuickSave> {
  await checkRoomListed(db, roomId);
  return withTransaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update');
    const [first] = await tx
      .select({ id: wishlists.id, name: wishlists.name })
      .from(wishlists)
      .where(eq(wishlists.ownerId, actor.id))
      .orderBy(asc(wishlists.createdAt), asc(wishlists.id))
      .limit(1);
    const name = withLocale(locale, () => i18n.t(DEFAULT_WISHLIST_NAME));
    const list = first ?? (await tx.insert(wishlists).values({ ownerId: actor.id, name }).returning({ id: wishlists.id, name: wishlists.name }))[0]!;
    await tx.insert(wishlistRooms).values({ wishlistId: list.id, roomId }).onConflictDoNothing();
    return { list, created: !first };
  });
}

/** `GET /api/wishlists/saved?roomIds=`: which of the person's lists hold each of these rooms (the hearts' state). */
export async function listSavedRooms(db: Db, { actor, roomIds }: { actor: Actor; roomIds: string[] }): Promise<SavedRooms> {
  const rows = await listsHoldingRooms(db, { ownerId: actor.id, roomIds });
  const byRoom = new Map<string, SavedRooms['saved'][number]['lists']>();
  for (const row of rows) {
    const lists = byRoom.get(row.roomId) ?? [];
    lists.push({ id: row.id, name: row.name });
    byRoom.set(row.roomId, lists);
  }
  return { saved: [...byRoom].map(([roomId, lists]) => ({ roomId, lists })) };
}
