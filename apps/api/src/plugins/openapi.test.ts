import { randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DISABLED_AUTH_PATHS } from '../modules/auth/auth.js';
import { parseConfig } from '../config.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/databases.js';
import { sessionCookie } from '../test/test-app.js';
import { DOCS_PATH, OPENAPI_PATH } from './openapi.js';

const ORIGIN = 'http://localhost:3000';

/** The auth library's endpoints the web app calls (apps/web/src/features/auth/api/auth-api.ts), and Google's callback. */
const WEB_APP_AUTH_CALLS = [
  ['get', '/api/auth/get-session'],
  ['post', '/api/auth/sign-in/email'],
  ['post', '/api/auth/sign-up/email'],
  ['post', '/api/auth/sign-out'],
  ['post', '/api/auth/sign-in/social'],
  ['post', '/api/auth/request-password-reset'],
  ['post', '/api/auth/reset-password'],
  ['post', '/api/auth/update-user'],
  ['post', '/api/auth/change-password'],
  ['get', '/api/auth/callback/{id}'],
] as const;

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }>; security?: unknown[]; operationId?: string };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };
type Route = { method: string; url: string };

/** Fastify's `/room/:id` is OpenAPI's `/room/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.each(TEST_DATABASE_KINDS)('the OpenAPI document on %s', (kind) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let document: Document;
  const routes: Route[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const config = parseConfig({
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PUBLIC_URL: ORIGIN,
      AUTH_RATE_LIMIT: '0',
      PAYMENT_RATE_LIMIT: '0',
      METRICS: '1',
    });
    app = await buildApp({
      config,
      database: db.database,
      authSecret: 'test-secret-that-is-long-enough-for-the-auth-library',
      mailer: { send: async () => {} },
      webDist: null,
      onRoute: (route) => {
        for (const method of ([] as string[]).concat(route.method)) routes.push({ method, url: route.url });
      },
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(async () => {
    await app.close();
    await db.cleanup();
  });

  it('is OpenAPI 3.1 and lists every API route the app registered', () => {
    expect(document.openapi).toBe('3.1.0');
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const { method, url } of apiRoutes) {
      // The reference page itself and its assets are not part of the API.
      if (url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`)) continue;
      // better-auth's catch-all: its endpoints are described one by one (checked below).
      if (url === '/api/auth/*') continue;
      if (!document.paths[openApiPath(url)]?.[method.toLowerCase()]) missing.push(`${method} ${url}`);
    }
    expect(missing).toEqual([]);
    // And nothing in the document is made up: every path outside /api/auth is a registered route.
    const registered = new Set(apiRoutes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const invented = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .filter((entry) => !registered.has(entry));
    expect(invented).toEqual([]);
  });

  it('names every operation uniquely, files it under its section, and says whether it needs a session', () => {
    const operations = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method} ${path}`, op: op as { operationId?: string; tags?: string[]; security?: unknown[] } })));
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/room/{id}']?.get?.operationId).toBe('getRoomById');
    // 'Server' is for the server's own routes only.
    const server = operations.filter(({ op }) => op.tags?.includes('Server')).map(({ name }) => name.split(' ')[1]);
    expect([...new Set(server)].sort()).toEqual(['/api/config', '/api/health', '/api/metrics', '/api/openapi.json'].filter((path) => server.includes(path)));
    // Public operations say so (an empty requirement), the others name the session cookie.
    for (const { name, op } of operations) expect(Array.isArray(op.security), name).toBe(true);
    expect(document.paths['/api/rooms']?.get?.security).toEqual([]);
  });

  it("describes the auth library's endpoints the web app calls, with the cookie session and the product's error shape", () => {
    expect(routes.some((r) => r.url === '/api/auth/*')).toBe(true);
    for (const [method, path] of WEB_APP_AUTH_CALLS) {
      const op = document.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.security).toContainEqual({ session: [] });
      const badRequest = op!.responses['400']?.content?.['application/json']?.schema as { properties?: Record<string, unknown> };
      expect(Object.keys(badRequest.properties ?? {}), `${method} ${path}`).toEqual(['error']);
    }
  });

  it('leaves out the auth endpoints that are turned off', () => {
    expect(DISABLED_AUTH_PATHS).toContain('/list-sessions');
    for (const path of DISABLED_AUTH_PATHS) expect(document.paths[`/api/auth${path}`], path).toBeUndefined();
    // The rest of the library's description is still there.
    expect(document.paths['/api/auth/revoke-session']).toBeDefined();
  });

  it('lists every error status a route answers (probed anonymously, from another site, and as each role)', async () => {
    const signUp = async (role: 'guest' | 'host' | 'admin') => {
      const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN },
        payload: { name: 'Probe', email, password: 'correct horse battery', image: `/uploads/${randomUUID()}.webp` },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Verified, so the probes reach past the e-mail check to the answers the routes give after it.
      await db.database.db.execute(`update users set role = '${role}', email_verified = true where email = '${email}'`);
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email, password: 'correct horse battery' },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      return sessionCookie(signedIn);
    };
    const cookies = { guest: await signUp('guest'), host: await signUp('host'), admin: await signUp('admin') };
    const callers: { name: string; headers: Record<string, string> }[] = [
      { name: 'a visitor', headers: { origin: ORIGIN } },
      { name: 'another site', headers: { origin: 'https://elsewhere.example', cookie: cookies.guest } },
      ...Object.entries(cookies).map(([name, cookie]) => ({ name: `a ${name}`, headers: { origin: ORIGIN, cookie } })),
    ];
    const unlisted: string[] = [];
    for (const [path, ops] of Object.entries(document.paths)) {
      if (path.startsWith('/api/auth/')) continue;
      const url = path.replace('{id}', randomUUID()).replace('{email}', 'nobody@example.com');
      for (const [method, op] of Object.entries(ops)) {
        for (const caller of callers) {
          const res = await app.inject({ method: method.toUpperCase() as HTTPMethods, url, headers: caller.headers, payload: method === 'get' ? undefined : {} } as InjectOptions);
          const status = res.statusCode;
          if (status >= 400 && !(String(status) in op.responses)) unlisted.push(`${method.toUpperCase()} ${path} as ${caller.name}: ${status} ${res.body}`);
          if (status >= 500) unlisted.push(`${method.toUpperCase()} ${path} as ${caller.name}: ${status} ${res.body}`);
        }
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('marks the routes that need a session, and declares 400 wherever input is read', () => {
    const operations = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .flatMap(([path, ops]) =>
        (Object.entries(ops) as [string, Operation & { parameters?: unknown[]; requestBody?: unknown }][]).map(([method, op]) => ({ name: `${method} ${path}`, op })),
      );
    for (const { name, op } of operations) expect((op.security as unknown[]).length > 0, name).toBe('401' in op.responses);
    const readingInput = operations.filter(({ op }) => (op.parameters?.length ?? 0) > 0 || op.requestBody);
    expect(readingInput.length).toBeGreaterThan(0);
    expect(readingInput.filter(({ op }) => !('400' in op.responses)).map(({ name }) => name)).toEqual([]);
  });

  it('serves a browsable reference at /api/docs from its own assets, under the app CSP', async () => {
    const page = await app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The app's policy as helmet sets it everywhere: scripts from our origin only, nothing inline.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|<script(?![^>]*src=)[^>]*>\S/);
    const assets = [...page.body.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      // Every asset comes from this server, under the reference's own path.
      expect(asset.startsWith(`${DOCS_PATH}/`), asset).toBe(true);
      const res = await app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    // The page reads the same document.
    const initializer = await app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-initializer.js` });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    expect(Object.keys(json.json<Document>().paths)).toEqual(Object.keys(document.paths));
  });
});
