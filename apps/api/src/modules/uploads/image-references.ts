import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, rooms, users } from '../../db/schema.js';
import type { ImageStore } from '../../integrations/images/image-store.js';

/** Where an image no longer needed is removed from, and where a failure to remove it is reported. */
export type ImageCleanup = { imageStore: ImageStore; log: { error: (obj: object, msg: string) => void } };

/** True while a room (live or removed), a booking's copy of its room, or a user's photo shows the image. */
async function isImageInUse(db: Db, url: string): Promise<boolean> {
  const uses = await Promise.all([
    db.select({ id: rooms.id }).from(rooms).where(eq(rooms.image, url)).limit(1),
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
    if (!(await isImageInUse(db, url))) await imageStore.deleteImage(url);
  } catch (err) {
    log.error({ err, url }, 'could not remove an image no longer in use');
  }
}
