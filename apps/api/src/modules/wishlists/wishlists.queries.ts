import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Wishlist } from '@staybook/domain';
import { queryRows, type Db } from '../../db/client.js';
import { rooms, wishlistRooms, wishlists } from '../../db/schema.js';
import type { TimeCursor } from '../../db/time-cursor.js';

/** The rows behind the wishlists' answers: each read off an index of migration 0030 (docs/decisions/052-wishlists.md). */

export type WishlistRow = typeof wishlists.$inferSelect;

/** A list's homes that are still listed (a removed room's saves go with it; this also hides one removed meanwhile). */
const liveSaves = (listId: SQL | typeof wishlists.id) =>
  sql`from ${wishlistRooms} wr join ${rooms} r on r.id = wr.room_id and r.deleted_at is null where wr.wishlist_id = ${listId}`;

/** The list with this id, whoever owns it (the service decides who may read it). */
export async function findWishlistRow(db: Db, where: SQL): Promise<WishlistRow | undefined> {
  const [row] = await db.select().from(wishlists).where(where).limit(1);
  return row;
}

/** A page of a person's lists, oldest first, each with how many homes it holds and the picture of the one saved last. */
export async function listWishlistRows(db: Db, { ownerId, after, limit }: { ownerId: string; after: TimeCursor | null; limit: number }) {
  const conditions: SQL[] = [eq(wishlists.ownerId, ownerId)];
  if (after) conditions.push(sql`(${wishlists.createdAt}, ${wishlists.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`);
  return db
    .select({
      list: wishlists,
      count: sql<number>`(select count(*) ${liveSaves(wishlists.id)})`.mapWith(Number),
      cover: sql<string | null>`(select r.image ${liveSaves(wishlists.id)} order by wr.created_at desc, wr.room_id desc limit 1)`,
    })
    .from(wishlists)
    .where(and(...conditions))
    .orderBy(asc(wishlists.createdAt), asc(wishlists.id))
    .limit(limit + 1);
}

/** One list's count and cover, as `listWishlistRows` reads them. */
export async function summaryOf(db: Db, row: WishlistRow, { owner }: { owner: boolean }): Promise<Wishlist> {
  const id = sql`${row.id}::uuid`;
  const [figures] = await queryRows<{ count: number; cover: string | null }>(
    db,
    sql`select (select count(*)::int ${liveSaves(id)}) as count,
               (select r.image ${liveSaves(id)} order by wr.created_at desc, wr.room_id desc limit 1) as cover`,
  );
  return toWishlist(row, figures ?? { count: 0, cover: null }, { owner });
}

/** A list as its owner reads it; to anyone else without its link's token. */
export function toWishlist(row: WishlistRow, { count, cover }: { count: number; cover: string | null }, { owner }: { owner: boolean }): Wishlist {
  return {
    id: row.id,
    name: row.name,
    count,
    cover,
    stay: row.checkIn && row.checkOut ? { checkin: row.checkIn, checkout: row.checkOut, guests: row.guests ?? 1 } : null,
    shareToken: owner ? row.shareToken : null,
  };
}

/** A page of a list's live homes, saved last first. */
export async function listSavedRoomRows(db: Db, { listId, after, limit }: { listId: string; after: TimeCursor | null; limit: number }) {
  const conditions: SQL[] = [eq(wishlistRooms.wishlistId, listId), isNull(rooms.deletedAt)];
  if (after) conditions.push(sql`(${wishlistRooms.createdAt}, ${wishlistRooms.roomId}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  return db
    .select({ roomId: wishlistRooms.roomId, savedAt: wishlistRooms.createdAt })
    .from(wishlistRooms)
    .innerJoin(rooms, eq(rooms.id, wishlistRooms.roomId))
    .where(and(...conditions))
    .orderBy(desc(wishlistRooms.createdAt), desc(wishlistRooms.roomId))
    .limit(limit + 1);
}

/** Which of the person's lists hold each of `roomIds` (the owner index, then each list's key). */
export async function listsHoldingRooms(db: Db, { ownerId, roomIds }: { ownerId: string; roomIds: string[] }) {
  return db
    .select({ roomId: wishlistRooms.roomId, id: wishlists.id, name: wishlists.name })
    .from(wishlists)
    .innerJoin(wishlistRooms, eq(wishlistRooms.wishlistId, wishlists.id))
    .where(and(eq(wishlists.ownerId, ownerId), inArray(wishlistRooms.roomId, roomIds)))
    .orderBy(asc(wishlists.createdAt), asc(wishlists.id));
}
