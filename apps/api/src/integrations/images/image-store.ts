import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { storedImageUrl } from '@staybook/domain';
import { encodeImageVariants } from './process-image.js';

/** Where the product keeps images it stores; the local disk is the default. */
export interface ImageStore {
  /** Re-encodes and stores an image; answers its canonical URL (`/uploads/<key>.webp`). */
  saveImage(input: Buffer): Promise<string>;
}

const OWN_IMAGE = /^\/uploads\/[0-9a-f-]{36}\.webp$/;

/** True for the canonical URL of an image this product stored (what an upload answers). */
export function isOwnImageUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && OWN_IMAGE.test(url);
}

export function localUploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
  constructor() {
    super('This file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.');
  }
}

export function createLocalImageStore(dataDir: string): ImageStore {
  const dir = localUploadsDir(dataDir);
  return {
    async saveImage(input) {
      const variants = await encodeImageVariants(input).catch(() => {
        throw new NotAnImageError();
      });
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
