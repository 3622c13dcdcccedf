// `npm run bench`: starts the server on a fresh data directory (PGlite), or on a database it creates on the
// PostgreSQL server in DATABASE_URL (and drops afterwards), and prints request throughput and latency for the
// browsing paths next to a bare Fastify route sending the same bytes from memory, confirmed bookings per
// second through the built-in card processor, the statistics dashboards, the search (with the query plans of its
// cases on PostgreSQL), and the web bundle's sizes. Figures only: nothing here passes or fails.
//
//   npm run bench                          the demo marketplace
//   npm run bench -- --rooms=100000        100,000 rooms (a tenth of them with stays) written straight into
//                                          the database for this run instead of the demo seed
//   --duration=10 --connections=32         seconds per path and concurrent connections (defaults 5 and 32)
//   --bookings=100000                      stays in the statistics section's own database (default 100,000;
//                                          a room more per 200 stays past it). Written in bulk (triggers and
//                                          plain indexes off, rollups rebuilt after): 1,000,000 take about a
//                                          minute on PostgreSQL (58-69 s on 2 cores; docs/decisions/044)
//   --search-rooms=100000 --search-bookings=1000000
//                                          rooms and confirmed stays in the search section's own database
//                                          (the defaults on PostgreSQL; on PGlite 10,000 and 100,000)
//   --keep-search-database=NAME            the search section's PostgreSQL database under this name on DATABASE_URL's
//                                          server: seeded the first time, kept, and searched as it is the next times
//                                          (the seed takes minutes at 100,000 rooms; the figures want a quiet machine).
//                                          The seed's dates are from its day: seed again on another day
//                                          (DROP DATABASE NAME)
//   --only=search,statistics               only these sections (browsing, bookings, statistics, search, calendar, bundle)
//   --plans                                the search section prints each case's whole query plans too
//   --server-processes=N                   the search section's server processes (SERVER_PROCESSES; default one per
//                                          core on PostgreSQL, one on PGlite)
//   --cpu-prof=DIR                         the app's (and the search section's) server writes a V8 CPU profile into DIR when it stops
//                                          (open it in Chrome's DevTools, Performance tab)
//
// Load comes from autocannon in this process; the app and the bare route each run in a process of their own,
// on ports 6340 (app) and 6341 (bare route); the statistics section starts a server of its own on 6342, the
// search section one on 6343.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  addDays,
  storedImageUrl,
  TEST_SUCCESS_CARD,
  type PaymentIntent,
  type RoomAvailability,
  type HostRoomsPage,
  type RoomsPage,
} from '@staybook/domain';
import { DEMO_USERS } from '../apps/api/src/seed/demo-data.js';
import { buildApp } from '../apps/api/src/app.js';
import { parseConfig } from '../apps/api/src/config.js';
import { interleaved, searchCases } from './bench-searches.js';
import {
  BENCH_ACCOUNTS,
  BENCH_PASSWORD,
  createBenchDatabase,
  seedRoomsBench,
  seedSearchBench,
  seedStatisticsBench,
} from './bench-seed.js';
import { openDatabase, type Database, type DatabaseTarget } from '../apps/api/src/db/client.js';
import { outboxDir } from '../apps/api/src/integrations/mail/mailer.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';
import { PLACE_MATCH_THRESHOLD } from '../apps/api/src/modules/rooms/room-search.js';
import { signUpVerified, startServer, type RunningServer } from '../apps/api/src/test/server-process.js';
import { apiBuildIsStale, buildApi } from './build-api.mjs';
import { webBuildIsStale } from './build-state.mjs';

