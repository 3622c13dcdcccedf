// The web app's bundle budget, checked by `npm test` right after `npm run build`
// (docs/decisions/017-bundle-budget.md). It reads Vite's build manifest and measures, gzip at level 9 as
// the server sends them (the build writes .gz files at that level):
//   - the home route's first-paint JavaScript: the entry chunk and every chunk it imports statically;
//   - every other (lazy) chunk on its own.
// It fails naming the chunk and its size when either passes its limit, and prints the figures when both hold.
// It also fails when the home page, or a room page, loads zod before it can be touched: the answers they read are
// checked by hand (docs/decisions/066-first-touch.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/** The limits, in gzip bytes. */
export const BUDGET = {
  /** What the home page may load before it paints (docs/decisions/017-bundle-budget.md, 023-preact-compat.md). */
  homeFirstPaint: 100 * KB,
  lazyChunk: 150 * KB,
};

/** The pages that load no zod before they can be touched: Vite's manifest keys of their entries. */
export const ZOD_FREE_PAGES = { 'the home page': 'index.html', 'a room page': 'src/app/routes/room-detail.tsx' };

/** zod's core names its base type in every build; nothing else in the app does. */
export const runsZod = (code) => code.includes('$ZodType');

export const formatKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * Measures a build. `manifest` is Vite's `.vite/manifest.json`; `gzipSize(file)` answers a chunk file's gzip
 * size, `readChunk(file)` its code. Answers the first-paint chunks of the entry `entryKey` with their sizes and
 * total, the lazy chunks with theirs (largest first), and the broken limits as sentences, a page of `zodFreePages`
 * (name: manifest key) that loads zod among them.
 */
export function checkBudget(
  manifest,
  gzipSize,
  { entryKey = 'index.html', budget = BUDGET, zodFreePages = {}, readChunk = () => '' } = {},
) {
  const entry = manifest[entryKey];
  if (!entry?.isEntry) throw new Error(`The build manifest has no entry "${entryKey}"`);

  /** A chunk and every chunk it imports statically: what loads with it. */
  const staticGraph = (from) => {
    const keys = new Set();
    const visit = (key) => {
      if (keys.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`The build manifest names a chunk it does not hold: "${key}"`);
      keys.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(from);
    return keys;
  };
  const firstPaintKeys = staticGraph(entryKey);

  const isJs = (file) => file.endsWith('.js');
  const measure = (keys) =>
    keys
      .map((key) => manifest[key].file)
      .filter(isJs)
      .map((file) => ({ file, gzip: gzipSize(file) }))
      .sort((a, b) => b.gzip - a.gzip);

  const firstPaint = measure([...firstPaintKeys]);
  const firstPaintTotal = firstPaint.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const lazy = measure(Object.keys(manifest).filter((key) => !firstPaintKeys.has(key)));

  const failures = [];
  if (firstPaintTotal > budget.homeFirstPaint) {
    const parts = firstPaint.map((c) => `${c.file} ${formatKb(c.gzip)}`).join(', ');
    failures.push(
      `The home route's first-paint JavaScript is ${formatKb(firstPaintTotal)} gzip, over its ${formatKb(budget.homeFirstPaint)} budget (${parts})`,
    );
  }
  for (const chunk of lazy) {
    if (chunk.gzip > budget.lazyChunk) {
      failures.push(`The lazy chunk ${chunk.file} is ${formatKb(chunk.gzip)} gzip, over its ${formatKb(budget.lazyChunk)} budget`);
    }
  }
  for (const [page, key] of Object.entries(zodFreePages)) {
    if (!manifest[key]) throw new Error(`The build manifest has no chunk "${key}" (${page})`);
    const withZod = [...staticGraph(key)].map((k) => manifest[k].file).filter((file) => isJs(file) && runsZod(readChunk(file)));
    if (withZod.length > 0) {
      failures.push(`${page[0].toUpperCase()}${page.slice(1)} loads zod before it can be touched (${withZod.join(', ')}): check what it reads with the domain's hand-checked shapes (first-paint-answers.ts)`);
    }
  }
  return { firstPaint, firstPaintTotal, lazy, failures };
}

function main() {
  const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  } catch (error) {
    console.error(`No build manifest in ${dist}.vite/ (run \`npm run build\` first): ${error.message}`);
    process.exit(1);
  }
  const result = checkBudget(manifest, (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, {
    zodFreePages: ZOD_FREE_PAGES,
    readChunk: (file) => readFileSync(join(dist, file), 'utf8'),
  });
  console.log(`Home route, first-paint JavaScript: ${formatKb(result.firstPaintTotal)} gzip (budget ${formatKb(BUDGET.homeFirstPaint)})`);
  for (const chunk of result.firstPaint) console.log(`  ${chunk.file.padEnd(48)} ${formatKb(chunk.gzip).padStart(9)}`);
  console.log(`Lazy chunks: ${result.lazy.length}, each within ${formatKb(BUDGET.lazyChunk)} gzip; the largest:`);
  for (const chunk of result.lazy.slice(0, 5)) console.log(`  ${chunk.file.padEnd(48)} ${formatKb(chunk.gzip).padStart(9)}`);
  if (result.failures.length > 0) {
    for (const failure of result.failures) console.error(`Bundle budget: ${failure}`);
    process.exit(1);
  }
  console.log(`Bundle budget: within limits; no zod before ${Object.keys(ZOD_FREE_PAGES).join(' or ')} can be touched`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
