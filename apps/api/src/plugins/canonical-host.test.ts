import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';

/** Pages live on PUBLIC_URL's host, so sign-in cookies and the Google state are always on one origin. */
describe('the canonical host', () => {
  let t: TestDatabase;
  let dist: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    dist = await mkdtemp(join(tmpdir(), 'staybook-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>StayBook</title>');
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ...env });
    const app = await buildApp({ config, database: t.database, authSecret: 'x'.repeat(32), mailer: { send: async () => {} }, webDist: dist });
    apps.push(app);
    return app;
  }

  it('sends a page opened at another host name to the same path on PUBLIC_URL', async () => {
    const app = await appWith({ PUBLIC_URL: 'http://localhost:3000' });
    for (const [url, accept] of [
      ['/login?next=%2Fdashboard', undefined],
      ['/room/5f0c9d3e-0000-4000-8000-000000000000', 'text/html'],
      ['/', '*/*'],
      ['//evil.example/path', 'text/html'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:3000', ...(accept ? { accept } : {}) } });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`http://localhost:3000${url}`);
    }
    const page = await app.inject({ method: 'GET', url: '/login', headers: { host: 'localhost:3000', accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>StayBook</title>');
  });

  it('answers API calls, images and files wherever they arrive', async () => {
    const app = await appWith({ PUBLIC_URL: 'http://localhost:3000' });
    const host = '127.0.0.1:3000';
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { host, accept: 'text/html' } });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    const config = await app.inject({ method: 'GET', url: '/api/config', headers: { host } });
    expect(config.json()).toEqual({ googleSignIn: false, timeZone: 'UTC', currency: 'USD' });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host, origin: 'http://127.0.0.1:3000' },
      payload: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(signIn.statusCode).toBe(401);
    const image = await app.inject({ method: 'GET', url: '/uploads/missing.webp', headers: { host } });
    expect(image.statusCode).toBe(404);
    expect(image.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { host } });
    expect(icon.statusCode).toBe(200);
  });

  it('behind a trusted proxy, follows the host the proxy reports, and never redirects when it reports none', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://stays.example.com', TRUST_PROXY: '1' });
    const viaProxy = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/login', remoteAddress: '10.0.0.2', headers: { host: '127.0.0.1:3000', accept: 'text/html', ...headers } });
    const www = await viaProxy({ 'x-forwarded-host': 'www.stays.example.com', 'x-forwarded-proto': 'https' });
    expect(www.statusCode).toBe(302);
    expect(www.headers.location).toBe('https://stays.example.com/login');
    expect((await viaProxy({ 'x-forwarded-host': 'stays.example.com', 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
    // A proxy that rewrites Host and says nothing more: redirecting would loop.
    expect((await viaProxy({ 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
  });

  it('never redirects plain-HTTP requests for an https PUBLIC_URL (a proxy it was not told about)', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://stays.example.com' });
    const res = await app.inject({ method: 'GET', url: '/login', headers: { host: '127.0.0.1:3000', accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
  });
});
