import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { TEST_DATABASE_KINDS } from '../test/databases.js';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.js';

const NOT_ALLOWED = { error: { code: 'BAD_REQUEST', message: 'The request contains characters that are not allowed.' } };
const TOO_DEEP = { error: { code: 'BAD_REQUEST', message: 'The request is nested too deeply.' } };
const json = { 'content-type': 'application/json' };

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe.each(TEST_DATABASE_KINDS)('crafted input on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await t.signUp({ name: 'Nora Null' });
  });
  afterAll(() => t.close());

  it('refuses NUL characters in any string or key of a JSON body, on the auth routes too', async () => {
    const cases = [
      [null, '/api/auth/reset-password', { token: '\u0000', newPassword: 'a brand new password' }],
      [null, '/api/auth/sign-in/email', { email: 'a@example.com', password: 'pass\u0000word' }],
      [user, '/api/auth/revoke-session', { token: '\u0000' }],
      [user, '/api/auth/update-user', { name: 'a\u0000b' }],
      [user, '/api/auth/update-user', { ['na\u0000me']: 'Nora' }],
      [user, '/api/auth/update-user', { name: 'Nora', more: [{ deeper: ['\u0000'] }] }],
    ] as const;
    for (const [as, url, body] of cases) {
      const res = await t.call('POST', url, { as, body });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(NOT_ALLOWED);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe('Nora Null');
    // The session the refused revoke named is still there.
    expect((await t.call('GET', '/api/auth/get-session', { as: user })).json()).toMatchObject({ user: { id: user.id } });
  });

  it('refuses JSON nested deeper than 32 levels on every route, and takes 32', async () => {
    // Deep, yet inside the auth routes' 16 KB (AUTH_BODY_LIMIT): the nesting is what is refused, not the size.
    for (const body of [nestedArrays(5000), nestedObjects(2500), nestedArrays(33), `{"email":"a@example.com","password":${nestedArrays(33)}}`]) {
      for (const [as, url] of [[null, '/api/auth/sign-in/email'], [user, '/api/auth/update-user'], [user, '/api/user']] as const) {
        const res = await t.call(url === '/api/user' ? 'PUT' : 'POST', url, { as, body, headers: json });
        expect(res.statusCode, `${url} ${body.slice(0, 20)}`).toBe(400);
        expect(res.json()).toEqual(TOO_DEEP);
      }
    }
    const deepEnough = await t.call('PUT', '/api/user', { as: user, body: `{"email":"${user.email}","extra":${nestedArrays(31)}}`, headers: json });
    expect(deepEnough.statusCode).toBe(200);
    // Brackets inside strings are text, not nesting.
    const wrong = await t.call('POST', '/api/auth/sign-in/email', { body: { email: user.email, password: '[{'.repeat(40) } });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses NUL characters in the path and the query, after the sign-in check', async () => {
    for (const url of ['/api/room/%00', '/api/rooms?category=%00', '/api/rooms?cursor=a%00', '/api/auth/reset-password/%00?callbackURL=%2F', '/api/auth/verify-email?token=%00', '/uploads/%00.webp']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(NOT_ALLOWED);
    }
    expect((await t.call('GET', `/api/user/a%00${user.email}`)).statusCode).toBe(401);
    const own = await t.call('GET', `/api/user/a%00${user.email}`, { as: user });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual(NOT_ALLOWED);
  });

  it('answers addresses the router cannot read in the same error shape', async () => {
    for (const url of ['/api/room/%ZZ', '/api/user/%E0%A4%A', '/uploads/%FF%FE']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: 'BAD_REQUEST', message: 'The address is not valid.' } });
    }
    const long = await t.call('GET', `/api/room/${'x'.repeat(400)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The address is too long.' } });
  });
});

/** Sends `raw` over a connection of its own and reads the answer until the server closes it. */
function sendRaw(origin: string, raw: string): Promise<{ statusLine: string; headers: string; body: unknown }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(raw));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...headers] = head.split('\r\n');
      resolve({ statusLine, headers: headers.join('\n').toLowerCase(), body: JSON.parse(body) as unknown });
    });
  });
}

// Requests Node's HTTP parser gives up on before any route runs: the same shape as every other answer.
describe('requests the server cannot read', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp(TEST_DATABASE_KINDS[0]!);
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it("answers headers over the limit with 431 and the product's error shape", async () => {
    const res = await sendRaw(origin, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: a=${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(res.headers).toContain('content-type: application/json; charset=utf-8');
    expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: "The request's headers are too large." } });
  });

  it("answers a request that is not HTTP with 400 and the product's error shape", async () => {
    for (const raw of ['GARBAGE\r\n\r\n', 'POST /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n']) {
      const res = await sendRaw(origin, raw);
      expect(res.statusLine, raw).toBe('HTTP/1.1 400 Bad Request');
      expect(res.body, raw).toEqual({ error: { code: 'BAD_REQUEST', message: 'The request could not be read.' } });
    }
  });
});
