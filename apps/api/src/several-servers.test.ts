import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentIntentSchema, roomSchema, roomsPageSchema, uploadedImageSchema } from '@staybook/domain';
import { openDatabase, type Database } from './db/client.js';
import { insertRoom, insertUser } from './db/factories.js';
import { bookings, serverSecrets, users } from './db/schema.js';
import { testCard } from './test/bookings.js';
import { createServerDatabase } from './test/databases.js';
import { day } from './test/dates.js';
import { describeNeeding, SERVER_DATABASE } from './test/needs.js';
import { startS3StandIn, type S3StandIn } from './test/s3-stand-in.js';
import { signUpVerified, startServer, type RunningServer } from './test/server-process.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The servers share a PostgreSQL database and a Redis. */
const SEVERAL_SERVERS = { available: SERVER_DATABASE.available, needs: `${SERVER_DATABASE.needs}, and Redis (TEST_REDIS_URL, default ${REDIS_URL})` };

/**
 * Two real server processes behind one imaginary load balancer: one PostgreSQL database, one Redis (a key
 * prefix of this run's own) and one S3-compatible store (s3rver). Requests alternate between them, and
 * whatever one server did, the other sees. No demo seed: the servers start on an empty database.
 */
describeNeeding(SEVERAL_SERVERS, 'several servers on one PostgreSQL database (TEST_DATABASE_URL)', { timeout: 600_000 }, () => {
  const redisPrefix = `staybook-test-${randomBytes(4).toString('hex')}:`;
  let database: Database;
  let drop: () => Promise<void>;
  let s3: S3StandIn;
  let dirs: string[];
  let servers: RunningServer[];
  let png: Buffer;

  beforeAll(async () => {
    const server = await createServerDatabase();
    drop = server.drop;
    s3 = await startS3StandIn();
    dirs = await Promise.all([1, 2].map(() => mkdtemp(join(tmpdir(), 'staybook-several-'))));
    const env = {
      DATABASE_URL: server.url,
      SEED_DEMO: '0',
      // No AUTH_SECRET: the servers must agree on a generated one by themselves.
      AUTH_SECRET: '',
      AUTH_RATE_LIMIT: '1',
      PAYMENT_RATE_LIMIT: '0',
      REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix,
      ...s3.env,
    };
    // Both at the same moment, on a database nothing has migrated yet.
    servers = await Promise.all(dirs.map((dir) => startServer({ ...env, DATA_DIR: dir })));
    database = await openDatabase({ kind: 'postgres', url: server.url });
    png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#f97316' } }).png().toBuffer();
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await database?.close();
    await drop?.();
    await s3?.stop();
    await Promise.all((dirs ?? []).map((d) => rm(d, { recursive: true, force: true })));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  /** The server for the i-th request: they take turns, as behind a round-robin load balancer. */
  const at = (i: number) => servers[i % 2]!;

  function send(server: RunningServer, method: string, path: string, { body, cookie }: { body?: unknown; cookie?: string } = {}) {
    return fetch(`${server.url}${path}`, {
      method,
      headers: { origin: server.url, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  async function signUp(server: RunningServer, name = 'Traveller'): Promise<{ cookie: string; email: string }> {
    const email = `several-${randomUUID().slice(0, 8)}@example.com`;
    // The mail goes out from whichever server's job worker claims it first.
    const cookie = await signUpVerified(server, dirs, { name, email, password: 'correct horse battery', image: await upload(server) });
    return { email, cookie };
  }

  /** Uploads a picture, as `cookie`'s owner when given (a host may show only their own uploads on a room). */
  async function upload(server: RunningServer, cookie?: string): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${server.url}/api/uploads/image`, { method: 'POST', headers: { origin: server.url, ...(cookie ? { cookie } : {}) }, body: form });
    expect(res.status).toBe(201);
    return uploadedImageSchema.parse(await res.json()).url;
  }

  it('migrates the empty database once when both start at the same moment', async () => {
    const outputs = servers.map((s) => s.output());
    expect(outputs.filter((o) => /Applied \d+ database migrations/.test(o))).toHaveLength(1);
    expect(outputs.filter((o) => o.includes('The database schema is up to date.'))).toHaveLength(1);
    const applied = (await database.db.execute(sql`select hash from drizzle.__drizzle_migrations`)) as unknown as { rows: unknown[] };
    const journal = JSON.parse(await readFile(new URL('./db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
    expect(applied.rows).toHaveLength(journal.entries.length);
  });

  it('accepts a session made on one server on the other, with one secret generated and kept in the database', async () => {
    const { cookie, email } = await signUp(at(0));
    for (let i = 1; i <= 4; i += 1) {
      const session = await send(at(i), 'GET', '/api/auth/get-session', { cookie });
      expect(session.status).toBe(200);
      expect(((await session.json()) as { user: { email: string } } | null)?.user.email).toBe(email);
      expect((await send(at(i), 'GET', '/api/my-bookings', { cookie })).status).toBe(200);
    }
    expect(await database.db.select().from(serverSecrets)).toHaveLength(1);
    for (const dir of dirs) expect(await readdir(dir)).not.toContain('auth-secret');
  });

  it('serves an image uploaded through one server from the other', async () => {
    const url = await upload(at(0));
    const [fromUploader, fromOther] = await Promise.all([fetch(`${at(0).url}${url}`), fetch(`${at(1).url}${url}`)]);
    expect(fromOther.status).toBe(200);
    expect(fromOther.headers.get('content-type')).toBe('image/webp');
    expect(fromOther.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await fromOther.arrayBuffer())).toEqual(Buffer.from(await fromUploader.arrayBuffer()));
    for (const dir of dirs) expect(await readdir(join(dir))).not.toContain('uploads');
  });

  /** A sign-in attempt sent from `localAddress` (any 127.x address is this machine), so other tests' sign-ins do not count. */
  function signInFrom(server: RunningServer, localAddress: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });
      const req = request(`${server.url}/api/auth/sign-in/email`, { method: 'POST', localAddress, headers: { origin: server.url, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('counts the sign-in limit across both servers: the eleventh attempt from one address is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push(await signInFrom(at(i), '127.0.0.9'));
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('books a stay raced from both servers once, and answers the other guest 409', async () => {
    const hostId = (await insertUser(database.db, { role: 'host' })).id;
    const guests = await Promise.all(servers.map((s) => signUp(s, 'Racer')));
    for (let round = 0; round < 3; round += 1) {
      const room = await insertRoom(database.db, { hostId, availableFrom: day(1), availableTo: day(30) });
      const intents = await Promise.all(
        servers.map(async (server, i) => {
          const res = await send(server, 'POST', '/api/create-payment-intent', { body: { roomId: room.id, from: day(2 + i), to: day(6) }, cookie: guests[i]!.cookie });
          const intent = paymentIntentSchema.parse(await res.json());
          expect((await send(server, 'POST', '/api/test-processor/confirm', { body: { clientSecret: intent.clientSecret, card: testCard() } })).status).toBe(200);
          return intent;
        }),
      );
      const answers = await Promise.all(
        servers.map((server, i) => send(server, 'POST', '/api/booking', { body: { paymentIntentId: intents[i]!.paymentIntentId }, cookie: guests[i]!.cookie })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(await database.db.select().from(bookings).where(eq(bookings.roomId, room.id))).toHaveLength(1);
    }
  });

  it('shows a room edited through one server fresh on the other, and its replaced image is gone from both', async () => {
    const host = await signUp(at(0), 'Host');
    await database.db.update(users).set({ role: 'host' }).where(eq(users.email, host.email));
    const body = (title: string, image: string) => ({
      title, location: 'Bergen, Norway', category: 'Lake', from: day(5), to: day(40), price: '180',
      guests: 2, bedrooms: 1, bathrooms: 1, description: 'A cabin on the fjord.', image,
    });
    const firstImage = await upload(at(1), host.cookie);
    const created = await send(at(0), 'POST', '/api/room', { body: body('Fjord cabin', firstImage), cookie: host.cookie });
    expect(created.status).toBe(201);
    const room = roomSchema.parse(await created.json());

    const read = async (server: RunningServer) => {
      const one = roomSchema.parse(await (await send(server, 'GET', `/api/room/${room._id}`)).json());
      const page = roomsPageSchema.parse(await (await send(server, 'GET', '/api/rooms?category=Lake')).json());
      return { one, listed: page.items.find((r) => r._id === room._id) };
    };
    // Both servers have answered with the room as it was (and may keep that answer).
    for (const server of servers) expect(await read(server)).toMatchObject({ one: { title: 'Fjord cabin' }, listed: { title: 'Fjord cabin' } });

    const secondImage = await upload(at(0), host.cookie);
    const updated = await send(at(1), 'PUT', `/api/room/update/${room._id}`, { body: body('Fjord cabin, renovated', secondImage), cookie: host.cookie });
    expect(updated.status).toBe(200);
    for (const server of servers) {
      // The other server hears of the change by PostgreSQL NOTIFY, which arrives just after the write's answer:
      // wait for it rather than read once.
      await expect
        .poll(() => read(server), { timeout: 10_000 })
        .toMatchObject({
          one: { title: 'Fjord cabin, renovated', image: secondImage },
          listed: { title: 'Fjord cabin, renovated', image: secondImage },
        });
      expect((await fetch(`${server.url}${firstImage}`)).status).toBe(404);
    }
  });
});