const { values: args } = parseArgs({
  options: {
    rooms: { type: 'string', default: '0' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    bookings: { type: 'string', default: '100000' },
    'search-rooms': { type: 'string' },
    'search-bookings': { type: 'string' },
    'keep-search-database': { type: 'string' },
    only: { type: 'string' },
    plans: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'server-processes': { type: 'string' },
  },
});
const SEED_ROOMS = Number(args.rooms);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const STAT_BOOKINGS = Number(args.bookings);
const APP_PORT = 6340;
const BARE_PORT = 6341;
const STATS_PORT = 6342;
const SEARCH_PORT = 6343;
// Issue 33's goal is for 100,000 rooms on PostgreSQL and 10,000 on the embedded database.
const SEARCH_ROOMS = Number(args['search-rooms'] ?? (process.env.DATABASE_URL ? 100_000 : 10_000));
const SEARCH_BOOKINGS = Number(args['search-bookings'] ?? SEARCH_ROOMS * 10);
// The search section's server as a site on this machine would run it: a process per core on PostgreSQL
// (SERVER_PROCESSES, docs/decisions/068-server-processes.md); the embedded database has one.
const SEARCH_PROCESSES = Number(args['server-processes'] ?? (process.env.DATABASE_URL ? availableParallelism() : 1));
const ARGS_PLANS = args.plans;
const ONLY = args.only ? new Set(args.only.split(',').map((name) => name.trim())) : null;
/** A dashboard has a few readers at once, not a crowd: its figures are taken with fewer connections. */
const STATS_CONNECTIONS = Math.min(CONNECTIONS, 8);
/** What Node.js is started with for a server whose V8 CPU profile --cpu-prof asks for. */
const PROFILED = { nodeArgs: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [] };

/** What every section of the bench gets: the running app, and what it runs on. */
export type BenchContext = {
  base: string;
  /** The app's server and data directory (its outbox holds the verification mails), when the bench started one. */
  server: RunningServer | null;
  dataDir: string;
  database: 'pglite' | 'postgres';
  databaseUrl: string | null;
  rooms: number;
};
export type BenchSection = {
  /** Its name for --only. */
  key: string;
  title: string;
  /** Whether it measures the app the bench starts (else it brings what it needs, or nothing). */
  usesApp: boolean;
  run(ctx: BenchContext): Promise<void>;
};

/** `cpuMs`: the server's CPU time per answer (user and system), when `measure` was given its process. */
type Figures = { rps: number; p50: number; p99: number; errors: number; cpuMs?: number };

async function measure(
  url: string,
  {
    requests,
    headers,
    connections = CONNECTIONS,
    server,
    rate,
  }: { requests?: autocannon.Request[]; headers?: Record<string, string>; connections?: number; server?: { pid: number | undefined }; rate?: number } = {},
): Promise<Figures> {
  // `rate`: requests a second in all, rather than as fast as the server answers. autocannon lets each connection send
  // its share of a second's requests back to back from the second's start, so they come in bursts, not spread as
  // visitors' are. Its correction for the requests a slow answer held back is off: it takes the interval between
  // requests as 1/rate *milliseconds*, and so counted a 200 ms answer some 200 times, all but one of them made up.
  const options = {
    url,
    connections,
    ...(requests ? { requests } : {}),
    ...(headers ? { headers } : {}),
    ...(rate ? { overallRate: rate, ignoreCoordinatedOmission: true } : {}),
  };
  // One unreported second first: JIT, connection set-up and a first (uncached) answer are not the figure.
  await autocannon({ ...options, duration: 1 });
  const cpuBefore = server ? await processCpuMs(server.pid) : null;
  const result = await autocannon({ ...options, duration: DURATION_S });
  const cpuAfter = server ? await processCpuMs(server.pid) : null;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    // The CPU an answer costs holds on a busy machine, where the latencies do not.
    ...(cpuBefore !== null && cpuAfter !== null && result.requests.total > 0 ? { cpuMs: (cpuAfter - cpuBefore) / result.requests.total } : {}),
  };
}

const fmt = (f: Figures) =>
  `${Math.round(f.rps).toLocaleString('en-US').padStart(7)} req/s  p50 ${f.p50.toFixed(0).padStart(4)} ms  p99 ${f.p99.toFixed(0).padStart(4)} ms`;
/** ' (3 errors)' after a run's figures when any request failed; nothing when none did. */
const errorsOf = (f: Figures) => (f.errors ? ` (${f.errors} errors)` : '');

/**
 * A bare Fastify route in a process of its own that answers each path with bytes it was handed: the
 * ceiling a route serving those bytes from memory reaches on this machine.
 */
async function startBareRoute(): Promise<{ url: string; pid: number | undefined; serve(path: string, body: Buffer, type: string): Promise<void>; stop(): Promise<void> }> {
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
    pid: child.pid,
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

/** Rounds of app-then-bare-route per browsing path: the figures are each side's median round. */
const BROWSING_ROUNDS = 3;

/** The round with the median requests a second. */
function medianRound(rounds: Figures[]): Figures {
  return [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)]!;
}

const cpuOf = (f: Figures) => (f.cpuMs === undefined ? '' : `  ${Math.round(f.cpuMs * 1000).toLocaleString('en-US').padStart(4)} µs CPU`);

/**
 * Each browsing path against the app, then the same bytes from the bare route, and the ratio. On two cores the
 * load generator, the app and the bare route share the machine, and one run of each swung the ratio from 41% to
 * 78% between two runs of the same build; so each path takes BROWSING_ROUNDS turns of both, and the CPU each side
 * spends per answer (which holds when the machine is busy) is printed beside them.
 */
