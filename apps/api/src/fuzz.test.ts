import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, MAX_STAY_NIGHTS, todayIso } from '@staybook/domain';
import { TEST_DATABASE_KINDS } from './test/databases.js';
import { listRoom, ownRoomBody } from './test/rooms.js';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from './test/test-app.js';
import { seededRandom } from './seeded-random.js';

/**
 * Sends a few thousand malformed requests across every registered route, as a visitor, a guest and an
 * admin, and expects each answer to be a deliberate one: below 500, and an error in the product's JSON
 * shape. The generator is seeded, so every run sends the same requests and a failure can be replayed.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Target = { method: Method; url: string };
type FuzzRequest = { method: Method; url: string; headers: Record<string, string>; payload?: string | Buffer };

const REQUESTS_PER_IDENTITY = 600;
const SEED = 0x5eed_b00c;

/** Every route the app registered, read from Fastify's own route tree (method and URL template). */
function registeredRoutes(app: FastifyInstance): Target[] {
  const routes: Target[] = [];
  const pathAt: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    pathAt[depth] = (depth > 0 ? pathAt[depth - 1]! : '') + match[2]!;
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method: method as Method, url: pathAt[depth]! });
    }
  }
  return routes;
}

/** The endpoints behind the auth library's catch-all route (better-auth's own route list). */
const AUTH_ENDPOINTS = [
  'sign-up/email', 'sign-in/email', 'sign-in/social', 'sign-out', 'get-session', 'list-sessions', 'update-session',
  'revoke-session', 'revoke-sessions', 'revoke-other-sessions', 'request-password-reset', 'reset-password',
  'reset-password/:token', 'verify-email', 'send-verification-email', 'change-email', 'change-password',
  'verify-password', 'update-user', 'delete-user', 'delete-user/callback', 'list-accounts', 'account-info',
  'link-social', 'unlink-account', 'refresh-token', 'get-access-token', 'callback/:id', 'error', 'ok', 'no-such-endpoint',
];
/** They would end the signed-in fuzzer's own session and leave the rest of its requests anonymous. */
const ENDS_OWN_SESSION = new Set(['sign-out', 'revoke-sessions', 'delete-user']);

const UUID = '6f1c3a9e-2b7d-4c1e-9f3a-0d2e4b6c8a10';
const HUGE = 'x'.repeat(100_000);
const TOO_BIG = 'y'.repeat(1_100_000);
const b64 = (text: string) => Buffer.from(text).toString('base64url');

const BAD_PARAMS = [
  '%00', 'a%00b%40example.com', 'not-an-email', 'x'.repeat(300), 'x'.repeat(400), '%ZZ', '%E0%A4%A', '%FF%FE', '%C0%80',
  '..%2F..%2Fetc%2Fpasswd', '%F0%9F%98%80', '%20', '1', '-1', '0', UUID, `${UUID}x`, '64b7f0c2e4b0a1a2b3c4d5e6',
  'a%40b', 'ADMIN%40EXAMPLE.COM', '__proto__', 'constructor', '%27%3B--', '%3Cscript%3E', '%5B%5D', 'null', 'undefined',
];

const BAD_QUERIES = [
  'limit=-1', 'limit=0', 'limit=abc', 'limit=1e309', 'limit=1.5', 'limit=99999999999999999999', 'limit[]=1', 'limit=1&limit=2',
  'cursor=garbage', `cursor=${b64('["x","y"]')}`, `cursor=${b64('[null,null]')}`, `cursor=${b64('{}')}`,
  `cursor=${b64(`["+275760-09-13T00:00:00.000Z","${UUID}"]`)}`, `cursor=${b64(`["2024-01-01T00:00:00.000Z",5]`)}`,
  `cursor=${b64('\u0000@example.com')}`, `cursor=${b64('a@b.c')}`, `cursor=${'A'.repeat(5000)}`, 'cursor=%FF%FE',
  'cursor=%00', 'category=%00', 'category=Volcano', 'category=Lake&category=Beach', 'category[]=Lake',
  '__proto__[x]=1', 'constructor[prototype][x]=1', 'token=%00', 'token=' + 'z'.repeat(5000), 'callbackURL=javascript:alert(1)',
  'callbackURL=%2F%2Fevil.example', 'error=%3Cscript%3E', 'id=%00', 'q=%E0%A4%A', '%=%', '&&&', '=', 'a=%ZZ',
];

