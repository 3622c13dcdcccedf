// The statistics dashboards under load: a database of its own with 100,000 bookings (a bench-only seed,
// not the demo's), then throughput and latency of `/api/admin-stat`, `/api/host-stat`, `/api/guest-stat`
// and their calendars. On PostgreSQL when DATABASE_URL is set (a database made for the run and dropped
// after), else on the embedded database. `npm run bench` calls it; figures only, nothing passes or fails.
import { openDatabase } from '../apps/api/src/db/client.js';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, createBenchDatabase, seedStatisticsBench } from '../apps/api/src/db/bench-seed.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { startServer } from '../apps/api/src/test/server-process.js';

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench sign-in of ${email} failed: ${res.status}`);
  return res.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ');
}

async function measure(label: string, url: string, cookie: string, { concurrency, durationMs }: { concurrency: number; durationMs: number }): Promise<void> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        const res = await fetch(url, { headers: { cookie } }).catch(() => null);
        if (!res || !res.ok) errors += 1;
        await res?.arrayBuffer();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(1);
  console.log(
    `${label.padEnd(40)} ${String(Math.round(latencies.length / (durationMs / 1000))).padStart(6)} req/s   p50 ${at(50).padStart(6)} ms   p95 ${at(95).padStart(6)} ms   errors ${errors}`,
  );
}

/** Seeds `bookings` stays in a database of its own, starts a server on it, and prints each statistics endpoint's figures. */
export async function benchStatistics({ bookings = 100_000, concurrency = 16, durationMs = 5_000 } = {}): Promise<void> {
  const database = await createBenchDatabase();
  try {
    const seeding = performance.now();
    const handle = await openDatabase(database.target);
    try {
      await migrateDatabase(handle);
      await seedStatisticsBench(handle.db, bookings);
    } finally {
      await handle.close();
    }
    console.log(`\nstatistics (${database.target.kind}, ${bookings.toLocaleString('en-US')} bookings seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s, ${concurrency} concurrent clients, ${durationMs / 1000} s each)`);
    const server = await startServer({ ...database.env, SEED_DEMO: '0', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '0' });
    try {
      const base = server.url;
      const cookies = {
        admin: await signIn(base, BENCH_ACCOUNTS.admin),
        host: await signIn(base, BENCH_ACCOUNTS.host),
        guest: await signIn(base, BENCH_ACCOUNTS.guest),
      };
      const month = new Date().toISOString().slice(0, 7);
      const options = { concurrency, durationMs };
      for (const view of ['admin', 'host', 'guest'] as const) {
        await measure(`GET /api/${view}-stat (12 months)`, `${base}/api/${view}-stat?tz=Europe/Paris`, cookies[view], options);
        await measure(`GET /api/${view}-stat?range=all`, `${base}/api/${view}-stat?range=all&tz=Europe/Paris`, cookies[view], options);
        await measure(`GET /api/${view}-stat/calendar`, `${base}/api/${view}-stat/calendar?month=${month}`, cookies[view], options);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.cleanup();
  }
}

// `node --import tsx scripts/bench-stats.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) await benchStatistics({ ...(process.env.BENCH_BOOKINGS ? { bookings: Number(process.env.BENCH_BOOKINGS) } : {}) });
