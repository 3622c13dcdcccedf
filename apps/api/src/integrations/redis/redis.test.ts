import { randomBytes } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config.js';
import { describeNeeding, itNeeding, REDIS_SERVER } from '../../test/needs.js';
import { freePort } from '../../test/server-process.js';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';
import { connectRedis, RedisUnavailableError } from './redis.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A TCP relay in front of Redis that the test can cut, as a network failure or a Redis restart would. */
async function startRelay(target: URL): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

// Each case opens real databases: minutes on a busy two-core machine.
describeNeeding(REDIS_SERVER, 'rate limits shared in Redis (TEST_REDIS_URL, or 127.0.0.1:6379 with TEST_DATABASE_URL)', { timeout: 300_000 }, () => {
  const prefix = `staybook-test-${randomBytes(4).toString('hex')}:`;
  let inspect: Redis;
  let apps: TestApp[];

  beforeAll(async () => {
    inspect = new Redis(REDIS_URL);
    apps = [];
    for (let i = 0; i < 2; i += 1) apps.push(await createTestApp('pglite', { REDIS_URL, REDIS_KEY_PREFIX: prefix, AUTH_RATE_LIMIT: '1' }));
  }, 300_000);
  afterAll(async () => {
    await Promise.all((apps ?? []).map((t) => t.close()));
    const keys = await inspect.keys(`${prefix}*`);
    if (keys.length > 0) await inspect.del(...keys);
    inspect?.disconnect();
  });

  it('counts a route\'s limit across two apps: the 31st upload from one address is refused by either', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await apps[i % 2]!.app.inject({ method: 'POST', url: '/api/uploads/image', remoteAddress: '192.0.2.44', headers: { origin: TEST_ORIGIN }, payload: {} });
      statuses.push(res.statusCode);
    }
    // Not multipart: a 400 each time, until the shared count passes 30.
    expect(statuses).toEqual([...Array<number>(30).fill(400), 429]);
    expect((await apps[1]!.app.inject({ method: 'POST', url: '/api/uploads/image', remoteAddress: '192.0.2.45', headers: { origin: TEST_ORIGIN }, payload: {} })).statusCode).toBe(400);
  });

  it('counts the sign-in limit in Redis under the run\'s key prefix, by path and address, and never session reads', async () => {
    const signIn = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '192.0.2.77', headers: { origin: TEST_ORIGIN }, payload: { email: 'a@example.com', password: 'wrong password' } });
    for (let i = 0; i < 200; i += 1) {
      const read = await apps[i % 2]!.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: '192.0.2.77' });
      expect(read.statusCode).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await signIn(apps[i % 2]!)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    const keys = (await inspect.keys(`${prefix}*`)).filter((k) => k.includes('192.0.2.77'));
    expect(keys).toEqual([`${prefix}rate-limit:POST/api/auth/sign-in/email-192.0.2.77`]);
    // A fixed window: the key expires a minute after the first attempt, refused attempts or not.
    const ttl = await inspect.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe('when Redis is away', { timeout: 300_000 }, () => {
  it('refuses to start when the configured Redis cannot be reached, naming REDIS_URL', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    await expect(connectRedis({ url, keyPrefix: 'x:' }, { warn: () => {}, info: () => {} })).rejects.toThrow(RedisUnavailableError);
    await expect(connectRedis({ url, keyPrefix: 'x:' }, { warn: () => {}, info: () => {} })).rejects.toThrow(/REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:\d+\/? cannot be reached/);
  });

  itNeeding(REDIS_SERVER, 'lets requests through, neither hanging nor failing, and logs one warning, once Redis goes away at run time', {}, async () => {
    const relay = await startRelay(new URL(REDIS_URL));
    const prefix = `staybook-test-${randomBytes(4).toString('hex')}:`;
    const t = await createTestApp('pglite', { REDIS_URL: relay.url, REDIS_KEY_PREFIX: prefix, AUTH_RATE_LIMIT: '1' });
    const warnings: string[] = [];
    // A second app on the same settings, with a logger to read.
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: TEST_ORIGIN, REDIS_URL: relay.url, REDIS_KEY_PREFIX: prefix, AUTH_RATE_LIMIT: '1' });
    let logged: FastifyInstance | undefined;
    try {
      logged = await buildApp({ config, database: t.database, authSecret: 'x'.repeat(32), mailer: { send: async () => {} }, webDist: null });
      logged.log.warn = ((obj: unknown, msg?: string) => void warnings.push(typeof obj === 'string' ? obj : (msg ?? ''))) as typeof logged.log.warn;
      await relay.cut();
      // The client notices the lost connection (an event, not a delay), warns once, and keeps retrying.
      await vi.waitFor(() => expect(warnings).toContain('Redis is unreachable: rate limits let requests through uncounted until it is back'), { timeout: 10_000 });
      for (const app of [t.app, logged]) {
        const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email: 'a@example.com', password: 'wrong password' } });
        expect(signIn.statusCode).toBe(401);
        const upload = await app.inject({ method: 'POST', url: '/api/uploads/image', headers: { origin: TEST_ORIGIN }, payload: {} });
        expect(upload.statusCode).toBe(400);
      }
      // One warning for the outage, however many requests went through during it.
      expect(warnings.filter((w) => w.includes('Redis'))).toHaveLength(1);
    // What the relay carried before the cut: the run's own keys, removed.
    const admin = new Redis(REDIS_URL);
    const leftover = await admin.keys(`${prefix}*`);
    if (leftover.length > 0) await admin.del(...leftover);
    admin.disconnect();
    } finally {
      await logged?.close();
      await t.close();
    }
  });
});
