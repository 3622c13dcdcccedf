// `npm run bench`: starts the server on a fresh data directory (PGlite), or on a database it creates on the
// PostgreSQL server in DATABASE_URL (and drops afterwards), and prints request throughput and latency for the
// browsing paths next to a bare Fastify route sending the same bytes from memory, confirmed bookings per
// second through the built-in card processor, and the web bundle's sizes. Figures only: nothing here passes
// or fails.
//
//   npm run bench                          the demo marketplace
//   npm run bench -- --rooms=100000        100,000 rooms (a tenth of them with stays) written straight into
//                                          the database for this run instead of the demo seed
//   --duration=10 --connections=32         seconds per path and concurrent connections (defaults 5 and 32)
//   --bookings=100000                      stays in the statistics section's own database (default 100,000)
//
// Load comes from autocannon in this process; the app and the bare route each run in a process of their own,
// on ports 6340 (app) and 6341 (bare route); the statistics section starts a server of its own on 6342.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { addDays, storedImageUrl, TEST_SUCCESS_CARD, type PaymentIntent, type RoomAvailability, type RoomsPage } from '@staybook/domain';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, createBenchDatabase, seedRoomsBench, seedStatisticsBench } from '../apps/api/src/db/bench-seed.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { startServer } from '../apps/api/src/test/server-process.js';