const FIELDS = [
  'email', 'password', 'name', 'image', 'token', 'newPassword', 'currentPassword', 'role', 'status', 'provider',
  'callbackURL', 'redirectTo', 'revokeOtherSessions', 'rememberMe', 'idToken', 'providerId', 'accountId', 'newEmail',
];
const WRONG_VALUES: unknown[] = [
  1, -1, 0, 1e308, -1e308, 1.5, true, false, null, [], {}, ['a'], { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}'), '', ' ',
  'a'.repeat(300), 'admin', 'Verified', '/uploads/x.webp', 'javascript:alert(1)', '\ud800', '😀'.repeat(100), '%00',
  'a@b', 'A@EXAMPLE.COM', [[[[1]]]], { email: { email: 'x' } },
];
const INVALID_JSON = [
  '{', '}', '{"a":}', "{'a':1}", 'nul', '\ufeff{}', '{"a":1}}', '[1,]', '{"a":1,}', '"\\u00"', '{"a":"\\x00"}', '\u0000',
  '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '', ' ', '1e999999', '-', '{"a":NaN}',
];
const CONTENT_TYPES: [string, string][] = [
  ['text/plain', 'email=a@b.c'],
  ['text/plain', 'a\u0000b'],
  ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
  ['application/xml', '<user><role>admin</role></user>'],
  ['application/json; charset=utf-16', '{"a":1}'],
  ['application/json; charset=latin1', '{"a":1}'],
  ['application/vnd.api+json', '{"a":1}'],
  ['APPLICATION/JSON', '{"name":"a\\u0000b"}'],
  ['application/json, text/plain', '{"a":1}'],
  ['multipart/form-data', 'no boundary here'],
  ['multipart/form-data; boundary=', '--\r\n'],
  ['image/webp', 'RIFF....WEBP'],
  ['application/octet-stream', '\u0000\u0001\u0002'],
  ['', '{"a":1}'],
  ['text/html; charset=utf-8', '<script>alert(1)</script>'],
];

function multipart(parts: { name: string; filename?: string; type?: string; data: string | Buffer }[], boundary = 'fuzzBoundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const BAD_MULTIPART: { boundary: string; payload: Buffer }[] = [
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: 'not an image' }]) },
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: PNG_HEADER }]) },
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'photo', filename: 'a.png', data: PNG_HEADER }]) },
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'image', data: 'a text field, not a file' }]) },
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'image', filename: 'a\u0000.png', data: PNG_HEADER }]) },
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'image', filename: '../../etc/passwd', data: PNG_HEADER }]) },
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'image', filename: 'a.png', data: PNG_HEADER }, { name: 'image', filename: 'b.png', data: PNG_HEADER }]) },
  { boundary: 'fuzzBoundary', payload: multipart(Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, data: 'v' }))) },
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'field', data: HUGE }]) },
  { boundary: 'fuzzBoundary', payload: multipart([{ name: 'image', filename: 'a.png', data: PNG_HEADER }]).subarray(0, 80) },
  { boundary: 'otherBoundary', payload: multipart([{ name: 'image', filename: 'a.png', data: PNG_HEADER }]) },
  { boundary: 'fuzzBoundary', payload: Buffer.from('--fuzzBoundary\r\nContent-Disposition: form-data\r\n\r\nx\r\n--fuzzBoundary--\r\n') },
  { boundary: 'fuzzBoundary', payload: Buffer.from('--fuzzBoundary\r\n\r\n\r\n') },
  { boundary: 'fuzzBoundary', payload: Buffer.alloc(0) },
  { boundary: 'x'.repeat(200), payload: multipart([{ name: 'image', filename: 'a.png', data: PNG_HEADER }], 'x'.repeat(200)) },
];
const BAD_COOKIES = [
  'better-auth.session_token=garbage',
  'better-auth.session_token=%00',
  `better-auth.session_token=${'a'.repeat(4000)}`,
  'better-auth.session_token=abc.def',
  'better-auth.session_token=%E0%A4%A',
  'better-auth.session_token=; better-auth.session_token=x',
  'better-auth.session_data=%7B%22session%22%3A1%7D',
  '=;=;;',
];

