import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';
import type { FastifyInstance } from 'fastify';

/** The one-origin contract: the app for its routes, files with the right caching, JSON 404s elsewhere. */
describe('serving the web app', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    dist = await mkdtemp(join(tmpdir(), 'staybook-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>StayBook</title>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database: t.database, authSecret: 'x'.repeat(32), mailer: { send: async () => {} }, webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers index.html for the app routes, whatever the client accepts', async () => {
    for (const url of ['/', '/room/5f0c9d3e-0000-4000-8000-000000000000', '/dashboard/profile', '/?category=Lake']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>StayBook</title>');
    }
  });

  it('answers index.html with a 404 for paths the app has no page for, so the app shows its not-found screen', async () => {
    for (const url of ['/no-such-page', '/dashboard/nothing', '/room/a/b', '/room/', '/no-such-page?x=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        if (method === 'GET') expect(res.body).toContain('<title>StayBook</title>');
      }
    }
  });

  it('answers 200 for every page of the app, whatever the letter case or a trailing slash', async () => {
    for (const url of ['/login', '/signup', '/reset-password?token=abc', '/auth/complete?to=%2F', '/dashboard', '/dashboard/', '/Dashboard/Manage-Users', '/dashboard/my-bookings']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>StayBook</title>');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the build-time compressed copy to browsers that accept it', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers JSON 404 for missing files and unknown API paths', async () => {
    for (const url of ['/missing.png', '/assets/gone.js', '/api/nothing', '/uploads/nothing.webp']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('sends the security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
