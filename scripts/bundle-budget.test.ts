import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { checkBudget } from './bundle-budget.mjs';

const KB = 1024;

/** A manifest as Vite writes it: the entry imports a vendor chunk; two pages are loaded lazily. */
const manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_vendor-b2.js'],
    dynamicImports: ['src/room-detail.tsx', 'src/stats.tsx'],
    css: ['assets/index-c3.css'],
  },
  '_vendor-b2.js': { file: 'assets/vendor-b2.js' },
  '_shared-d4.js': { file: 'assets/shared-d4.js' },
  'src/room-detail.tsx': { file: 'assets/room-detail-e5.js', isDynamicEntry: true, imports: ['_vendor-b2.js', '_shared-d4.js'] },
  'src/stats.tsx': { file: 'assets/stats-f6.js', isDynamicEntry: true, imports: ['_shared-d4.js'] },
  'index.css': { file: 'assets/index-c3.css' },
};

function sizes(gzipKb: Record<string, number>) {
  return (file: string) => {
    const kb = gzipKb[file];
    if (kb === undefined) throw new Error(`measured an unexpected file: ${file}`);
    return kb * KB;
  };
}

const withinBudget = {
  'assets/index-a1.js': 30,
  'assets/vendor-b2.js': 60,
  'assets/shared-d4.js': 5,
  'assets/room-detail-e5.js': 10,
  'assets/stats-f6.js': 140,
};

describe('the bundle budget', () => {
  it('counts the entry and its static imports as first paint, every other chunk as lazy, and passes within limits', () => {
    const result = checkBudget(manifest, sizes(withinBudget), { budget: { homeFirstPaint: 100 * KB, lazyChunk: 150 * KB } });
    expect(result.failures).toEqual([]);
    expect(result.firstPaintTotal).toBe(90 * KB);
    expect(result.firstPaint.map((c: { file: string }) => c.file)).toEqual(['assets/vendor-b2.js', 'assets/index-a1.js']);
    expect(result.lazy.map((c: { file: string }) => c.file)).toEqual(['assets/stats-f6.js', 'assets/room-detail-e5.js', 'assets/shared-d4.js']);
  });

  it('fails when the home route passes its budget, naming the size and the chunks', () => {
    const result = checkBudget(manifest, sizes({ ...withinBudget, 'assets/vendor-b2.js': 71 }), {
      budget: { homeFirstPaint: 100 * KB, lazyChunk: 150 * KB },
    });
    expect(result.failures).toEqual([
      "The home route's first-paint JavaScript is 101.0 KB gzip, over its 100.0 KB budget (assets/vendor-b2.js 71.0 KB, assets/index-a1.js 30.0 KB)",
    ]);
  });

  it('fails when a lazy chunk passes its budget, naming the chunk and its size', () => {
    const result = checkBudget(manifest, sizes({ ...withinBudget, 'assets/stats-f6.js': 150.5 }), {
      budget: { homeFirstPaint: 100 * KB, lazyChunk: 150 * KB },
    });
    expect(result.failures).toEqual(['The lazy chunk assets/stats-f6.js is 150.5 KB gzip, over its 150.0 KB budget']);
  });

  it("fails when the home page or a room page loads zod, naming the page and the chunk", () => {
    const zodFreePages = { 'the home page': 'index.html', 'a room page': 'src/room-detail.tsx' };
    const code: Record<string, string> = { 'assets/shared-d4.js': 'var q=j(`$ZodType`,(e,t)=>{})' };
    const result = checkBudget(manifest, sizes(withinBudget), { zodFreePages, readChunk: (file: string) => code[file] ?? '' });
    expect(result.failures).toEqual([
      "A room page loads zod before it can be touched (assets/shared-d4.js): check what it reads with the domain's hand-checked shapes (first-paint-answers.ts)",
    ]);
    const lazyOnly = checkBudget(manifest, sizes(withinBudget), {
      zodFreePages: { 'the home page': 'index.html' },
      readChunk: (file: string) => code[file] ?? '',
    });
    expect(lazyOnly.failures).toEqual([]);
  });

  it('refuses a manifest without the entry', () => {
    expect(() => checkBudget({}, sizes(withinBudget))).toThrow('The build manifest has no entry "index.html"');
  });
});