function nest(depth: number, kind: number): string {
  if (kind === 0) return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  if (kind === 1) return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`;
}

/** One malformed request for a route, chosen by the seeded generator. */
function craft(target: Target, random: () => number): FuzzRequest {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const fields = (n: number) => Array.from({ length: n }, () => pick(FIELDS));
  let url = target.url.replace(/:[a-zA-Z]+/g, () => pick(BAD_PARAMS));
  const headers: Record<string, string> = {};
  const json = (value: unknown) => {
    headers['content-type'] = 'application/json';
    return JSON.stringify(value);
  };
  const kinds = target.method === 'GET' ? ['query', 'params', 'cookie', 'get-body'] : ['nul', 'deep', 'huge', 'types', 'invalid-json', 'content-type', 'multipart', 'query', 'cookie'];
  let payload: string | Buffer | undefined;
  switch (pick(kinds)) {
    case 'query':
      url += `?${pick(BAD_QUERIES)}${random() < 0.3 ? `&${pick(BAD_QUERIES)}` : ''}`;
      if (target.method !== 'GET') payload = json(Object.fromEntries(fields(2).map((f) => [f, pick(WRONG_VALUES)])));
      break;
    case 'params':
      break;
    case 'cookie':
      headers.cookie = pick(BAD_COOKIES);
      if (target.method !== 'GET') payload = json({});
      break;
    case 'get-body':
      payload = json({ email: 'a\u0000' });
      break;
    case 'nul': {
      const body: Record<string, unknown> = Object.fromEntries(fields(2).map((f) => [f, 'ok']));
      const at = pick(['value', 'key', 'nested']);
      if (at === 'value') body[pick(FIELDS)] = `a${'\u0000'.repeat(1 + Math.floor(random() * 3))}b`;
      if (at === 'key') body[`${pick(FIELDS)}\u0000`] = 'x';
      if (at === 'nested') body[pick(FIELDS)] = [{ deeper: { value: '\u0000' } }];
      payload = json(body);
      break;
    }
    case 'deep': {
      const inner = nest(pick([33, 34, 64, 1000, 5000, 20_000]), Math.floor(random() * 3));
      headers['content-type'] = 'application/json';
      payload = random() < 0.5 ? inner : `{"${pick(FIELDS)}":${inner}}`;
      break;
    }
    case 'huge': {
      const body: Record<string, unknown> = Object.fromEntries(fields(2).map((f) => [f, 'ok']));
      const where = pick(['value', 'key', 'too-big', 'array']);
      if (where === 'value') body[pick(FIELDS)] = HUGE;
      if (where === 'key') body[HUGE] = 'x';
      if (where === 'too-big') body[pick(FIELDS)] = TOO_BIG;
      if (where === 'array') body[pick(FIELDS)] = Array.from({ length: 20_000 }, (_, i) => i);
      payload = json(body);
      break;
    }
    case 'types':
      payload =
        random() < 0.25
          ? json(pick([null, 1, 'x', [], true, [{}], WRONG_VALUES]))
          : json(Object.fromEntries(fields(1 + Math.floor(random() * 4)).map((f) => [f, pick(WRONG_VALUES)])));
      break;
    case 'invalid-json':
      headers['content-type'] = 'application/json';
      payload = pick(INVALID_JSON);
      break;
    case 'content-type': {
      const [type, body] = pick(CONTENT_TYPES);
      if (type) headers['content-type'] = type;
      payload = body;
      break;
    }
    case 'multipart': {
      const { boundary, payload: body } = pick(BAD_MULTIPART);
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      payload = body;
      break;
    }
  }
  return { method: target.method, url, headers, ...(payload !== undefined ? { payload } : {}) };
}

function describeRequest(req: FuzzRequest): string {
  const body = req.payload === undefined ? '' : ` ${JSON.stringify(req.payload.toString().slice(0, 120))}`;
  return `${req.method} ${req.url.slice(0, 160)} ${JSON.stringify(req.headers).slice(0, 160)}${body}`;
}

/** What is wrong with an answer, if anything: a 5xx, or an error that is not the product's JSON shape. */
function problemWith(status: number, contentType: string | undefined, text: string): string | null {
  if (status >= 500) return `answered ${status}: ${text.slice(0, 200)}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json')) return `answered ${status} as ${contentType ?? 'no content type'}: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with broken JSON: ${text.slice(0, 200)}`;
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  const shaped =
    body !== null &&
    typeof body === 'object' &&
    Object.keys(body).length === 1 &&
    error !== undefined &&
    typeof error === 'object' &&
    typeof error.code === 'string' &&
    error.code !== '' &&
    typeof error.message === 'string' &&
    error.message !== '' &&
    Object.keys(error).every((key) => ['code', 'message', 'fields'].includes(key)) &&
    (error.fields === undefined ||
      (typeof error.fields === 'object' && error.fields !== null && Object.values(error.fields).every((v) => typeof v === 'string')));
  return shaped ? null : `answered ${status} with a body not in the error shape: ${text.slice(0, 200)}`;
}

