import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.js';
import { TEST_DATABASE_KINDS } from '../test/databases.js';
import { createTestApp, sessionCookie, type TestApp, type TestUser } from '../test/test-app.js';

const SIGN_IN = { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } };
const WRONG_ROLE = { error: { code: 'FORBIDDEN', message: 'You do not have the role this needs.' } };

describe.each(TEST_DATABASE_KINDS)('route guards on %s', (kind) => {
  let t: TestApp;
  let guest: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    guest = await t.signUp();
    admin = await t.signUp({ role: 'admin' });
  });
  afterAll(() => t.close());

  const badInput = [
    ['PATCH', '/api/users/update/not-an-email', { role: 'superuser' }],
    ['GET', '/api/users?limit=-1', undefined],
    ['GET', '/api/user/not-an-email', undefined],
  ] as const;

  it('answers a visitor 401 before looking at the input', async () => {
    for (const [method, url, body] of badInput) {
      const res = await t.call(method, url, { body });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual(SIGN_IN);
    }
    // Not even the body is read: broken JSON is not the visitor's first problem.
    const broken = await t.call('PUT', '/api/user', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(401);
    expect(broken.json()).toEqual(SIGN_IN);
  });

  it('answers the wrong role 403 without telling which roles or input the route takes', async () => {
    for (const [method, url, body] of badInput.slice(0, 2)) {
      const res = await t.call(method, url, { as: guest, body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(WRONG_ROLE);
    }
  });

  it('validates the input of someone allowed to use the route', async () => {
    const patch = await t.call('PATCH', '/api/users/update/not-an-email', { as: admin, body: { role: 'superuser' } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { email: 'Please enter a valid email address' } } });
    const list = await t.call('GET', '/api/users?limit=-1', { as: admin });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'limit: Too small: expected number to be >=1', fields: { limit: 'Too small: expected number to be >=1' } },
    });
    const own = await t.call('GET', '/api/user/not-an-email', { as: guest });
    expect(own.statusCode).toBe(400);
  });

  it('keeps every answer of a guarded route and of the auth routes out of caches', async () => {
    const answers = [
      await t.call('GET', `/api/user/${guest.email}`, { as: guest }),
      await t.call('GET', '/api/users', { as: admin }),
      await t.call('PUT', '/api/user', { as: guest, body: {} }),
      await t.call('GET', '/api/users', { as: guest }),
      await t.call('GET', `/api/user/${guest.email}`),
      await t.call('GET', '/api/auth/get-session', { as: guest }),
      await t.call('GET', '/api/auth/get-session'),
      await t.call('POST', '/api/auth/sign-in/email', { body: { email: guest.email, password: guest.password } }),
      await t.call('POST', '/api/auth/sign-in/email', { body: { email: guest.email, password: 'not the password' } }),
    ];
    expect(answers.map((res) => [res.statusCode, res.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [403, 'no-store'],
      [401, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
    ]);
    // Public answers stay cacheable (revalidated with their ETag).
    expect((await t.call('GET', '/api/rooms')).headers['cache-control']).toBe('no-cache');
  });
});

/*
 * Guarded routes read the session cookie themselves (sessionReader), as better-auth's getSession would, and leave to
 * the library whatever it would write. Here each case is one the library answers in its own way.
 */
describe.each(TEST_DATABASE_KINDS)('the session cookie on guarded routes, on %s', (kind) => {
  let t: TestApp;
  const DAY_MS = 86_400_000;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const tokenOf = (cookie: string) => decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
  const me = (user: TestUser, cookie = user.cookie) => t.call('GET', `/api/user/${user.email}`, { headers: { cookie } });
  const expiresAt = async (token: string) => {
    const [row] = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token));
    return row?.expiresAt ?? null;
  };

  it('answers the person the cookie signs in, as they are now, and nobody for a cookie not signed with our secret', async () => {
    const user = await t.signUp();
    expect((await me(user)).json()).toMatchObject({ email: user.email, role: 'guest' });
    await t.database.db.update(users).set({ role: 'host' }).where(eq(users.id, user.id));
    expect((await me(user)).json()).toMatchObject({ email: user.email, role: 'host' });

    const token = tokenOf(user.cookie);
    const forged = `better-auth.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', 'not our secret').update(token).digest('base64')}`)}`;
    const unsigned = `better-auth.session_token=${token}`;
    const otherToken = user.cookie.replace(token, `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`);
    for (const cookie of [forged, unsigned, otherToken, 'better-auth.session_token=', 'better-auth.session_token=%E0%A4%A']) {
      const res = await me(user, cookie);
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json(), cookie).toEqual(SIGN_IN);
    }
  });

  it('signs out a session revoked or expired on the server, and the library deletes the expired one', async () => {
    const revoked = await t.signUp();
    await t.database.db.delete(sessions).where(eq(sessions.token, tokenOf(revoked.cookie)));
    expect((await me(revoked)).statusCode).toBe(401);

    const expired = await t.signUp();
    const token = tokenOf(expired.cookie);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(sessions.token, token));
    expect((await me(expired)).statusCode).toBe(401);
    expect(await expiresAt(token)).toBeNull();
  });

  it("extends a session a day old as the library does, and leaves a \"don't remember me\" session as it is", async () => {
    const user = await t.signUp();
    const token = tokenOf(user.cookie);
    // Last extended a day and a minute ago: due again (30 days from then, extended once a day).
    const due = new Date(Date.now() + 29 * DAY_MS - 60_000);
    await t.database.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.token, token));
    expect((await me(user)).statusCode).toBe(200);
    expect((await expiresAt(token))!.getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);

    const signedIn = await t.call('POST', '/api/auth/sign-in/email', { body: { email: user.email, password: user.password, rememberMe: false } });
    const cookie = sessionCookie(signedIn);
    expect(cookie).toContain('dont_remember');
    const once = tokenOf(cookie);
    await t.database.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.token, once));
    expect((await me(user, cookie)).json()).toMatchObject({ email: user.email });
    expect(await expiresAt(once)).toEqual(due);
  });
});
