import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedImageUrl } from '@staybook/domain';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config.js';
import { PASSWORD } from '../../test/accounts.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';

describe.each(TEST_DATABASE_KINDS)('rate limits on sign-in, sign-up and password reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT: '1' });
  });
  afterAll(() => t.close());

  async function statusesOf(n: number, send: () => Promise<{ statusCode: number }>) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i += 1) statuses.push((await send()).statusCode);
    return statuses;
  }

  const TOO_MANY = {
    error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/), facts: { refusal: 'too-many-requests', seconds: expect.stringMatching(/^\d+$/) } },
  };
  const WRONG = { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } };
  const signInFrom = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: { email: 'a@example.com', password: 'wrong password' },
    });

  it('slows down repeated sign-in attempts from one address, with a clear message and Retry-After', async () => {
    const statuses = await statusesOf(12, () => signInFrom(t.app, '127.0.0.1'));
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    const res = await signInFrom(t.app, '127.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
    // The standard header, in whole seconds within the one-minute window, and the message says the same.
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((res.json() as { error: { message: string } }).error.message).toContain(`${retryAfter} seconds`);
    // Another address is not affected.
    const other = await signInFrom(t.app, '10.1.2.3');
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual(WRONG);
  });

  it('never counts reading the session: 1,000 page loads from one address, signed in or not, are all answered', async () => {
    const address = '198.51.100.20';
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: '198.51.100.21',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Office worker', email: `${randomUUID()}@example.com`, password: PASSWORD, image: storedImageUrl(randomUUID()) },
    });
    expect(signedUp.statusCode).toBe(200);
    const cookie = sessionCookie(signedUp);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: address, headers: i % 2 === 0 ? { cookie } : {} });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1000 });
    // The same address still signs in, and the sign-in limit still holds for it.
    expect(await statusesOf(11, () => signInFrom(t.app, address))).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('counts in fixed windows that end: attempts made while refused do not push the end back', async () => {
    // A minute's start a little ahead of the real clock: PGlite, in this process, arms PostgreSQL's timers from the
    // same (faked) clock, and a time years away would arm them years away, which Node turns into 1 ms timers.
    const minute = (Math.floor(Date.now() / 60_000) + 2) * 60_000;
    const at = (seconds: number) => new Date(minute + seconds * 1000);
    vi.useFakeTimers({ toFake: ['Date'], now: at(0) });
    try {
      const address = '198.51.100.30';
      expect(await statusesOf(1, () => signInFrom(t.app, address))).toEqual([401]);
      vi.setSystemTime(at(50));
      expect(await statusesOf(11, () => signInFrom(t.app, address))).toEqual([...Array<number>(9).fill(401), 429, 429]);
      // Refused attempts keep coming until the window's minute is up…
      vi.setSystemTime(at(59));
      const refused = await signInFrom(t.app, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      // …and the next minute starts afresh, a minute after the window's first attempt.
      vi.setSystemTime(at(60));
      expect(await statusesOf(11, () => signInFrom(t.app, address))).toEqual([...Array<number>(10).fill(401), 429]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('behind a trusted proxy, limits each address the proxy reports, not the proxy', async () => {
    // The same product as deployed behind one reverse proxy (TRUST_PROXY=1), on the same database.
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN, AUTH_RATE_LIMIT: '1', TRUST_PROXY: '1' });
    const proxied = await buildApp({ config, database: t.database, authSecret: 'test-secret-that-is-long-enough-for-the-auth-library', mailer: { send: async () => {} }, webDist: null });
    try {
      const viaProxy = (client: string) => signInFrom(proxied, '10.0.0.2', { 'x-forwarded-for': client });
      expect(await statusesOf(11, () => viaProxy('203.0.113.7'))).toEqual([...Array<number>(10).fill(401), 429]);
      const other = await viaProxy('198.51.100.9');
      expect(other.statusCode).toBe(401);
      expect(other.json()).toEqual(WRONG);
    } finally {
      await proxied.close();
    }
  });

  it('limits password-reset requests and sign-ups', async () => {
    const resets = await statusesOf(6, () => t.call('POST', '/api/auth/request-password-reset', { body: { email: 'a@example.com', redirectTo: `${TEST_ORIGIN}/reset-password` } }));
    expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
    // Sign-ups without a photo count too, so probing which e-mails have accounts stays slow.
    const signups = await statusesOf(11, () =>
      t.call('POST', '/api/auth/sign-up/email', { body: { name: 'x', email: `${randomUUID()}@example.com`, password: PASSWORD } }),
    );
    expect(signups).toEqual([...Array<number>(10).fill(400), 429]);
  });

  it('limits password changes and reset attempts per address', async () => {
    const address = '198.51.100.40';
    const send = (url: string, payload: object) => () => t.app.inject({ method: 'POST', url, remoteAddress: address, headers: { origin: TEST_ORIGIN }, payload });
    // Signed out, each is refused (401, 400) until the limit refuses it first.
    expect(await statusesOf(11, send('/api/auth/change-password', { currentPassword: 'x', newPassword: PASSWORD }))).toEqual([...Array<number>(10).fill(401), 429]);
    expect(await statusesOf(11, send('/api/auth/reset-password', { token: 'not-a-token', newPassword: PASSWORD }))).toEqual([...Array<number>(10).fill(400), 429]);
    // A profile's name or photo: a host's empties every server's kept listing answers.
    expect(await statusesOf(31, send('/api/auth/update-user', { name: 'Renamed' }))).toEqual([...Array<number>(30).fill(401), 429]);
  });

  it('limits confirming the signed-in password', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/auth/verify-password', remoteAddress: '198.51.100.45', headers: { origin: TEST_ORIGIN }, payload: { password: 'a guess' } });
    expect(await statusesOf(11, send)).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('cannot be dodged by a path the library reads as a limited endpoint', async () => {
    // Over a real connection, where a path arrives as it was sent (a test request's would be tidied first).
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const post = (path: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const body = JSON.stringify({ email: 'a@example.com', password: 'wrong password' });
        const sent = request(`${origin}/api/auth/${path}`, { method: 'POST', localAddress: '127.0.0.61', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
        });
        sent.path = `/api/auth/${path}`;
        sent.on('error', reject);
        sent.end(body);
      });
    expect((await statusesOf(10, async () => ({ statusCode: (await post('sign-in/email')).status })))).toEqual(Array<number>(10).fill(401));
    // Each of these is sign-in to the URL parser, which the library reads the path with: refused, never answered.
    for (const path of ['./sign-in/email', 'x/../sign-in/email', '%2e/sign-in/email', 'sign-in/./email', 'sign-in/x/../email']) {
      const res = await post(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ error: { code: 'NOT_FOUND', message: 'The request could not be completed.' } });
    }
    expect((await post('sign-in/email')).status).toBe(429);
  });

  it('cannot be dodged by claiming another address in a header', async () => {
    expect(await statusesOf(10, () => signInFrom(t.app, '198.51.100.50'))).toEqual(Array<number>(10).fill(401));
    const res = await signInFrom(t.app, '198.51.100.50', { 'x-staybook-client-ip': '10.9.9.9', 'x-forwarded-for': '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
  });
});
