import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, rooms, uploads, users } from '../../db/schema.js';
import type { ImageStore } from '../../integrations/images/image-store.js';

/** Where an image no longer needed is removed from, and where a failure to remove it is reported. */
export type ImageCleanup = { imageStore: ImageStore; log: { error: (obj: object, msg: string) => void } };

/**
 * True while a room (live or removed) has the image among its photos (the cover is the first of them; read
 * through the GIN index rooms_photos_idx), a booking's copy of its room shows it, or a user's photo is it.
 */
async function isImageInUse(db: Db, url: string): Promise<boolean> {
  const uses = await Promise.all([
    db.select({ id: rooms.id }).from(rooms).where(sql`${rooms.photos} @> array[${url}]::text[]`).limit(1),
    db.select({ id: bookings.id }).from(bookings).where(eq(bookings.roomImage, url)).limit(1),
    db.select({ id: users.id }).from(users).where(eq(users.image, url)).limit(1),
  ]);
  return uses.some((rows) => rows.length > 0);
}

/**
 * Removes an image's files once nothing refers to it. Runs after the change committed: a failure here
 * leaves an unused file behind (logged), never an answer that says the change failed when it did not.
 */
export async function releaseImage(db: Db, url: string, { imageStore, log }: ImageCleanup): Promise<void> {
  try {
    if (await isImageInUse(db, url)) return;
    await imageStore.deleteImage(url);
    await db.delete(uploads).where(eq(uploads.url, url));
  } catch (err) {
    log.error({ err, url }, 'could not remove an image no longer in use');
  }
}

/** Releases each image, one after the other (a room's dropped photos). */
export async function releaseImages(db: Db, urls: readonly string[], cleanup: ImageCleanup): Promise<void> {
  for (const url of urls) await releaseImage(db, url, cleanup);
}
