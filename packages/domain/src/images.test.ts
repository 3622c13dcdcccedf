import { describe, expect, it } from 'vitest';
import { imageAtWidth, imageSrcSet, storedImageUrl } from './images.js';

describe('stored image URLs', () => {
  it('lists every stored width for our own images', () => {
    expect(imageSrcSet(storedImageUrl('abc'))).toBe(
      '/uploads/abc-320w.webp 320w, /uploads/abc-640w.webp 640w, /uploads/abc-960w.webp 960w, /uploads/abc-1600w.webp 1600w',
    );
    expect(imageAtWidth('/uploads/abc.webp', 100)).toBe('/uploads/abc-320w.webp');
    expect(imageAtWidth('/uploads/abc.webp', 5000)).toBe('/uploads/abc-1600w.webp');
  });

  it('leaves outside URLs alone', () => {
    expect(imageSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(imageAtWidth('https://example.com/a.jpg', 100)).toBe('https://example.com/a.jpg');
  });
});
