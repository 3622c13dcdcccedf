import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../test/databases.js';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.js';

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
