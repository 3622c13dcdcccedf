import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { RECENTLY_VIEWED_LIMIT, type RecentlyViewed } from '@staybook/domain';
import { withTransaction, type Db } from '../../db/client.js';
import { recentlyViewed } from '../../db/schema.js';
import type { Actor } from '../../plugins/session.js';
import { findRoomsForCards } from '../rooms/rooms.service.js';

/**
 * The homes a signed-in person opened last (docs/decisions/052-wishlists.md): one row per person and home with the
 * last time, the newest 12 kept. The room page tells the server once it shows a home; a visitor's views are not kept.
 */

/** `POST /api/recently-viewed`: the home was opened now. A room that does not exist is not kept (and not an error). */
export async function recordView(db: Db, { actor, roomId }: { actor: Actor; roomId: string }): Promise<void> {
  // Later than every view kept, so two views in the same millisecond still have an order.
  const now = sql`greatest(clock_timestamp(), (select max(v.viewed_at) + interval '1 millisecond' from recently_viewed v where v.user_id = ${actor.id}))`;
  await withTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(recentlyViewed)
      .select(sql`select ${actor.id}, r.id, ${now} from rooms r where r.id = ${roomId} and r.deleted_at is null`)
      .onConflictDoUpdate({ target: [recentlyViewed.userId, recentlyViewed.roomId], set: { viewedAt: now } })
      .returning({ roomId: recentlyViewed.roomId });
    if (inserted.length === 0) return;
    const kept = tx
      .select({ roomId: recentlyViewed.roomId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.userId, actor.id))
      .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.roomId))
      .limit(RECENTLY_VIEWED_LIMIT);
    await tx.delete(recentlyViewed).where(and(eq(recentlyViewed.userId, actor.id), notInArray(recentlyViewed.roomId, kept)));
  });
}

/** `GET /api/recently-viewed`: the homes still listed, newest view first. */
export async function listRecentlyViewed(db: Db, { actor }: { actor: Actor }): Promise<RecentlyViewed> {
  const views = await db
    .select({ roomId: recentlyViewed.roomId })
    .from(recentlyViewed)
    .where(eq(recentlyViewed.userId, actor.id))
    .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.roomId))
    .limit(RECENTLY_VIEWED_LIMIT);
  const cards = await findRoomsForCards(db, views.map((view) => view.roomId));
  return { items: views.flatMap((view) => cards.get(view.roomId)?.listed ?? []) };
}
