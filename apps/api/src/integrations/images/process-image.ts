import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '@staybook/domain';

export type ImageVariant = { width: ImageWidth; data: Buffer };

/** Photo formats people upload. Vector and document formats (SVG, PDF, TIFF…) can cost unbounded work to draw. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/** What a camera photo needs; more is refused from the header, before any pixel is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** A photo within the pixel limit decodes in well under this; a crafted one may not. */
const DECODE_TIMEOUT_SECONDS = 10;
/** Images that may wait while one is processed; more are turned away at once rather than queued for minutes. */
const MAX_WAITING = 4;
const RETRY_AFTER_SECONDS = 5;

/** The bytes are not a photo we accept: the sender's mistake, answered with a 400. */
export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
  constructor() {
    super('This file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.');
  }
}

/** A picture, but one that costs more to decode than a photo may (too many pixels, or too slow): a 400. */
export class ImageNotProcessedError extends Error {
  override name = 'ImageNotProcessedError';
  constructor() {
    super(`This image could not be processed. Please choose a smaller picture (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`);
  }
}

/** The queue is full: the caller should come back after `retryAfterSeconds` (a 503). */
export class ImageQueueFullError extends Error {
  override name = 'ImageQueueFullError';
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor() {
    super('Many pictures are being processed right now. Please try again in a few seconds.');
  }
}

export type ImageJobs = { run<T>(job: () => Promise<T>): Promise<T> };

/**
 * One image job at a time: decoding is CPU-bound, and a burst of uploads must not starve every other request.
 * At most `maxWaiting` jobs wait behind it; further ones fail at once with ImageQueueFullError.
 */
export function createImageJobs({ maxWaiting }: { maxWaiting: number }): ImageJobs {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    run(job) {
      if (pending > maxWaiting) return Promise.reject(new ImageQueueFullError());
      pending += 1;
      const run = tail.then(job, job).finally(() => {
        pending -= 1;
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** The process-wide queue every image store shares unless given its own. */
export const sharedImageJobs = createImageJobs({ maxWaiting: MAX_WAITING });

/** sharp reports an over-limit header as "Input image exceeds pixel limit" and a timeout as "timeout: N% complete". */
export function decodeFailure(err: unknown): NotAnImageError | ImageNotProcessedError {
  const message = err instanceof Error ? err.message : '';
  return /exceeds pixel limit|timeout: \d+% complete/i.test(message) ? new ImageNotProcessedError() : new NotAnImageError();
}

/**
 * Re-encodes an image as WebP at each stored width (never enlarging), so nothing of the original
 * file — metadata, scripts, odd encodings — survives, and each slot can load the size it needs.
 * The file is decoded once, shrunk on load (JPEG, WebP) to the widest stored width; every width is made
 * from those pixels. Encoding effort 2 is about three times faster than the default for ~5% larger files.
 * Throws NotAnImageError when the bytes are not a photo we can read, ImageNotProcessedError when one would
 * cost too much to decode, and ImageQueueFullError when too many wait.
 */
export function encodeImageVariants(input: Buffer, jobs: ImageJobs = sharedImageJobs): Promise<ImageVariant[]> {
  return jobs.run(async () => {
    if (input.length === 0) throw new NotAnImageError();
    const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
    const { format } = await sharp(input, options)
      .metadata()
      .catch((err: unknown) => {
        throw decodeFailure(err);
      });
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError();
    const widest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    const decoded = await sharp(input, options)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
      .catch((err: unknown) => {
        throw decodeFailure(err);
      });
    const { width, height, channels } = decoded.info;
    const pixels = sharp(decoded.data, { raw: { width, height, channels } });
    return Promise.all(
      IMAGE_WIDTHS.map(async (w) => ({
        width: w,
        data: await pixels.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer(),
      })),
    );
  });
}
