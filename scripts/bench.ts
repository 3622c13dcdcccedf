// `npm run bench`: starts the server on a fresh seeded data directory and prints request throughput and
// latency for the browsing paths, plus the web bundle's sizes. Figures only: nothing here passes or fails.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../apps/api/src/test/server-process.js';

const CONCURRENCY = 16;
const DURATION_MS = 5_000;

async function load(label: string, url: () => string): Promise<void> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        const res = await fetch(url()).catch(() => null);
        if (!res || !res.ok) errors += 1;
        await res?.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(
    `${label.padEnd(34)} ${String(Math.round(latencies.length / (DURATION_MS / 1000))).padStart(6)} req/s   p50 ${pct(50).padStart(6)} ms   p95 ${pct(95).padStart(6)} ms   p99 ${pct(99).padStart(6)} ms   errors ${errors}`,
  );
}

async function bundleSizes(): Promise<void> {
  const dir = new URL('../apps/web/dist/assets/', import.meta.url);
  const files = await readdir(dir).catch(() => []);
  if (files.length === 0) return console.log('(web app not built: run `npm run build` for bundle sizes)');
  console.log('\nweb bundle (raw / gzip):');
  for (const file of files.filter((f) => f.endsWith('.js') || f.endsWith('.css')).sort()) {
    const path = new URL(file, dir);
    const size = (await stat(path)).size;
    const gz = gzipSync(await readFile(path)).length;
    console.log(`  ${file.padEnd(48)} ${(size / 1024).toFixed(1).padStart(8)} kB ${(gz / 1024).toFixed(1).padStart(8)} kB`);
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'staybook-bench-'));
const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '' });
try {
  const base = server.url;
  const page = (await (await fetch(`${base}/api/rooms?limit=60`)).json()) as { items: { _id: string; image: string }[] };
  const ids = page.items.map((r) => r._id);
  const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
  console.log(`database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}, ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each\n`);
  await load('GET /api/health', () => `${base}/api/health`);
  await load('GET /api/rooms (first page)', () => `${base}/api/rooms`);
  await load('GET /api/rooms?category=Lake', () => `${base}/api/rooms?category=Lake`);
  await load('GET /api/room/:id', () => `${base}/api/room/${pick()}`);
  await load('GET / (index.html)', () => `${base}/`);
  await load('GET /uploads/<card image 640w>', () => `${base}${page.items[0]!.image.replace('.webp', '-640w.webp')}`);
  await bundleSizes();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
