import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionSchema, storedImageUrl } from '@staybook/domain';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config.js';
import { users } from '../../db/schema.js';
import { PASSWORD, useAccountsSuite } from '../../test/accounts.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { sessionCookie, TEST_ORIGIN } from '../../test/test-app.js';
import { AUTH_BODY_LIMIT } from './auth.routes.js';

/** Signing up, signing in and out, and the sessions that last: what opens an account and what never does. */
describe.each(TEST_DATABASE_KINDS)('accounts and sessions on %s', (kind) => {
  const s = useAccountsSuite(kind);

  it('signs a new person up as a guest whose e-mail is still to be verified, ignoring any role or status they send', async () => {
    const address = s.email();
    const res = await s.signUp({
      name: 'Mallory', email: address, password: PASSWORD, image: storedImageUrl(randomUUID()), role: 'admin', status: 'Requested', emailVerified: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Check your inbox to finish signing up.' });
    // Sign-up signs no one in (docs/decisions/024-verified-email.md): the person signs in with the password.
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await s.t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
    expect(row).toMatchObject({ role: 'guest', status: 'Verified', name: 'Mallory', emailVerified: false });
    const signedIn = await s.signIn(address, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']!.toString()).toMatch(/HttpOnly/i);
    expect(signedIn.headers['set-cookie']!.toString()).toMatch(/SameSite=Lax/i);
    expect((await s.sessionOf(sessionCookie(signedIn)))?.user).toMatchObject({ email: address.toLowerCase(), role: 'guest', emailVerified: false });
  });

  it('requires a photo uploaded to us, a valid e-mail and a long enough password', async () => {
    const cases = [
      [{ email: s.email(), password: PASSWORD }, 'BAD_REQUEST', 'Please upload a profile photo.'],
      [{ email: s.email(), password: PASSWORD, image: 'https://tracker.example/pixel.gif' }, 'BAD_REQUEST', 'Please upload a profile photo.'],
      [{ email: 'not-an-email', password: PASSWORD, image: storedImageUrl(randomUUID()) }, 'VALIDATION_ERROR', '[body.email] Invalid email address'],
      [{ email: s.email(), password: 'short', image: storedImageUrl(randomUUID()) }, 'PASSWORD_TOO_SHORT', 'Password too short'],
    ] as const;
    for (const [body, code, message] of cases) {
      const res = await s.signUp({ name: 'x', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: { code, message } });
    }
  });

  it('answers an existing and a new e-mail alike until the request carries a photo uploaded to us', async () => {
    const existing = await s.t.signUp();
    const photoFirst = { error: { code: 'BAD_REQUEST', message: 'Please upload a profile photo.' } };
    for (const rest of [
      { password: PASSWORD },
      { password: PASSWORD, image: 'https://tracker.example/pixel.gif' },
      { password: PASSWORD, image: null },
      { password: 'short' },
    ]) {
      const taken = await s.signUp({ name: 'x', email: existing.email, ...rest });
      const fresh = await s.signUp({ name: 'x', email: s.email(), ...rest });
      expect(taken.statusCode, JSON.stringify(rest)).toBe(400);
      expect(fresh.statusCode, JSON.stringify(rest)).toBe(400);
      expect(taken.json(), JSON.stringify(rest)).toEqual(photoFirst);
      expect(fresh.json(), JSON.stringify(rest)).toEqual(photoFirst);
    }
  });

  it('names a person after their e-mail when they leave the name empty, and makes no second account for one e-mail', async () => {
    const address = s.email();
    const first = await s.signUp({ name: '', email: address, password: PASSWORD, image: storedImageUrl(randomUUID()) });
    expect(first.statusCode).toBe(200);
    const [row] = await s.t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
    expect(row!.name).toBe(address.split('@')[0]);
    const again = await s.signUp({ name: 'x', email: address.toUpperCase(), password: 'another password here', image: storedImageUrl(randomUUID()) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await s.t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
    expect(rows).toEqual([row]);
    // The first password still opens the account; the second one opens nothing.
    expect((await s.signIn(address, PASSWORD)).statusCode).toBe(200);
    expect((await s.signIn(address, 'another password here')).statusCode).toBe(401);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const user = await s.t.signUp();
    const wrong = await s.signIn(user.email, 'not the password at all');
    const unknown = await s.signIn('nobody-here@example.com', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with the e-mail in any case, and signs out on the server', async () => {
    const user = await s.t.signUp();
    const res = await s.signIn(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    expect((await s.sessionOf(cookie))?.user.id).toBe(user.id);
    expect((await s.t.call('POST', '/api/auth/sign-out', { headers: { cookie }, body: {} })).statusCode).toBe(200);
    expect(await s.sessionOf(cookie)).toBeNull();
    expect((await s.t.call('GET', `/api/user/${user.email}`, { headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses sign-in and sign-out sent from another site, and has no GET logout', async () => {
    const user = await s.t.signUp();
    expect((await s.signIn(user.email, user.password, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const signOut = await s.t.call('POST', '/api/auth/sign-out', { as: user, body: {}, headers: { origin: 'https://evil.example' } });
    expect(signOut.statusCode).toBe(403);
    expect((await s.sessionOf(user.cookie))?.user.id).toBe(user.id);
    const getSignOut = await s.t.call('GET', '/api/auth/sign-out', { as: user });
    expect(getSignOut.statusCode).toBe(404);
    expect(getSignOut.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await s.t.call('GET', '/api/logout', { as: user })).statusCode).toBe(404);
    expect((await s.sessionOf(user.cookie))?.user.id).toBe(user.id);
  });

  it('has no endpoint that turns a claimed e-mail into a session', async () => {
    const user = await s.t.signUp();
    for (const url of ['/api/jwt', '/jwt', '/api/auth/jwt', '/api/auth/token']) {
      const res = await s.t.call('POST', url, { body: { email: user.email } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('refuses control characters and other JSON than text in the name at sign-up, creating nobody', async () => {
    const cases: [unknown, string][] = [
      ['Evil\u001b[31m', 'Name contains characters that are not allowed'],
      ['Bell\u0007', 'Name contains characters that are not allowed'],
      ['Line\rbreak', 'Name contains characters that are not allowed'],
      [{ toString: 'x' }, 'Name must be text'],
      [['x'], 'Name must be text'],
    ];
    for (const [name, message] of cases) {
      const address = s.email();
      const res = await s.signUp({ name, email: address, password: PASSWORD, image: storedImageUrl(randomUUID()) });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toEqual({ error: { code: 'BAD_REQUEST', message } });
      expect(await s.t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()))).toEqual([]);
    }
  });

  it('reads no body longer than a person could type: a sign-up or a sign-in carrying more is refused unread', async () => {
    const address = s.email();
    const padded = (size: number) => 'x'.repeat(size);
    const signUp = await s.signUp({ name: padded(AUTH_BODY_LIMIT), email: address, password: PASSWORD, image: storedImageUrl(randomUUID()) });
    expect(signUp.statusCode).toBe(413);
    expect(signUp.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await s.t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()))).toEqual([]);
    // A sign-in's return address is kept as sent until the sign-in ends: it too is held to the limit.
    const social = await s.t.call('POST', '/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: `/${padded(AUTH_BODY_LIMIT)}` } });
    expect(social.statusCode).toBe(413);
    // Just under the limit, the body is read as before.
    const near = await s.signUp({ name: 'x', email: s.email(), password: PASSWORD, image: storedImageUrl(randomUUID()), note: padded(AUTH_BODY_LIMIT - 200) });
    expect(near.statusCode).toBe(200);
  });

  it('has no list of sessions: it answered every device\'s session token to page scripts', async () => {
    const user = await s.t.signUp();
    const otherDevice = sessionCookie(await s.signIn(user.email, user.password));
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    // Signed in or not, by either method, logged at no error level: a 404 like any path the API lacks.
    const errors: unknown[] = [];
    const config = parseConfig({ DATA_DIR: s.t.dataDir, LOG_LEVEL: 'error', PUBLIC_URL: TEST_ORIGIN });
    const app = await buildApp({ config, database: s.t.database, authSecret: 'test-secret-that-is-long-enough-for-the-auth-library', mailer: { send: async () => {} }, webDist: null });
    const record = (log: { error: unknown; fatal: unknown }) => {
      log.error = (...args: unknown[]) => void errors.push(args);
      log.fatal = (...args: unknown[]) => void errors.push(args);
    };
    record(app.log);
    app.addHook('onRequest', async (request) => record(request.log));
    try {
      for (const [method, cookie] of [['GET', user.cookie], ['POST', user.cookie], ['GET', otherDevice], ['GET', undefined]] as const) {
        const res = await app.inject({ method, url: '/api/auth/list-sessions', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
        expect(res.body).not.toContain(tokenOf(user.cookie));
        expect(res.body).not.toContain(tokenOf(otherDevice));
      }
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('keeps sessions across a server restart', async () => {
    const user = await s.t.signUp();
    const config = parseConfig({ DATA_DIR: s.t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN });
    const restarted = await buildApp({ config, database: s.t.database, authSecret: 'test-secret-that-is-long-enough-for-the-auth-library', mailer: { send: async () => {} }, webDist: null });
    const res = await restarted.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(sessionSchema.parse(res.json())?.user.id).toBe(user.id);
    await restarted.close();
  });

  it('says whether Google sign-in is configured', async () => {
    expect((await s.t.call('GET', '/api/config')).json()).toEqual({ googleSignIn: false, timeZone: 'UTC', currency: 'USD' });
    const res = await s.t.call('POST', '/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: '/' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' } });
  });
});
