import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storedImageUrl } from '@staybook/domain';
import { encodeImageVariants } from './process-image.js';

export { NotAnImageError } from './process-image.js';

/** Where the product keeps images it stores; the local disk is the default. */
export interface ImageStore {
  /** Re-encodes and stores an image; answers its canonical URL (`/uploads/<key>.webp`). */
  saveImage(input: Buffer): Promise<string>;
}

export function localUploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export function createLocalImageStore(dataDir: string): ImageStore {
  const dir = localUploadsDir(dataDir);
  return {
    async saveImage(input) {
      const variants = await encodeImageVariants(input);
      const key = randomUUID();
      await mkdir(dir, { recursive: true });
      await Promise.all(
        variants.map((v) =>
          writeFile(join(dir, v.width === 'full' ? `${key}.webp` : `${key}-${v.width}w.webp`), v.data),
        ),
      );
      return storedImageUrl(key);
    },
  };
}
