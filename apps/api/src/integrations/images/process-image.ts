import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '@staybook/domain';

export type ImageVariant = { width: ImageWidth; data: Buffer };

/** Photo formats people upload. Vector and document formats (SVG, PDF, TIFF…) can cost unbounded work to draw. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/** The bytes are not a photo we accept: the sender's mistake, answered with a 400. */
export class NotAnImageError extends Error {
  override name = 'NotAnImageError';
  constructor() {
    super('This file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.');
  }
}

/** One image at a time: decoding is CPU-bound, and a burst of uploads must not starve every other request. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Re-encodes an image as WebP at each stored width (never enlarging), so nothing of the original
 * file — metadata, scripts, odd encodings — survives, and each slot can load the size it needs.
 * Encoding effort 2 is about three times faster than the default for ~5% larger files.
 * Throws NotAnImageError when the bytes are not a photo we can read; a timeout is the server's problem.
 */
export function encodeImageVariants(input: Buffer): Promise<ImageVariant[]> {
  return oneAtATime(async () => {
    if (input.length === 0) throw new NotAnImageError();
    const source = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).timeout({ seconds: 10 });
    const { format } = await source.metadata().catch(() => ({ format: undefined }));
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError();
    const upright = source.rotate();
    const variants = await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        data: await upright
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78, effort: 2 })
          .toBuffer()
          .catch((err: unknown) => {
            // A recognised format whose pixels do not decode is still a bad file, unless we ran out of time.
            if (err instanceof Error && /timeout/i.test(err.message)) throw err;
            throw new NotAnImageError();
          }),
      })),
    );
    return variants;
  });
}
