import { randomUUID } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_WIDTHS, isOwnImageUrl, storedImageUrl } from '@staybook/domain';
import { encodeImageVariants, type ImageJobs } from './process-image.js';

export { ImageNotProcessedError, ImageQueueFullError, NotAnImageError } from './process-image.js';

/** Where the product keeps images it stores; the local disk is the default. */
export interface ImageStore {
  /** Re-encodes and stores an image; answers its canonical URL (`/uploads/<key>.webp`). */
  saveImage(input: Buffer): Promise<string>;
  /**
   * Removes a stored image (every width and the canonical name). Idempotent; ignores any URL that is not
   * one of ours. The caller makes sure nothing refers to it any more.
   */
  deleteImage(url: string): Promise<void>;
}

export function localUploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** `jobs`: the queue image work waits in; by default the one the whole process shares. */
export function createLocalImageStore(dataDir: string, { jobs }: { jobs?: ImageJobs } = {}): ImageStore {
  const dir = localUploadsDir(dataDir);
  return {
    async saveImage(input) {
      const variants = await encodeImageVariants(input, jobs);
      const key = randomUUID();
      await mkdir(dir, { recursive: true });
      await Promise.all(variants.map((v) => writeFile(join(dir, `${key}-${v.width}w.webp`), v.data)));
      // The canonical name is the widest copy: a second name for the same file, not a second file.
      await link(join(dir, `${key}-${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}w.webp`), join(dir, `${key}.webp`));
      return storedImageUrl(key);
    },
    async deleteImage(url) {
      if (!isOwnImageUrl(url)) return;
      const key = url.slice('/uploads/'.length, -'.webp'.length);
      const names = [`${key}.webp`, ...IMAGE_WIDTHS.map((w) => `${key}-${w}w.webp`)];
      await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
    },
  };
}
