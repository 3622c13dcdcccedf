import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATEGORY_LABELS } from '@staybook/domain';
import { drawSceneSvg } from './seed-scenes.js';

// The seed draws variants 0-2 as covers and 3-8 for galleries; a larger one checks that variants wrap around cleanly.
const VARIANTS = [0, 1, 2, 5, 8, 17];

describe('drawSceneSvg', () => {
  it.each(CATEGORY_LABELS)('draws %s as a 1600x1200 picture that renders', async (category) => {
    for (const variant of VARIANTS) {
      const svg = Buffer.from(drawSceneSvg(category, variant));
      expect(await sharp(svg).metadata()).toMatchObject({ format: 'svg', width: 1600, height: 1200 });
      // Rendering at a tenth of the size proves librsvg draws every shape, without the cost of full size.
      const { info } = await sharp(svg, { density: 7.2 }).raw().toBuffer({ resolveWithObject: true });
      expect({ width: info.width, height: info.height }).toEqual({ width: 160, height: 120 });
    }
  });

  it('is self-contained: no text, external resources or slow filters', () => {
    for (const category of CATEGORY_LABELS) {
      const svg = drawSceneSvg(category, 0);
      expect(svg).toMatch(/^<svg [^>]*width="1600" height="1200"/);
      expect(svg).not.toMatch(/<text|<image|href=|<filter|font-family/);
    }
  });

  it('is deterministic', () => {
    for (const category of CATEGORY_LABELS) {
      for (const variant of VARIANTS) expect(drawSceneSvg(category, variant)).toBe(drawSceneSvg(category, variant));
    }
  });

  it('draws a different picture for each variant of a category', () => {
    for (const category of CATEGORY_LABELS) {
      const svgs = VARIANTS.map((variant) => drawSceneSvg(category, variant));
      expect(new Set(svgs).size).toBe(VARIANTS.length);
    }
  });

  it('draws a different picture for each category', () => {
    for (const variant of [0, 1]) {
      const svgs = CATEGORY_LABELS.map((category) => drawSceneSvg(category, variant));
      expect(new Set(svgs).size).toBe(CATEGORY_LABELS.length);
    }
  });
});
