// `npm run bench`: starts the server on a fresh seeded data directory and prints request throughput and
// latency for the browsing paths, confirmed bookings per second through the built-in card processor, and
// the web bundle's sizes. Figures only: nothing here passes or fails.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { addDays, storedImageUrl, TEST_SUCCESS_CARD, type PaymentIntent, type RoomAvailability } from '@staybook/domain';
import { startServer } from '../apps/api/src/test/server-process.js';
import { benchStatistics } from './bench-stats.js';

const CONCURRENCY = 16;
const DURATION_MS = 5_000;

function percentiles(latencies: number[]) {
  latencies.sort((a, b) => a - b);
  return (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(1);
}

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
  const pct = percentiles(latencies);
  console.log(
    `${label.padEnd(34)} ${String(Math.round(latencies.length / (DURATION_MS / 1000))).padStart(6)} req/s   p50 ${pct(50).padStart(6)} ms   p95 ${pct(95).padStart(6)} ms   p99 ${pct(99).padStart(6)} ms   errors ${errors}`,
  );
}

/**
 * Each client is a guest booking one-night stays, as the browser does (create the intent, confirm the card
 * with the built-in processor, confirm the booking), in rooms no other client books, so every booking succeeds.
 */
async function bookingLoad(base: string, roomIds: string[]): Promise<void> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const card = { number: TEST_SUCCESS_CARD, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
  const latencies: number[] = [];
  let errors = 0;
  const clients = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      const res = await post('/api/auth/sign-up/email', {
        name: `Bench guest ${c}`,
        email: `bench-${randomUUID().slice(0, 8)}@example.com`,
        password: 'bench password 123',
        image: storedImageUrl(randomUUID()),
      });
      const cookie = res.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ');
      // The free nights of this client's rooms, in order.
      const nights: { roomId: string; night: string }[] = [];
      for (const roomId of roomIds.filter((_, i) => i % CONCURRENCY === c)) {
        const a = (await (await fetch(`${base}/api/room/${roomId}/availability`)).json()) as RoomAvailability;
        for (let night = a.from; night < a.to; night = addDays(night, 1)) {
          if (!a.taken.some((s) => s.from <= night && night < s.to)) nights.push({ roomId, night });
        }
      }
      return { cookie, nights };
    }),
  );
  const started = performance.now();
  const end = Date.now() + DURATION_MS;
  await Promise.all(
    clients.map(async ({ cookie, nights }) => {
      for (const { roomId, night } of nights) {
        if (Date.now() >= end) return;
        const t0 = performance.now();
        const intentRes = await post('/api/create-payment-intent', { roomId, from: night, to: addDays(night, 1) }, cookie);
        if (intentRes.status !== 200) {
          errors += 1;
          continue;
        }
        const intent = (await intentRes.json()) as PaymentIntent;
        const confirmed = await post('/api/test-processor/confirm', { clientSecret: intent.clientSecret, card });
        await confirmed.arrayBuffer();
        const booked = await post('/api/booking', { paymentIntentId: intent.paymentIntentId }, cookie);
        await booked.arrayBuffer();
        if (confirmed.status !== 200 || booked.status !== 201) errors += 1;
        else latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const pct = percentiles(latencies);
  console.log(
    `\nconfirmed bookings (intent → card → booking, ${roomIds.length} rooms)\n${'  built-in test processor'.padEnd(34)} ${(latencies.length / seconds).toFixed(1).padStart(6)} bookings/s   p50 ${pct(50).padStart(6)} ms   p95 ${pct(95).padStart(6)} ms   p99 ${pct(99).padStart(6)} ms   errors ${errors}`,
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
const server = await startServer({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  // Every client books from this one address; the limits have tests of their own.
  AUTH_RATE_LIMIT: '0',
  PAYMENT_RATE_LIMIT: '0',
});
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
  await bookingLoad(base, ids);
  await bundleSizes();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
await benchStatistics();
