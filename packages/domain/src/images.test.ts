import { describe, expect, it } from 'vitest';
import { imageAtWidth, imageSrcSet, isOwnImageUrl, storedImageUrl } from './images.js';

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

describe('isOwnImageUrl', () => {
  it('accepts only the canonical URL of an image we stored', () => {
    expect(isOwnImageUrl(storedImageUrl('0b7e1f8c-1b2a-4c3d-9e8f-112233445566'))).toBe(true);
    expect(isOwnImageUrl('/uploads/0b7e1f8c-1b2a-4c3d-9e8f-112233445566-320w.webp')).toBe(false);
    expect(isOwnImageUrl('/uploads/../secret.webp')).toBe(false);
    expect(isOwnImageUrl('https://tracker.example/pixel.gif')).toBe(false);
    expect(isOwnImageUrl(null)).toBe(false);
  });
});