const browsing: BenchSection = {
  key: 'browsing',
  title: 'browsing',
  usesApp: true,
  async run({ base, server }) {
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
      console.log(`(median of ${BROWSING_ROUNDS} rounds each; CPU is the serving process's per answer)`);
      console.log(`${''.padEnd(30)} ${'app'.padEnd(53)} ${'bare route, same bytes'.padEnd(53)} ratio`);
      for (const [label, path] of paths) {
        const res = await fetch(`${base}${path}`);
        await bare.serve(path, Buffer.from(await res.arrayBuffer()), res.headers.get('content-type') ?? 'application/json');
        const appRounds: Figures[] = [];
        const bareRounds: Figures[] = [];
        for (let round = 0; round < BROWSING_ROUNDS; round += 1) {
          appRounds.push(await measure(`${base}${path}`, { server: { pid: server?.process.pid } }));
          bareRounds.push(await measure(`${bare.url}${path}`, { server: { pid: bare.pid } }));
        }
        const app = medianRound(appRounds);
        const ceiling = medianRound(bareRounds);
        const errors = appRounds.reduce((sum, f) => sum + f.errors, 0);
        console.log(
          `${label.padEnd(30)} ${fmt(app)}${cpuOf(app)}${errorsOf({ ...app, errors })}   ${fmt(ceiling)}${cpuOf(ceiling)}   ${((app.rps / ceiling.rps) * 100).toFixed(0).padStart(3)}%`,
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
  key: 'bookings',
  title: 'confirmed bookings',
  usesApp: true,
  async run({ base, server, dataDir, databaseUrl }) {
    const clientsCount = 16;
    const roomIds = ((await (await fetch(`${base}/api/rooms?limit=60`)).json()) as RoomsPage).items.filter((r) => !r.booked).map((r) => r._id);
    // Each guest's requests go over kept-alive connections of plain `node:http`: `fetch` costs this process
    // several times the CPU per request, which on two cores the server would otherwise lose to the load.
    const agent = new http.Agent({ keepAlive: true, maxSockets: clientsCount });
    const post = (path: string, body: unknown, cookie?: string) =>
      new Promise<{ status: number; json(): unknown }>((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = http.request(`${base}${path}`, {
          method: 'POST',
          agent,
          // As a browser asks, so the server compresses what it would compress for one.
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'accept-encoding': 'gzip, deflate, br',
            origin: base,
            ...(cookie ? { cookie } : {}),
          },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const text = () => (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw).toString();
            resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text()) });
          });
        });
        req.end(payload);
      });
    const card = { number: TEST_SUCCESS_CARD, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
    const latencies: number[] = [];
    let errors = 0;
    const clients = await Promise.all(
      Array.from({ length: clientsCount }, async (_, c) => {
        // Booking asks for a verified e-mail: sign up, open the mail's link from the outbox, sign in.
        const cookie = await signUpVerified(server!, dataDir, {
          name: `Bench guest ${c}`,
          email: `bench-${randomUUID().slice(0, 8)}@example.com`,
          password: 'bench password 123',
          image: storedImageUrl(randomUUID()),
        });
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
    // Each booking's two mails are written to the outbox after its answer: the figures below wait for them too.
    const outbox = outboxDir(dataDir);
    const mailsBefore = await countFiles(outbox);
    const cpuBefore = await processCpuMs(server!.process.pid);
    const ownBefore = process.cpuUsage();
    const databaseBefore = databaseUrl ? await postgresCpuMs() : null;
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
          const intent = intentRes.json() as PaymentIntent;
          const confirmed = await post('/api/test-processor/confirm', { clientSecret: intent.clientSecret, card });
          const booked = await post('/api/booking', { paymentIntentId: intent.paymentIntentId }, cookie);
          if (confirmed.status !== 200 || booked.status !== 201) errors += 1;
          else latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const answeredAt = performance.now();
    const mailsDue = mailsBefore + 2 * latencies.length;
    while ((await countFiles(outbox)) < mailsDue && performance.now() - answeredAt < 300_000) await sleep(100);
    const mailsLagS = (performance.now() - answeredAt) / 1000;
    const cpuAfter = await processCpuMs(server!.process.pid);
    const own = process.cpuUsage(ownBefore);
    const databaseAfter = databaseUrl ? await postgresCpuMs() : null;
    const perBooking = (ms: number) => `${(ms / Math.max(1, latencies.length)).toFixed(1)} ms`;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(1);
    console.log(
      `(intent → card → booking, ${clientsCount} guests, ${roomIds.length} rooms)\n${'built-in test processor'.padEnd(30)} ${(latencies.length / seconds).toFixed(1).padStart(7)} bookings/s  p50 ${pct(50).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  errors ${errors}` +
        // The server's own CPU time per booking: a figure that a busy machine moves far less than throughput.
        (cpuBefore !== null && cpuAfter !== null && latencies.length > 0
          ? `\n${''.padEnd(30)} its two mails were in the outbox ${mailsLagS.toFixed(1)} s after the last answer` +
              `\n${''.padEnd(30)} CPU per booking, mails included: server ${perBooking(cpuAfter - cpuBefore)}` +
              (databaseBefore !== null && databaseAfter !== null ? `, PostgreSQL ${perBooking(databaseAfter - databaseBefore)}` : '') +
              `, load generator ${perBooking((own.user + own.system) / 1000)} (load average ${loadavg()[0]!.toFixed(1)})`
          : ''),
    );
    if (databaseUrl) {
      const reference = await pgbenchReference(databaseUrl, clientsCount);
      console.log(
        reference
          ? `${'pgbench TPC-B-like (reference)'.padEnd(30)} ${reference.tps.toFixed(0).padStart(7)} transactions/s  latency ${reference.latencyMs.toFixed(1)} ms average ` +
              `(${clientsCount} clients, scale ${clientsCount}, ${DURATION_S} s on this database): bookings/s are ${((100 * latencies.length) / seconds / reference.tps).toFixed(1)}% of it`
          : '(pgbench not found: install PostgreSQL\'s client tools for the database\'s own ceiling)',
      );
    }
  },
};

/**
 * The database's own ceiling on this machine: pgbench's built-in TPC-B-like script (five statements and a commit
 * per transaction) with as many clients as the bookings had, on the bench's database, at a scale with a branch
 * row per client so that the script's own hot row does not serialize them. Null when pgbench is missing.
 */
async function pgbenchReference(url: string, clients: number): Promise<{ tps: number; latencyMs: number } | null> {
  const run = (args: string[]) =>
    new Promise<string | null>((resolve) => {
      const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', () => resolve(null));
      child.on('exit', (code) => resolve(code === 0 ? out : null));
    });
  if ((await run(['-i', '-q', '-s', String(clients), url])) === null) return null;
  const out = await run(['-c', String(clients), '-j', '2', '-T', String(DURATION_S), url]);
  const tps = out && /tps = ([\d.]+)/.exec(out)?.[1];
  const latency = out && /latency average = ([\d.]+) ms/.exec(out)?.[1];
  return tps && latency ? { tps: Number(tps), latencyMs: Number(latency) } : null;
}

/**
 * CPU time (user + system) a server has used, from /proc (Linux): its process and the server processes it started
 * (SERVER_PROCESSES above 1, where the first process only supervises); null where there is none.
 */
async function processCpuMs(pid: number | undefined): Promise<number | null> {
  return pid ? cpuMsOfProcesses((entry, stat) => entry === pid || parentOf(stat) === pid) : null;
}

/** CPU time the processes `which` picks have used, from /proc (Linux); null when it picks none. */
async function cpuMsOfProcesses(which: (pid: number, stat: string) => boolean): Promise<number | null> {
  let total = 0;
  let found = false;
  for (const entry of (await readdir('/proc').catch(() => [])).filter((name) => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat || !which(Number(entry), stat)) continue;
    found = true;
    total += cpuMsOf(stat);
  }
  return found ? total : null;
}

/** The fields of a /proc/PID/stat line after the process's name: its state is the first, its parent the second. */
const statFields = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');
const parentOf = (stat: string) => Number(statFields(stat)[1]);

/** A /proc/PID/stat line's CPU time: utime and stime, the 14th and 15th fields, in ticks of 10 ms. */
function cpuMsOf(stat: string): number {
  const fields = statFields(stat);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** How many files a folder holds (0 when it does not exist yet). */
async function countFiles(dir: string): Promise<number> {
  return (await readdir(dir).catch(() => [])).length;
}

/** CPU time all PostgreSQL processes on this machine have used (its server is local to the bench); null if none is. */
const postgresCpuMs = () => cpuMsOfProcesses((_pid, stat) => stat.includes('(postgres)'));

const bundleSizes: BenchSection = {
  key: 'bundle',
  title: 'web bundle (raw / gzip)',
  usesApp: false,
  async run() {
    await buildWebIfStale();
    const dir = new URL('../apps/web/dist/assets/', import.meta.url);
    const files = await readdir(dir).catch(() => []);
    for (const file of files.filter((f) => f.endsWith('.js') || f.endsWith('.css')).sort()) {
      const path = new URL(file, dir);
      const size = (await stat(path)).size;
      const gz = gzipSync(await readFile(path)).length;
      console.log(`  ${file.padEnd(48)} ${(size / 1024).toFixed(1).padStart(8)} kB ${(gz / 1024).toFixed(1).padStart(8)} kB`);
    }
  },
};

/** How long each step of a seed took: 'payments 12.3 s, bookings 45.6 s'. */
const stepsOf = (steps: Record<string, number>) =>
  Object.entries(steps)
    .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');

/** Signs in as `email` (a bench account unless another password is given): the session's cookie header. */
async function signIn(base: string, email: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`bench sign-in of ${email} failed: ${res.status}`);
  return res.headers.getSetCookie().map((h) => h.split(';')[0]).join('; ');
}

/** The machine's load, before and after a section: figures on a shared machine mean little without what else ran. */
function logLoad(when: 'before' | 'after'): void {
  console.log(`load average (1 min) ${when}: ${loadavg()[0]!.toFixed(1)}${when === 'before' ? ` on ${availableParallelism()} cores` : ''}`);
}

/** What `opening` gives, for the length of `use`; closed after, whatever happened. Answers what `use` answers. */
async function withResource<T, R>(opening: Promise<T>, close: (resource: T) => Promise<unknown>, use: (resource: T) => Promise<R>): Promise<R> {
  const resource = await opening;
  try {
    return await use(resource);
  } finally {
    await close(resource);
  }
}

/** Migrates one of the bench's own databases and fills it with `seed`: what the seed answered and the seconds it all took. */
async function migrateAndSeed<T>(target: DatabaseTarget, seed: (db: Database['db']) => Promise<T>): Promise<{ result: T; seconds: string }> {
  const started = performance.now();
  const result = await withResource(openDatabase(target), (handle) => handle.close(), async (handle) => {
    await migrateDatabase(handle);
    return seed(handle.db);
  });
  return { result, seconds: ((performance.now() - started) / 1000).toFixed(1) };
}

type BenchDatabase = Awaited<ReturnType<typeof createBenchDatabase>>;

/** One of the bench's own databases, empty, for the length of `run`; removed after. */
const withBenchDatabase = (run: (database: BenchDatabase) => Promise<void>) => withResource(createBenchDatabase(), (database) => database.cleanup(), run);

/**
 * A section's database of its own, filled by `seed` (which answers how long each of its steps took), for the length
 * of `run`; removed after.
 */
const withSeededDatabase = (
  seed: (db: Database['db']) => Promise<Record<string, number>>,
  run: (database: BenchDatabase, seeded: { steps: Record<string, number>; seconds: string }) => Promise<void>,
) =>
  withBenchDatabase(async (database) => {
    const { result: steps, seconds } = await migrateAndSeed(database.target, seed);
    await run(database, { steps, seconds });
  });

/**
 * A section's database kept between runs (`--keep-search-database`): the PostgreSQL database `name` on DATABASE_URL's
 * server, created, migrated and filled by `seed` when it has no rooms yet, else used as it is (`seconds` null).
 */
async function withKeptDatabase(
  name: string,
  seed: (db: Database['db']) => Promise<Record<string, number>>,
  run: (database: BenchDatabase, seeded: { steps: Record<string, number>; seconds: string | null }) => Promise<void>,
): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('--keep-search-database needs DATABASE_URL (a PostgreSQL server)');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--keep-search-database: "${name}" is not a plain database name (a-z, 0-9, _)`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await withResource(Promise.resolve(new pg.Client({ connectionString: serverUrl })), (admin) => admin.end(), async (admin) => {
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  });
  const rooms = await withResource(Promise.resolve(new pg.Client({ connectionString: url.toString() })), (client) => client.end(), async (client) => {
    await client.connect();
    return client.query<{ n: number }>('select count(*)::int as n from rooms').then((r) => r.rows[0]?.n ?? 0, () => 0);
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'staybook-bench-'));
  const database: BenchDatabase = {
    target: { kind: 'postgres', url: url.toString() },
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
  await withResource(Promise.resolve(database), (d) => d.cleanup(), async () => {
    if (rooms > 0) return run(database, { steps: {}, seconds: null });
    const { result: steps, seconds } = await migrateAndSeed(database.target, seed);
    console.log(`(kept as ${name} for the next runs: DROP DATABASE ${name} to seed again)`);
    return run(database, { steps, seconds });
  });
}

/** Builds the web app when its sources changed since its last build, as `npm start` does: the server paints its pages. */
async function buildWebIfStale(): Promise<void> {
  if (!webBuildIsStale()) return;
  console.log('(building the web app: its sources changed since the last build)');
  const build = spawn('npm', ['run', 'build:web', '--silent'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = (await once(build, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`npm run build:web failed (exit code ${code})`);
}

/**
 * The server as `npm start` runs it, on `env`, for the length of `run`; stopped after. That is the compiled bundle
 * (apps/api/dist/server.js), built first when its sources changed, as `npm start` does: under a TypeScript loader the
 * same server answered the room route a third slower, which would understate the product.
 */
async function withServer(env: Record<string, string>, run: (server: RunningServer) => Promise<void>, options?: { nodeArgs?: string[] }) {
  await buildWebIfStale();
  if (apiBuildIsStale()) {
    console.log('(building the API: its sources changed since the last build)');
    await buildApi();
  }
  return withResource(startServer(env, { ...options, built: true }), (server) => server.stop(), run);
}

/**
 * The statistics dashboards: a database of its own with `--bookings` stays (a bench-only seed, not the demo's),
 * a server of its own on it, and each view's figures and calendar for the admin, a host and a guest.
 */
const statistics: BenchSection = {
  key: 'statistics',
  title: 'statistics',
  usesApp: false,
  run: () =>
    withSeededDatabase((db) => seedStatisticsBench(db, STAT_BOOKINGS), async (database, { steps, seconds }) => {
      console.log(
        `(${STAT_BOOKINGS.toLocaleString('en-US')} bookings in a database of their own, seeded in ${seconds} s: ${stepsOf(steps)}; ${STATS_CONNECTIONS} connections)`,
      );
      logLoad('before');
      await withServer({ ...database.env, PORT: String(STATS_PORT), SEED_DEMO: '0', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '0' }, async (server) => {
        const month = new Date().toISOString().slice(0, 7);
        for (const view of ['admin', 'host', 'guest'] as const) {
          const headers = { cookie: await signIn(server.url, BENCH_ACCOUNTS[view]) };
          // Each range, one of them in a zone 5:45 ahead of UTC (its days start on a quarter hour).
          const paths: [string, string][] = [
            [`GET /api/${view}-stat?range=30d`, `/api/${view}-stat?range=30d&tz=Asia/Kathmandu`],
            [`GET /api/${view}-stat (12 months)`, `/api/${view}-stat?tz=Europe/Paris`],
            [`GET /api/${view}-stat?range=all`, `/api/${view}-stat?range=all&tz=Europe/Paris`],
            [`GET /api/${view}-stat/calendar`, `/api/${view}-stat/calendar?month=${month}`],
          ];
          for (const [label, path] of paths) {
            const figures = await measure(`${server.url}${path}`, { headers, connections: STATS_CONNECTIONS });
            console.log(`${label.padEnd(34)} ${fmt(figures)}${errorsOf(figures)}`);
          }
        }
        logLoad('after');
      });
    }),
};

/**
 * Load over many URLs, one after the other across all connections (autocannon's own `requests` list starts
 * every connection at its first entry, so 32 connections would ask for the same search at once and share one
 * computation). Answers the figures and how many URLs were handed out, warm-up included.
 */
async function measureEach(base: string, paths: string[], headers?: Record<string, string>, rate?: number): Promise<Figures & { sent: number }> {
  let next = 0;
  const figures = await measure(base, {
    ...(headers ? { headers } : {}),
    ...(rate ? { rate } : {}),
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  return { ...figures, sent: next };
}

/** What a browser's search sends besides its URL: it takes compressed answers, which the server makes for each new search. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** Issue 33's goal for a search: p99 within this, and the mix of new searches at this rate or more. */
const GOAL_P99_MS = 100;
const GOAL_MIX_RPS = 500;

/**
 * Each SQL statement a request runs, as the app runs it: the app built in this process on the same database,
 * its driver's queries noted, and each one that reads rooms run again under EXPLAIN (ANALYZE, BUFFERS).
 */
async function explainRequests(target: DatabaseTarget, paths: string[]): Promise<Map<string, string[]>> {
  const noted: { text: string; values: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  let noting = false;
  // Drizzle hands node-postgres a config object ({ text, rowMode, types }) and the values beside it, or in it.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { text?: string; values?: unknown[] } | string;
    if (noting && typeof config === 'object' && config.text) {
      noted.push({ text: config.text, values: config.values ?? (Array.isArray(args[1]) ? (args[1] as unknown[]) : []) });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  const database = await openDatabase(target);
  const dataDir = await mkdtemp(join(tmpdir(), 'staybook-bench-plans-'));
  const app = await buildApp({
    // The database's plans: its own search, not the in-process index's (decision 057).
    config: parseConfig({ DATA_DIR: dataDir, DATABASE_URL: target.kind === 'postgres' ? target.url : '', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1', SEARCH_INDEX: '0' }),
    database,
    authSecret: 'bench-secret-that-is-long-enough-for-the-auth-library',
    mailer: { send: async () => {} },
    webDist: null,
  });
  const explainer = new pg.Client({ connectionString: target.kind === 'postgres' ? target.url : '' });
  await explainer.connect();
  const plans = new Map<string, string[]>();
  try {
    await app.ready();
    for (const path of paths) {
      noted.length = 0;
      noting = true;
      const res = await app.inject({ method: 'GET', url: path });
      noting = false;
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      const statements = noted.filter(({ text }) => /from "rooms"/i.test(text));
      const explained: string[] = [];
      for (const { text, values } of statements) {
        // The search's own setting (pg_trgm's threshold) is SET LOCAL in its transaction: here, in ours.
        await explainer.query('begin');
        await explainer.query(`select set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(PLACE_MATCH_THRESHOLD)]);
        const result = await explainer.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
        await explainer.query('rollback');
        explained.push([text.replace(/\s+/g, ' '), `params: ${JSON.stringify(values)}`, ...result.rows.map((row) => row['QUERY PLAN'])].join('\n'));
      }
      plans.set(path, explained);
    }
  } finally {
    pg.Client.prototype.query = query;
    await explainer.end();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return plans;
}

