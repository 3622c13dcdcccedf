import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeFailure, ImageNotProcessedError, NotAnImageError } from './process-image.js';

describe('image decoding failures', () => {
  it('answers "could not be processed" for a picture over the pixel limit or one that took too long, "not an image" otherwise', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    const overLimit = await sharp(png, { limitInputPixels: 10 }).metadata().catch((err: unknown) => err);
    expect(decodeFailure(overLimit)).toBeInstanceOf(ImageNotProcessedError);
    // What sharp's timeout reports (vips_error("timeout", "%d%% complete")); a real one needs a slow decode.
    expect(decodeFailure(new Error('timeout: 37% complete\n'))).toBeInstanceOf(ImageNotProcessedError);
    const garbage = await sharp(Buffer.from('not a picture')).metadata().catch((err: unknown) => err);
    expect(decodeFailure(garbage)).toBeInstanceOf(NotAnImageError);
  });
});
