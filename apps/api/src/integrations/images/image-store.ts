import { randomUUID } from 'node:crypto';
import { link, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_WIDTHS, storedImageUrl } from '@staybook/domain';
import { encodeImageVariants, type ImageJobs } from './process-image.js';

export { ImageNotProcessedError, ImageQueueFullError, NotAnImageError } from './process-image.js';

/** Where the product keeps images it stores; the local disk is the default. */
export interface ImageStore {
  /** Re-encodes and stores an image; answers its canonical URL (`/uploads/<key>.webp`). */
  saveImage(input: Buffer): Promise<string>;
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
  };
}
