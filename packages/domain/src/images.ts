/**
 * Images the product stores itself are kept at a few widths so each slot can load the smallest
 * one that fills it. A stored image's canonical URL is `/uploads/<key>.webp` (the widest copy);
 * each width lives beside it as `/uploads/<key>-<width>w.webp`.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const STORED = /^(\/uploads\/[A-Za-z0-9_-]+)\.webp$/;
/** Keys are UUIDs; anything else under /uploads was not stored by us. */
const OWN_IMAGE = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** True for the canonical URL of an image this product stored (what an upload answers). */
export function isOwnImageUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && OWN_IMAGE.test(url);
}

export function storedImageUrl(key: string, width?: ImageWidth): string {
  return width ? `/uploads/${key}-${width}w.webp` : `/uploads/${key}.webp`;
}

/** A `srcset` for an image we store; undefined for an outside URL (e.g. a Google profile photo). */
export function imageSrcSet(url: string): string | undefined {
  const m = STORED.exec(url);
  if (!m) return undefined;
  return IMAGE_WIDTHS.map((w) => `${m[1]}-${w}w.webp ${w}w`).join(', ');
}

/** The smallest stored width at least `minWidth` wide, for a fixed-size slot such as an avatar. */
export function imageAtWidth(url: string, minWidth: number): string {
  const m = STORED.exec(url);
  if (!m) return url;
  const width = IMAGE_WIDTHS.find((w) => w >= minWidth) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return `${m[1]}-${width}w.webp`;
}

/**
 * A room card's picture: the width of its `src`, and its rendered width at each grid breakpoint (the viewport
 * minus the container's padding and the gaps, divided by the columns; the container stops growing at 2520px).
 * The server's preload of the home page's first picture uses the same figures, so the browser picks the same file.
 */
export const ROOM_CARD_IMAGE_WIDTH = 640;
/**
 * A room page's cover: the width of its `src`, and its rendered width (it spans the article, max-w-5xl = 1024px,
 * inside the container's padding). The server preloads it with the same figures when it sends the room page.
 */
export const ROOM_COVER_IMAGE_WIDTH = 1600;
export const ROOM_COVER_IMAGE_SIZES = [
  '(min-width: 1104px) 1024px',
  '(min-width: 768px) calc(100vw - 80px)',
  '(min-width: 640px) calc(100vw - 48px)',
  'calc(100vw - 32px)',
].join(', ');
export const ROOM_CARD_IMAGE_SIZES = [
  '(min-width: 2520px) 367px',
  '(min-width: 1536px) calc((100vw - 320px) / 6)',
  '(min-width: 1280px) calc((100vw - 288px) / 5)',
  '(min-width: 1024px) calc((100vw - 176px) / 4)',
  '(min-width: 768px) calc((100vw - 144px) / 3)',
  '(min-width: 640px) calc((100vw - 80px) / 2)',
  'calc(100vw - 32px)',
].join(', ');
