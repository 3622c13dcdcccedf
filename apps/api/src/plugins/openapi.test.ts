import { randomUUID } from 'node:crypto';
import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRoom, insertUser } from '../db/factories.js';
import { AUTH_ENDPOINTS, UNDOCUMENTED_AUTH_ENDPOINTS } from '../modules/auth/auth-reference.js';
import { DISABLED_AUTH_PATHS, SIGN_UP_ANSWER } from '../modules/auth/auth.js';
import { buildContractApp, readDocument } from '../test/contract.js';
import { createTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../test/databases.js';
import { sessionCookie, TEST_ORIGIN } from '../test/test-app.js';
import { DOCS_PATH } from './openapi.js';

const ORIGIN = TEST_ORIGIN;

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

type Response = { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> };
type Operation = {
  responses: Record<string, Response>;
  security?: unknown[];
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Record<string, unknown>> } };
type Route = { method: string; url: string };
type Caller = { name: string; headers: Record<string, string> };

/** Fastify's `/room/:id` is OpenAPI's `/room/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Every operation of the document, by `METHOD path`. */
const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, name: `${method.toUpperCase()} ${path}`, op })));

describe.each(TEST_DATABASE_KINDS)('the OpenAPI document on %s', (kind) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let document: Document;
  const routes: Route[] = [];
  /** A visitor, a guest's session from another site's page, and a guest, a host and an admin, signed in and verified. */
  let callers: Caller[];
  /** The same signed-in people, most powerful first: the one to try a probe as before the others. */
  let signedIn: Caller[];
  /** A room that exists, for the probes that need one. */
  let roomId: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    app = await buildContractApp(db, (route) => {
      for (const method of ([] as string[]).concat(route.method)) routes.push({ method, url: route.url });
    });
    document = (await readDocument(app)) as Document;
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
      const signedInRes = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password: 'correct horse battery' } });
      expect(signedInRes.statusCode, signedInRes.body).toBe(200);
      return sessionCookie(signedInRes);
    };
    const cookies = { admin: await signUp('admin'), host: await signUp('host'), guest: await signUp('guest') };
    signedIn = Object.entries(cookies).map(([name, cookie]) => ({ name: `a ${name}`, headers: { origin: ORIGIN, cookie } }));
    callers = [{ name: 'a visitor', headers: { origin: ORIGIN } }, { name: 'another site', headers: { origin: 'https://elsewhere.example', cookie: cookies.guest } }, ...signedIn];
    const host = await insertUser(db.database.db, { role: 'host' });
    roomId = (await insertRoom(db.database.db, { hostId: host.id })).id;
  });
  afterAll(async () => {
    await app.close();
    await db.cleanup();
  });

  /** A path of the document with its parameters filled in: a room that exists, an e-mail, else a fresh uuid. */
  const urlOf = (path: string) => path.replace(/\{id\}/, roomId).replace('{email}', 'nobody@example.com').replace(/\{\w+\}/g, () => randomUUID());

  /** Whether any caller (the visitor and every signed-in person) gets `status` for the request. */
  async function someoneGets(status: number, request: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }): Promise<boolean> {
    for (const caller of [...signedIn, callers[0]!]) {
      const res = await app.inject({ ...request, headers: { ...caller.headers, ...request.headers } } as InjectOptions);
      if (res.statusCode === status) return true;
    }
    return false;
  }

  it('is OpenAPI 3.1 and lists every API route the app registered', () => {
    expect(document.openapi).toBe('3.1.0');
    const apiRoutes = routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(apiRoutes.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const { method, url } of apiRoutes) {
      // The reference page itself and its assets are not part of the API.
      if (url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`)) continue;
      // better-auth's catch-all and its rate-limited paths: its endpoints are described one by one (checked below).
      if (url.startsWith('/api/auth/')) continue;
      if (!document.paths[openApiPath(url)]?.[method.toLowerCase()]) missing.push(`${method} ${url}`);
    }
    expect(missing).toEqual([]);
    // And nothing in the document is made up: every path outside /api/auth is a registered route.
    const registered = new Set(apiRoutes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const invented = operationsOf(document)
      .filter(({ path, method }) => !path.startsWith('/api/auth/') && !registered.has(`${method} ${path}`))
      .map(({ name }) => name);
    expect(invented).toEqual([]);
  });

  it('names every operation uniquely, sums it up, files it under its section, and says whether it needs a session', () => {
    const operations = operationsOf(document);
    expect(operations.filter(({ op }) => !op.operationId || !op.summary || op.tags?.length !== 1).map(({ name }) => name)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/room/{id}']?.get?.operationId).toBe('getRoomById');
    expect(document.paths['/api/auth/sign-in/email']?.post?.operationId).toBe('postAuthSignInEmail');
    // 'Server' is for the server's own routes only.
    const server = operations.filter(({ op }) => op.tags?.includes('Server')).map(({ path }) => path);
    expect([...new Set(server)].sort()).toEqual(['/api/config', '/api/health', '/api/metrics', '/api/openapi.json'].filter((path) => server.includes(path)));
    // Public operations say so (an empty requirement), the others name the session cookie.
    for (const { name, op } of operations) expect(Array.isArray(op.security), name).toBe(true);
    expect(document.paths['/api/rooms']?.get?.security).toEqual([]);
  });

  it("describes the auth library's endpoints the web app calls, as the product offers them, with the product's error shape", async () => {
    expect(routes.some((r) => r.url === '/api/auth/*')).toBe(true);
    for (const [method, path] of WEB_APP_AUTH_CALLS) {
      const op = document.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      const badRequest = op!.responses['400']?.content?.['application/json']?.schema;
      expect(badRequest, `${method} ${path}`).toEqual({ $ref: '#/components/schemas/AuthError' });
    }
    // Who may call each: anyone signs up and in; a session changes the password; reading the session works either way.
    expect(document.paths['/api/auth/sign-in/email']?.post?.security).toEqual([]);
    expect(document.paths['/api/auth/change-password']?.post?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/auth/get-session']?.get?.security).toEqual([{ session: [] }, {}]);
    // Every documented endpoint is one the product has decided on (a new library version's endpoints are not let in unread).
    const documented = Object.keys(document.paths).filter((path) => path.startsWith('/api/auth/')).map((path) => path.slice('/api/auth'.length));
    expect(documented.filter((path) => !AUTH_ENDPOINTS[path])).toEqual([]);
    // Sign-up answers what the product answers, not the library's session and user.
    const signUp = document.paths['/api/auth/sign-up/email']!.post!.responses['200']!.content!['application/json']!.schema;
    expect(Object.keys(signUp.properties as object)).toEqual(Object.keys(SIGN_UP_ANSWER));
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'New', email: `new-${randomUUID().slice(0, 8)}@example.com`, password: 'correct horse battery', image: `/uploads/${randomUUID()}.webp` },
    });
    expect(Object.keys(res.json() as object)).toEqual(Object.keys(SIGN_UP_ANSWER));
    // The library's 3.0 `nullable` is 3.1's null type.
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  it('leaves out the auth endpoints that are turned off, or that the product does not offer, each answering as its entry says', async () => {
    expect(DISABLED_AUTH_PATHS).toContain('/list-sessions');
    for (const path of DISABLED_AUTH_PATHS) expect(document.paths[`/api/auth${path}`], path).toBeUndefined();
    const guest = signedIn.find((caller) => caller.name === 'a guest')!;
    for (const [endpoint, { status }] of Object.entries(UNDOCUMENTED_AUTH_ENDPOINTS)) {
      const [method, path] = endpoint.split(' ') as [string, string];
      expect(document.paths[`/api/auth${path}`]?.[method], endpoint).toBeUndefined();
      const body = method === 'get' ? undefined : path === '/change-email' ? { newEmail: 'new@example.com' } : { field: 1 };
      const url = `/api/auth${path}${method === 'get' ? '?token=probe' : ''}`;
      const res = await app.inject({ method: method.toUpperCase() as HTTPMethods, url, headers: guest.headers, ...(body ? { payload: body } : {}) });
      expect(res.statusCode, `${endpoint}: ${res.body.slice(0, 200)}`).toBe(status);
      if (path === '/error') expect(res.headers.location).toBe('/login');
    }
    // The rest of the library's description is still there.
    expect(document.paths['/api/auth/revoke-session']).toBeDefined();
  });

  it('lists every error status a route answers (probed anonymously, from another site, and as each role)', async () => {
    const unlisted: string[] = [];
    for (const { method, path, op } of operationsOf(document)) {
      if (path.startsWith('/api/auth/')) continue;
      const url = path.replace('{id}', randomUUID()).replace('{email}', 'nobody@example.com');
      for (const caller of callers) {
        const res = await app.inject({ method: method.toUpperCase() as HTTPMethods, url, headers: caller.headers, payload: method === 'get' ? undefined : {} } as InjectOptions);
        const status = res.statusCode;
        if (status >= 400 && !(String(status) in op.responses)) unlisted.push(`${method.toUpperCase()} ${path} as ${caller.name}: ${status} ${res.body}`);
        if (status >= 500) unlisted.push(`${method.toUpperCase()} ${path} as ${caller.name}: ${status} ${res.body}`);
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('answers what it says every operation may: 400 for a NUL in the address, 413 and 415 for a body, 414 for a long path value', async () => {
    const tooLarge = JSON.stringify({ text: 'x'.repeat(1_048_576) });
    const wrong: string[] = [];
    for (const { method, path, name, op } of operationsOf(document)) {
      const shared = Object.keys(op.responses).filter((status) => op.responses[status]!.$ref?.startsWith('#/components/responses/'));
      const base = { method: method.toUpperCase() as HTTPMethods, url: urlOf(path) };
      const probes: [string, () => Promise<boolean>][] = [
        ['400', () => someoneGets(400, { ...base, url: `${base.url}${base.url.includes('?') ? '&' : '?'}probe=%00` })],
        ['413', () => someoneGets(413, { ...base, payload: tooLarge, headers: { 'content-type': 'application/json' } })],
        ['415', () => someoneGets(415, { ...base, payload: '<probe/>', headers: { 'content-type': 'application/xml' } })],
        ['414', () => someoneGets(414, { ...base, url: path.replace(/\{\w+\}/g, 'x'.repeat(400)) })],
      ];
      for (const [status, probe] of probes) {
        const documented = shared.includes(status) || (status === '400' && '400' in op.responses);
        // 413 and 415 come only with a body, which a GET never reads; 414 only from a path parameter of the router's.
        const applies = status === '400' || (status === '414' ? path.includes('{') && !path.startsWith('/api/auth/') : method !== 'get');
        if (documented !== applies) wrong.push(`${name}: ${status} ${documented ? 'documented but does not apply' : 'applies but is not documented'}`);
        else if (applies && !(await probe())) wrong.push(`${name}: nobody gets ${status}`);
      }
      if (!shared.includes('500')) wrong.push(`${name}: 500 is not documented`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents 304 exactly where a GET answers with an ETag it honours in If-None-Match', async () => {
    const conditional: string[] = [];
    for (const { path, name, op } of operationsOf(document).filter(({ method, path }) => method === 'get' && !path.startsWith('/api/auth/'))) {
      const url = urlOf(path);
      const first = await app.inject({ method: 'GET', url, headers: callers[0]!.headers });
      const etag = first.headers.etag;
      const again = etag ? await app.inject({ method: 'GET', url, headers: { ...callers[0]!.headers, 'if-none-match': String(etag) } }) : null;
      if (again?.statusCode === 304) conditional.push(name);
      if ('304' in op.responses) {
        expect(op.parameters?.some((p) => p.in === 'header' && p.name === 'If-None-Match'), name).toBe(true);
        expect(op.responses['200'], name).toMatchObject({ headers: { ETag: expect.any(Object) } });
      }
    }
    const documented = operationsOf(document).filter(({ op }) => '304' in op.responses).map(({ name }) => name);
    expect(conditional.sort()).toEqual(documented.sort());
    expect(documented).toEqual(expect.arrayContaining(['GET /api/rooms', 'GET /api/room/{id}']));
  });

  it('marks the routes that need a session, and declares 400 wherever input is read', () => {
    const operations = operationsOf(document).filter(({ path }) => !path.startsWith('/api/auth/'));
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