/** The lines of a plan that say how it ran: its nodes (index or scan, rows, time) and the execution time. */
function planSummary(plan: string): string[] {
  return plan
    .split('\n')
    .filter((line) => /(Scan|Join|Sort|Limit|Aggregate|Nested Loop|SubPlan|Execution Time|Heap Blocks|Rows Removed)/.test(line))
    .map((line) => line.replace(/\(cost=[^)]*\) /, ''));
}

/**
 * Finding a stay (issues 18 and 33): a database of its own with --search-rooms rooms and --search-bookings confirmed
 * stays, a server of its own on it, and each kind of search, repeated and varied, then the varied kinds mixed;
 * then each one's query plans on PostgreSQL.
 */
const search: BenchSection = {
  key: 'search',
  title: 'search (GET /api/rooms)',
  usesApp: false,
  run: () =>
    (args['keep-search-database'] ? withKeptDatabase.bind(null, args['keep-search-database']) : withSeededDatabase)(
      (db) => seedSearchBench(db, SEARCH_ROOMS, SEARCH_BOOKINGS), async (database, { steps, seconds }) => {
      console.log(
        `(${SEARCH_ROOMS.toLocaleString('en-US')} rooms and ${SEARCH_BOOKINGS.toLocaleString('en-US')} confirmed stays in a database of their own ` +
          `(${database.target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}), ${seconds === null ? 'kept from an earlier run' : `seeded in ${seconds} s: ${stepsOf(steps)}`})`,
      );
      const cases = await searchCases(new Date().toISOString().slice(0, 10));
      const processes = { SERVER_PROCESSES: String(SEARCH_PROCESSES) };
      await withServer({ ...database.env, ...processes, PORT: String(SEARCH_PORT), SEED_DEMO: '0', LOG_LEVEL: 'warn' }, async (server) => {
        console.log(`server: ${SEARCH_PROCESSES === 1 ? 'one process' : `${SEARCH_PROCESSES} processes sharing its port`}`);
        console.log(
          `every request as a browser sends it (taking brotli or gzip); repeated: one URL, answered from the listing cache after its first request; varied: a new search at each request (a run's requests / distinct URLs shown); goal p99 <= ${GOAL_P99_MS} ms, the mix >= ${GOAL_MIX_RPS} req/s`,
        );
        logLoad('before');
        const verdict = (f: Figures, rps = 0) =>
          `${f.p99 <= GOAL_P99_MS && f.rps >= rps ? 'within goal' : 'OVER goal'}${errorsOf(f)}`;
        const variedLine = (label: string, f: Figures & { sent: number }, distinct: number, rps = 0) =>
          console.log(
            `  ${`${label} (${f.sent.toLocaleString('en-US')} req, ${Math.round((Math.min(f.sent, distinct) / f.sent) * 100)}% distinct)`.padEnd(38)} ${fmt(f)}  ${verdict(f, rps)}`,
          );
        let sameBytesShown = false;
        for (const { label, repeated, varied } of cases) {
          const res = await fetch(`${server.url}${repeated[0]}`);
          const page = (await res.json()) as RoomsPage & { total?: { count: number; more: boolean } };
          if (!res.ok) throw new Error(`${repeated[0]}: ${res.status} ${JSON.stringify(page)}`);
          const found = page.total ? `${page.total.more ? '>' : ''}${page.total.count} found` : `${page.items.length} shown`;
          console.log(`${label.padEnd(40)} ${found}  ${repeated[0]}`);
          const once = await measure(`${server.url}${repeated[0]}`, { headers: BROWSER });
          console.log(`  ${'repeated'.padEnd(38)} ${fmt(once)}  ${verdict(once)}`);
          if (!sameBytesShown) {
            // The ceiling for the repeated figures: the same (compressed) bytes from a bare route, in this run.
            sameBytesShown = true;
            const sent = await fetch(`${server.url}${repeated[0]}`, { headers: BROWSER });
            const bare = await startBareRoute();
            try {
              await bare.serve(repeated[0]!, Buffer.from(await sent.arrayBuffer()), sent.headers.get('content-type') ?? 'application/json');
              const ceiling = await measure(`${bare.url}${repeated[0]}`);
              console.log(`  ${'same bytes from a bare route'.padEnd(38)} ${fmt(ceiling)}  (repeated at ${((once.rps / ceiling.rps) * 100).toFixed(0)}% of it)`);
            } finally {
              await bare.stop();
            }
          }
          if (varied.length > 0) {
            variedLine('varied', await measureEach(server.url, varied, BROWSER), varied.length);
            // At the goal's rate, from the other end of the list (the mix below takes its middle): the wait at that load.
            variedLine(`varied, at ${GOAL_MIX_RPS} req/s`, await measureEach(server.url, [...varied].reverse(), BROWSER, GOAL_MIX_RPS), varied.length);
          }
        }
        // Each kind's URLs were asked above: the mix takes later ones (other page sizes), still never asked.
        const mixed = interleaved(cases.filter((c) => c.inMix).map((c) => c.varied.slice(Math.floor(c.varied.length / 2))));
        console.log(`(mix) ${cases.filter((c) => c.inMix).map((c) => c.label.slice(0, 3)).join(' ')} in turn`);
        variedLine('varied', await measureEach(server.url, mixed, BROWSER), mixed.length, GOAL_MIX_RPS);
        logLoad('after');
      }, PROFILED);
      if (database.target.kind !== 'postgres') return console.log('(query plans: PostgreSQL only)');
      console.log('\nquery plans (EXPLAIN (ANALYZE, BUFFERS) of the statements each repeated URL runs, uncached, warm buffers)');
      const plans = await explainRequests(database.target, cases.map((c) => c.repeated[0]!));
      for (const { label, repeated } of cases) {
        console.log(`${label}`);
        for (const plan of plans.get(repeated[0]!) ?? []) {
          const [statement, params, ...lines] = plan.split('\n');
          const kind = /count\(\*\)/.test(statement!) ? 'count' : 'page';
          if (ARGS_PLANS) console.log(`  ${kind}: ${statement}\n  ${params}\n${lines.map((line) => `    ${line}`).join('\n')}`);
          else console.log(`  ${kind}:\n${planSummary(lines.join('\n')).map((line) => `    ${line}`).join('\n')}`);
        }
      }
    }),
};

