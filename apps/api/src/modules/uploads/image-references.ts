import { inArray, sql } from 'drizzle-orm';
import { queryRows, textArray, type Db } from '../../db/client.js';
import { bookings, rooms, uploads, users } from '../../db/schema.js';
import type { ImageStore } from '../../integrations/images/image-store.js';

/** Where an image no longer needed is removed from, and where a failure to remove it is reported. */
export type ImageCleanup = { imageStore: ImageStore; log: { error: (obj: object, msg: string) => void } };

/**
 * Those of `urls` that something still shows, in one statement: a room (live or removed) among its photos (the
 * cover is the first of them; rooms_photos_idx), a booking's copy of its room (bookings_room_image_idx), or a
 * user's photo (users_image_idx).
 */
async function imagesInUse(db: Db, urls: readonly string[]): Promise<Set<string>> {
  const list = textArray(urls);
  const rows = await queryRows<{ url: string }>(
    db,
    // Each part compares with the list itself, not row by row, so each reads its index.
    sql`select photo as url from ${rooms} r cross join unnest(r.photos) as photo where r.photos && ${list} and photo = any(${list})
      union select b.room_image from ${bookings} b where b.room_image = any(${list})
      union select p.image from ${users} p where p.image = any(${list})`,
  );
  return new Set(rows.map((row) => row.url));
}

/**
 * Removes the files of the images nothing refers to any more (a room's dropped photos, a replaced profile photo),
 * then their upload records. Runs after the change committed: a failure here leaves unused files behind (logged),
 * never an answer that says the change failed when it did not. A file that could not be removed keeps its record.
 */
export async function releaseImages(db: Db, urls: readonly string[], { imageStore, log }: ImageCleanup): Promise<void> {
  const candidates = [...new Set(urls)];
  if (candidates.length === 0) return;
  try {
    const inUse = await imagesInUse(db, candidates);
    const removed: string[] = [];
    for (const url of candidates.filter((candidate) => !inUse.has(candidate))) {
      try {
        await imageStore.deleteImage(url);
        removed.push(url);
      } catch (err) {
        log.error({ err, url }, 'could not remove an image no longer in use');
      }
    }
    if (removed.length > 0) await db.delete(uploads).where(inArray(uploads.url, removed));
  } catch (err) {
    log.error({ err, urls: candidates }, 'could not remove images no longer in use');
  }
}

/** Releases one image (see releaseImages). */
export function releaseImage(db: Db, url: string, cleanup: ImageCleanup): Promise<void> {
  return releaseImages(db, [url], cleanup);
}