describe.each(TEST_DATABASE_KINDS)('malformed requests across every route on %s', (kind) => {
  let t: TestApp;
  let targets: Target[];
  let guest: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    guest = await t.signUp({ email: 'fuzz-guest@example.com' });
    admin = await t.signUp({ role: 'admin', email: 'fuzz-admin@example.com' });
    const routes = registeredRoutes(t.app);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/auth/*' },
        { method: 'GET', url: '/api/room/:id' },
        { method: 'PATCH', url: '/api/users/update/:email' },
        { method: 'POST', url: '/api/uploads/image' },
      ]),
    );
    // Requests for unknown paths and methods go to the not-found handler, which must answer in shape too.
    const own = [...routes.filter((r) => !r.url.endsWith('*')), { method: 'DELETE', url: '/api/room/:id' }, { method: 'GET', url: '/api/nope/:id' }] as Target[];
    const auth = routes
      .filter((r) => r.url === '/api/auth/*')
      .flatMap((r) => AUTH_ENDPOINTS.map((endpoint) => ({ method: r.method, url: `/api/auth/${endpoint}` })));
    const uploads = routes.filter((r) => r.url === '/uploads/*').map((r) => ({ method: r.method, url: '/uploads/:name' }));
    // Our own routes are fewer than the auth library's; they get as many requests each.
    targets = [...own, ...own, ...own, ...auth, ...uploads];
  });
  afterAll(() => t.close());

  async function fuzz(as: TestUser | null, seed: number): Promise<{ sent: number; problems: string[] }> {
    const random = seededRandom(seed);
    const problems: string[] = [];
    let sent = 0;
    for (let i = 0; i < REQUESTS_PER_IDENTITY; i += 1) {
      const target = targets[i % targets.length]!;
      if (as && target.url.startsWith('/api/auth/') && ENDS_OWN_SESSION.has(target.url.slice('/api/auth/'.length))) continue;
      const req = craft(target, random);
      const headers = { origin: TEST_ORIGIN, ...(as ? { cookie: as.cookie } : {}), ...req.headers };
      const res = await t.app.inject({
        method: req.method,
        url: req.url,
        headers,
        ...(req.payload !== undefined ? { payload: req.payload as InjectOptions['payload'] } : {}),
      });
      sent += 1;
      const problem = problemWith(res.statusCode, res.headers['content-type'] as string | undefined, res.body);
      if (problem) problems.push(`${describeRequest(req)} → ${problem}`);
    }
    return { sent, problems };
  }

  it('answers a visitor below 500, with JSON errors, whatever is sent', { timeout: 300_000 }, async () => {
    const { sent, problems } = await fuzz(null, SEED);
    expect(sent).toBeGreaterThanOrEqual(500);
    expect(problems).toEqual([]);
  });

  it('answers a signed-in guest below 500, with JSON errors, whatever is sent', { timeout: 300_000 }, async () => {
    const { sent, problems } = await fuzz(guest, SEED + 1);
    expect(sent).toBeGreaterThanOrEqual(500);
    expect(problems).toEqual([]);
    // The guest stayed signed in throughout, so every request above was a signed-in one.
    expect((await t.call('GET', '/api/auth/get-session', { as: guest })).json()).toMatchObject({ user: { id: guest.id } });
  });

  it('answers an admin below 500, with JSON errors, whatever is sent', { timeout: 300_000 }, async () => {
    const { sent, problems } = await fuzz(admin, SEED + 2);
    expect(sent).toBeGreaterThanOrEqual(500);
    expect(problems).toEqual([]);
    expect((await t.call('GET', '/api/auth/get-session', { as: admin })).json()).toMatchObject({ user: { id: admin.id } });
  });
});

/**
 * Well-formed requests at each numeric limit and one step past it: the limit is accepted, the step past it is a
 * deliberate 400, and nothing in between reaches the database as a number it cannot hold.
 */
describe.each(TEST_DATABASE_KINDS)('numbers at their limits on %s', (kind) => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    host = await t.signUp({ role: 'host', email: 'limits-host@example.com' });
    guest = await t.signUp({ email: 'limits-guest@example.com' });
  });
  afterAll(() => t.close());

  const INT32 = 2 ** 31;
  const ROOM_NUMBERS: [string, unknown, number][] = [
    ['price', '100000', 201],
    ['price', '100000.01', 400],
    ['price', INT32, 400],
    ['price', 2 ** 53 + 2, 400],
    ['price', '1e20', 400],
    ['guests', 50, 201],
    ['guests', 51, 400],
    ['guests', INT32, 400],
    ['bedrooms', 2 ** 63, 400],
    ['bathrooms', -INT32, 400],
  ];

  it.each(ROOM_NUMBERS)('a room with %s %s answers %i', async (field, value, status) => {
    const res = await t.call('POST', '/api/room', { as: host, body: await ownRoomBody(t, host, { [field]: value }) });
    expect(res.statusCode, res.body).toBe(status);
    expect(problemWith(res.statusCode, res.headers['content-type'] as string | undefined, res.body)).toBeNull();
  });

  it('prices a stay up to the most one booking may cost, and refuses a longer one with a clear 400', async () => {
    const today = todayIso();
    const room = await listRoom(t, host, { price: '100000', from: addDays(today, 1), to: addDays(today, 700) });
    const stay = (nights: number) => ({ roomId: room._id, from: addDays(today, 2), to: addDays(today, 2 + nights) });

    // 9 nights at $100,000 is $900,000: within one booking's $999,999.99.
    const nine = await t.call('POST', '/api/create-payment-intent', { as: guest, body: stay(9) });
    expect(nine.statusCode, nine.body).toBe(200);
    expect(nine.json()).toMatchObject({ nights: 9, totalCents: 90_000_000 });

    for (const nights of [10, 215, MAX_STAY_NIGHTS]) {
      const res = await t.call('POST', '/api/create-payment-intent', { as: guest, body: stay(nights) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain('$999,999.99');
    }
  });

  it.each([
    '/api/rooms?limit=2147483648',
    '/api/rooms?limit=9007199254740993',
    '/api/users?limit=2147483647',
    '/api/admin-stat/calendar?month=275760-09',
    '/api/admin-stat/calendar?month=0000-01',
    '/api/admin-stat?range=all&tz=Etc/GMT%2B14',
  ])('answers GET %s deliberately', async (url) => {
    const admin = await t.signUp({ role: 'admin', email: `limits-admin-${Math.random().toString(36).slice(2)}@example.com` });
    const res = await t.call('GET', url, { as: admin });
    expect(problemWith(res.statusCode, res.headers['content-type'] as string | undefined, res.body)).toBeNull();
  });
});