/** The goal of issue 31 for the host calendar's read of one listing's 12 months. */
const CALENDAR_GOAL_P99_MS = 20;

/**
 * The host calendar's read, as its page asks for it: one listing's 12 months in one request (nights, stays,
 * imported blocks, the calendar's runs and each night's start hint), for the demo host's listings.
 */
const hostCalendar: BenchSection = {
  key: 'calendar',
  title: `the host calendar: one listing's 12 months (goal p99 <= ${CALENDAR_GOAL_P99_MS} ms)`,
  usesApp: true,
  async run({ base, rooms, server }) {
    if (rooms > 0) return console.log('(needs the demo seed, whose host it signs in as: run it without --rooms)');
    const host = DEMO_USERS.find((user) => user.key === 'host')!;
    const cookie = await signIn(base, host.email, host.password);
    const listings = (await (await fetch(`${base}/api/my-listings?limit=60`, { headers: { cookie } })).json()) as HostRoomsPage;
    // The goal is a host's wait for their calendar: one host reading at a time. Then as many at once as the other
    // sections load the server with, for what the machine serves.
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    for (const connections of [1, CONNECTIONS]) {
      console.log(`  ${connections === 1 ? 'one host at a time' : `${connections} at once`}`);
      for (const room of listings.items.slice(0, 4)) {
        // One at a time, every answer the run counts was whole inside it: its CPU per answer is exact.
        const figures = await measure(`${base}/api/room/${room._id}/calendar/nights`, { headers, connections, ...(connections === 1 ? { server: { pid: server?.process.pid } } : {}) });
        const verdict = connections > 1 ? '' : figures.p99 <= CALENDAR_GOAL_P99_MS ? '  within goal' : '  OVER goal';
        const cpu = figures.cpuMs === undefined ? '' : `  server CPU ${figures.cpuMs.toFixed(1)} ms/answer`;
        console.log(`    ${room.title.slice(0, 36).padEnd(36)} ${fmt(figures)}${cpu}${verdict}${errorsOf(figures)}`);
      }
    }
  },
};