const { values: args } = parseArgs({
  options: {
    rooms: { type: 'string', default: '0' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    bookings: { type: 'string', default: '100000' },
  },
});
const SEED_ROOMS = Number(args.rooms);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const STAT_BOOKINGS = Number(args.bookings);
const APP_PORT = 6340;
const BARE_PORT = 6341;
const STATS_PORT = 6342;
/** A dashboard has a few readers at once, not a crowd: its figures are taken with fewer connections. */
const STATS_CONNECTIONS = Math.min(CONNECTIONS, 8);

/** What every section of the bench gets: the running app, and what it runs on. */
export type BenchContext = { base: string; database: 'pglite' | 'postgres'; databaseUrl: string | null; rooms: number };
export type BenchSection = { title: string; run(ctx: BenchContext): Promise<void> };

type Figures = { rps: number; p50: number; p99: number; errors: number };

async function measure(
  url: string,
  { requests, headers, connections = CONNECTIONS }: { requests?: autocannon.Request[]; headers?: Record<string, string>; connections?: number } = {},
): Promise<Figures> {
  const options = { url, connections, ...(requests ? { requests } : {}), ...(headers ? { headers } : {}) };
  // One unreported second first: JIT, connection set-up and a first (uncached) answer are not the figure.
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const fmt = (f: Figures) =>
  `${Math.round(f.rps).toLocaleString('en-US').padStart(7)} req/s  p50 ${f.p50.toFixed(0).padStart(4)} ms  p99 ${f.p99.toFixed(0).padStart(4)} ms`;

/**
 * A bare Fastify route in a process of its own that answers each path with bytes it was handed: the
 * ceiling a route serving those bytes from memory reaches on this machine.
 */
async function startBareRoute(): Promise<{ url: string; serve(path: string, body: Buffer, type: string): Promise<void>; stop(): Promise<void> }> {
  const source = `
    const app = require('fastify')();
    const bodies = new Map();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_r, body, done) => done(null, body));
    app.put('/__bytes', async (req) => { bodies.set(req.headers['x-path'], { body: req.body, type: req.headers['x-type'] }); return 'ok'; });
    app.get('/*', async (req, reply) => {
      const hit = bodies.get(req.url);
      if (!hit) return reply.code(404).send();
      return reply.type(hit.type).send(hit.body);
    });
    app.listen({ host: '127.0.0.1', port: ${BARE_PORT} }).then(() => console.log('ready'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', source], {
    cwd: new URL('../apps/api/', import.meta.url),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  const url = `http://127.0.0.1:${BARE_PORT}`;
  return {
    url,
    async serve(path, body, type) {
      const res = await fetch(`${url}/__bytes`, {
        method: 'PUT',
        headers: { 'x-path': path, 'x-type': type, 'content-type': 'application/octet-stream' },
        body,
      });
      if (!res.ok) throw new Error(`bare route: ${res.status}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Each browsing path against the app, then the same bytes from the bare route, and the ratio. */
const browsing: BenchSection = {
  title: 'browsing',
  async run({ base }) {
    const first = (await (await fetch(`${base}/api/rooms`)).json()) as RoomsPage;
    let later = first;
    let laterPath = '/api/rooms';
    for (let page = 2; page <= 5 && later.nextCursor; page += 1) {
      laterPath = `/api/rooms?cursor=${later.nextCursor}`;
      later = (await (await fetch(`${base}${laterPath}`)).json()) as RoomsPage;
    }
    const category = first.items[0]?.category ?? 'Lake';
    const room = first.items[0]!;
    const ids = ((await (await fetch(`${base}/api/rooms?limit=60`)).json()) as RoomsPage).items.map((r) => r._id);
    const paths: [string, string][] = [
      ['home list (GET /api/rooms)', '/api/rooms'],
      [`a category (${category})`, `/api/rooms?category=${category}`],
      ['a later page (5th)', laterPath],
      ['a room (GET /api/room/:id)', `/api/room/${room._id}`],
    ];
    const bare = await startBareRoute();
    try {
      console.log(`${''.padEnd(30)} ${'app'.padEnd(40)} ${'bare route, same bytes'.padEnd(40)} ratio`);
      for (const [label, path] of paths) {
        const res = await fetch(`${base}${path}`);
        await bare.serve(path, Buffer.from(await res.arrayBuffer()), res.headers.get('content-type') ?? 'application/json');
        const app = await measure(`${base}${path}`);
        const ceiling = await measure(`${bare.url}${path}`);
        console.log(
          `${label.padEnd(30)} ${fmt(app)}${app.errors ? ` (${app.errors} errors)` : ''}   ${fmt(ceiling)}   ${((app.rps / ceiling.rps) * 100).toFixed(0).padStart(3)}%`,
        );
      }
      // Different rooms in turn, so answers are made as well as served from the cache.
      const many = await measure(base, { requests: ids.map((id) => ({ method: 'GET', path: `/api/room/${id}` })) });
      console.log(`${`${ids.length} rooms in turn`.padEnd(30)} ${fmt(many)}`);
      const cold = await measure(`${base}/api/health`);
      console.log(`${'GET /api/health (one query)'.padEnd(30)} ${fmt(cold)}`);
    } finally {
      await bare.stop();
    }
  },
};

/**
 * Each client is a guest booking one-night stays, as the browser does (create the intent, confirm the card
 * with the built-in processor, confirm the booking), in rooms no other client books, so every booking succeeds.
 */
const bookingsSection: BenchSection = {
  title: 'confirmed bookings',
  async run({ base }) {
    const clientsCount = 16;
    const roomIds = ((await (await fetch(`${base}/api/rooms?limit=60`)).json()) as RoomsPage).items.filter((r) => !r.booked).map((r) => r._id);
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
      Array.from({ length: clientsCount }, async (_, c) => {
        const res = await post('/api/auth/sign-up/email', {
          name: `Bench guest ${c}`,
          email: `bench-${randomUUID().slice(0, 8)}@example.com`,
          password: 'bench password 123',
          image: storedImageUrl(randomUUID()),
        });
        const cookie = res.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ');
        // The free nights of this client's rooms, in order.
        const nights: { roomId: string; night: string }[] = [];
        for (const roomId of roomIds.filter((_, i) => i % clientsCount === c)) {
          const a = (await (await fetch(`${base}/api/room/${roomId}/availability`)).json()) as RoomAvailability;
          for (let night = a.from; night < a.to; night = addDays(night, 1)) {
            if (!a.taken.some((s) => s.from <= night && night < s.to)) nights.push({ roomId, night });
          }
        }
        return { cookie, nights };
      }),
    );
    const started = performance.now();
    const end = Date.now() + DURATION_S * 1000;
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
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(1);
    console.log(
      `(intent → card → booking, ${clientsCount} guests, ${roomIds.length} rooms)\n${'built-in test processor'.padEnd(30)} ${(latencies.length / seconds).toFixed(1).padStart(7)} bookings/s  p50 ${pct(50).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  errors ${errors}`,
    );
  },
};

const bundleSizes: BenchSection = {
  title: 'web bundle (raw / gzip)',
  async run() {
    const dir = new URL('../apps/web/dist/assets/', import.meta.url);
    const files = await readdir(dir).catch(() => []);
    if (files.length === 0) return console.log('(web app not built: run `npm run build` for bundle sizes)');
    for (const file of files.filter((f) => f.endsWith('.js') || f.endsWith('.css')).sort()) {
      const path = new URL(file, dir);
      const size = (await stat(path)).size;
      const gz = gzipSync(await readFile(path)).length;
      console.log(`  ${file.padEnd(48)} ${(size / 1024).toFixed(1).padStart(8)} kB ${(gz / 1024).toFixed(1).padStart(8)} kB`);
    }
  },
};

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench sign-in of ${email} failed: ${res.status}`);
  return res.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ');
}

/**
 * The statistics dashboards: a database of its own with `--bookings` stays (a bench-only seed, not the demo's),
 * a server of its own on it, and each view's figures and calendar for the admin, a host and a guest.
 */
const statistics: BenchSection = {
  title: 'statistics',
  async run() {
    const database = await createBenchDatabase();
    try {
      const seeding = performance.now();
      const handle = await openDatabase(database.target);
      try {
        await migrateDatabase(handle);
        await seedStatisticsBench(handle.db, STAT_BOOKINGS);
      } finally {
        await handle.close();
      }
      console.log(
        `(${STAT_BOOKINGS.toLocaleString('en-US')} bookings in a database of their own, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${STATS_CONNECTIONS} connections)`,
      );
      const server = await startServer({ ...database.env, PORT: String(STATS_PORT), SEED_DEMO: '0', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '0' });
      try {
        const month = new Date().toISOString().slice(0, 7);
        for (const view of ['admin', 'host', 'guest'] as const) {
          const headers = { cookie: await signIn(server.url, BENCH_ACCOUNTS[view]) };
          const paths: [string, string][] = [
            [`GET /api/${view}-stat (12 months)`, `/api/${view}-stat?tz=Europe/Paris`],
            [`GET /api/${view}-stat?range=all`, `/api/${view}-stat?range=all&tz=Europe/Paris`],
            [`GET /api/${view}-stat/calendar`, `/api/${view}-stat/calendar?month=${month}`],
          ];
          for (const [label, path] of paths) {
            const figures = await measure(`${server.url}${path}`, { headers, connections: STATS_CONNECTIONS });
            console.log(`${label.padEnd(34)} ${fmt(figures)}${figures.errors ? ` (${figures.errors} errors)` : ''}`);
          }
        }
      } finally {
        await server.stop();
      }
    } finally {
      await database.cleanup();
    }
  },
};

/** The sections, in the order they run; each prints under its title. */
const sections: BenchSection[] = [browsing, bookingsSection, statistics, bundleSizes];

const database = await createBenchDatabase();
try {
  if (SEED_ROOMS > 0) {
    const started = performance.now();
    const handle = await openDatabase(database.target);
    try {
      await migrateDatabase(handle);
      await seedRoomsBench(handle.db, SEED_ROOMS);
    } finally {
      await handle.close();
    }
    console.log(`seeded ${SEED_ROOMS.toLocaleString('en-US')} rooms and ${Math.floor(SEED_ROOMS / 10).toLocaleString('en-US')} stays in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const server = await startServer({
    ...database.env,
    PORT: String(APP_PORT),
    LOG_LEVEL: 'warn',
    SEED_DEMO: SEED_ROOMS > 0 ? '0' : '1',
    // Every client books from this one address; the limits have tests of their own.
    AUTH_RATE_LIMIT: '0',
    PAYMENT_RATE_LIMIT: '0',
  });
  try {
    const ctx: BenchContext = { base: server.url, database: database.target.kind, databaseUrl: database.env.DATABASE_URL || null, rooms: SEED_ROOMS };
    console.log(
      `database: ${database.target.kind}, ${SEED_ROOMS > 0 ? `${SEED_ROOMS.toLocaleString('en-US')} bench rooms` : 'demo seed'}, ${CONNECTIONS} connections, ${DURATION_S} s per path`,
    );
    for (const section of sections) {
      console.log(`\n${section.title}`);
      await section.run(ctx);
    }
  } finally {
    await server.stop();
  }
} finally {
  await database.cleanup();
}
