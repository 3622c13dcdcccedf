import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '@staybook/domain';

export type ImageVariant = { width: ImageWidth | 'full'; data: Buffer };

/**
 * Re-encodes an image as WebP at each stored width (never enlarging), so nothing of the original
 * file — metadata, scripts, odd encodings — survives, and each slot can load the size it needs.
 * Encoding effort 2 is about three times faster than the default for ~5% larger files.
 * Throws when the bytes are not an image sharp can decode.
 */
export async function encodeImageVariants(input: Buffer): Promise<ImageVariant[]> {
  const source = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
  const variants = await Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({
      width,
      data: await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer(),
    })),
  );
  const widest = variants[variants.length - 1]!;
  return [...variants, { width: 'full', data: widest.data }];
}