/** The sections, in the order they run; each prints under its title. */
const sections: BenchSection[] = [browsing, bookingsSection, statistics, search, hostCalendar, bundleSizes];

const chosen = sections.filter((section) => !ONLY || ONLY.has(section.key));
if (ONLY && chosen.length !== ONLY.size) {
  throw new Error(`--only: the sections are ${sections.map((section) => section.key).join(', ')}`);
}

async function runSections(ctx: BenchContext): Promise<void> {
  for (const section of chosen) {
    console.log(`\n${section.title}`);
    await section.run(ctx);
  }
}

if (!chosen.some((section) => section.usesApp)) {
  // Only sections that bring their own database and server (or need none): no app of the bench's own.
  const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(`database: ${kind}, ${CONNECTIONS} connections, ${DURATION_S} s per path`);
  await runSections({ base: '', server: null, dataDir: '', database: kind, databaseUrl: process.env.DATABASE_URL || null, rooms: 0 });
} else {
  await withBenchDatabase(async (database) => {
    if (SEED_ROOMS > 0) {
      const { seconds } = await migrateAndSeed(database.target, (db) => seedRoomsBench(db, SEED_ROOMS));
      console.log(`seeded ${SEED_ROOMS.toLocaleString('en-US')} rooms and ${Math.floor(SEED_ROOMS / 10).toLocaleString('en-US')} stays in ${seconds} s`);
    }
    const env = {
      ...database.env,
      PORT: String(APP_PORT),
      LOG_LEVEL: 'warn',
      SEED_DEMO: SEED_ROOMS > 0 ? '0' : '1',
      // Every client books from this one address; the limits have tests of their own.
      AUTH_RATE_LIMIT: '0',
      PAYMENT_RATE_LIMIT: '0',
    };
    await withServer(env, async (server) => {
      console.log(
        `database: ${database.target.kind}, ${SEED_ROOMS > 0 ? `${SEED_ROOMS.toLocaleString('en-US')} bench rooms` : 'demo seed'}, ${CONNECTIONS} connections, ${DURATION_S} s per path`,
      );
      await runSections({
        base: server.url,
        server,
        dataDir: database.env.DATA_DIR!,
        database: database.target.kind,
        databaseUrl: database.env.DATABASE_URL || null,
        rooms: SEED_ROOMS,
      });
    }, PROFILED);
  });
}
