import { randomUUID } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { IMAGE_WIDTHS, isOwnImageUrl, storedImageUrl } from '@staybook/domain';
import { encodeImageVariants, type ImageJobs } from './process-image.js';

export { ImageNotProcessedError, ImageQueueFullError, NotAnImageError } from './process-image.js';

/** One stored file, read for serving under /uploads. */
export type StoredFile = { body: Readable; length: number | undefined; etag: string | undefined; lastModified: Date | undefined };

/**
 * Where the bytes of stored images live. Only storage: encoding and naming are the image store's, the same
 * for every kind of files. The local disk is served by a static-file handler from `dir`; other stores are
 * read file by file.
 */
export type ImageFiles = {
  put(name: string, data: Buffer): Promise<void>;
  /** `to` becomes a second name for the bytes of `from`. */
  copy(from: string, to: string): Promise<void>;
  /** Removes these names; a missing one is no error. */
  remove(names: string[]): Promise<void>;
} & (
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      /** The file, null when there is none, 'not-modified' when its ETag is `ifNoneMatch`. */
      get(name: string, ifNoneMatch?: string): Promise<StoredFile | 'not-modified' | null>;
    }
);

/** Where the product keeps images it stores: the local disk by default, an S3-compatible bucket when configured. */
export interface ImageStore {
  /** Re-encodes and stores an image; answers its canonical URL (`/uploads/<key>.webp`). */
  saveImage(input: Buffer): Promise<string>;
  /**
   * Removes a stored image (every width and the canonical name). Idempotent; ignores any URL that is not
   * one of ours. The caller makes sure nothing refers to it any more.
   */
  deleteImage(url: string): Promise<void>;
  /** Where the files are, for serving them under /uploads. */
  readonly files: ImageFiles;
}

export function localUploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Files on the local disk, in DATA_DIR/uploads: what one server needs. */
export function localImageFiles(dir: string): ImageFiles {
  return {
    kind: 'local',
    dir,
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), data);
    },
    // A second name for the same file, not a second file.
    copy: (from, to) => link(join(dir, from), join(dir, to)),
    async remove(names) {
      await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
    },
  };
}

/**
 * The one image store: encodes every width (process-image.ts) and stores them in `files`.
 * `jobs`: the queue image work waits in; by default the one the whole process shares.
 */
export function createImageStore(files: ImageFiles, { jobs }: { jobs?: ImageJobs } = {}): ImageStore {
  return {
    files,
    async saveImage(input) {
      const variants = await encodeImageVariants(input, jobs);
      const key = randomUUID();
      await Promise.all(variants.map((v) => files.put(`${key}-${v.width}w.webp`, v.data)));
      // The canonical name is the widest copy.
      await files.copy(`${key}-${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}w.webp`, `${key}.webp`);
      return storedImageUrl(key);
    },
    async deleteImage(url) {
      if (!isOwnImageUrl(url)) return;
      const key = url.slice('/uploads/'.length, -'.webp'.length);
      await files.remove([`${key}.webp`, ...IMAGE_WIDTHS.map((w) => `${key}-${w}w.webp`)]);
    },
  };
}

export function createLocalImageStore(dataDir: string, options: { jobs?: ImageJobs } = {}): ImageStore {
  return createImageStore(localImageFiles(localUploadsDir(dataDir)), options);
}
