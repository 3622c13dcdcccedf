import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionSchema, storedImageUrl } from '@staybook/domain';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config.js';
import { users, verifications } from '../../db/schema.js';
import { createLocalImageStore, localUploadsDir } from '../../integrations/images/image-store.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';

const PASSWORD = 'a long enough password';

describe.each(TEST_DATABASE_KINDS)('accounts and sessions on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const email = () => `someone-${randomUUID().slice(0, 8)}@Example.com`;
  const signUp = (body: Record<string, unknown>) => t.call('POST', '/api/auth/sign-up/email', { body });
  const signIn = (address: string, password: string, headers?: Record<string, string>) =>
    t.call('POST', '/api/auth/sign-in/email', { body: { email: address, password }, ...(headers ? { headers } : {}) });
  const sessionOf = async (cookie: string) =>
    sessionSchema.parse((await t.call('GET', '/api/auth/get-session', { headers: { cookie } })).json());

  it('signs a new person up as a guest whose e-mail is still to be verified, ignoring any role or status they send', async () => {
    const address = email();
    const res = await signUp({
      name: 'Mallory', email: address, password: PASSWORD, image: storedImageUrl(randomUUID()), role: 'admin', status: 'Requested', emailVerified: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Check your inbox to finish signing up.' });
    // Sign-up signs no one in (docs/decisions/024-verified-email.md): the person signs in with the password.
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
    expect(row).toMatchObject({ role: 'guest', status: 'Verified', name: 'Mallory', emailVerified: false });
    const signedIn = await signIn(address, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']!.toString()).toMatch(/HttpOnly/i);
    expect(signedIn.headers['set-cookie']!.toString()).toMatch(/SameSite=Lax/i);
    expect((await sessionOf(sessionCookie(signedIn)))?.user).toMatchObject({ email: address.toLowerCase(), role: 'guest', emailVerified: false });
  });

  it('requires a photo uploaded to us, a valid e-mail and a long enough password', async () => {
    const cases = [
      [{ email: email(), password: PASSWORD }, 'BAD_REQUEST', 'Please upload a profile photo.'],
      [{ email: email(), password: PASSWORD, image: 'https://tracker.example/pixel.gif' }, 'BAD_REQUEST', 'Please upload a profile photo.'],
      [{ email: 'not-an-email', password: PASSWORD, image: storedImageUrl(randomUUID()) }, 'VALIDATION_ERROR', '[body.email] Invalid email address'],
      [{ email: email(), password: 'short', image: storedImageUrl(randomUUID()) }, 'PASSWORD_TOO_SHORT', 'Password too short'],
    ] as const;
    for (const [body, code, message] of cases) {
      const res = await signUp({ name: 'x', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: { code, message } });
    }
  });

  it('answers an existing and a new e-mail alike until the request carries a photo uploaded to us', async () => {
    const existing = await t.signUp();
    const photoFirst = { error: { code: 'BAD_REQUEST', message: 'Please upload a profile photo.' } };
    for (const rest of [
      { password: PASSWORD },
      { password: PASSWORD, image: 'https://tracker.example/pixel.gif' },
      { password: PASSWORD, image: null },
      { password: 'short' },
    ]) {
      const taken = await signUp({ name: 'x', email: existing.email, ...rest });
      const fresh = await signUp({ name: 'x', email: email(), ...rest });
      expect(taken.statusCode, JSON.stringify(rest)).toBe(400);
      expect(fresh.statusCode, JSON.stringify(rest)).toBe(400);
      expect(taken.json(), JSON.stringify(rest)).toEqual(photoFirst);
      expect(fresh.json(), JSON.stringify(rest)).toEqual(photoFirst);
    }
  });

  it('names a person after their e-mail when they leave the name empty, and makes no second account for one e-mail', async () => {
    const address = email();
    const first = await signUp({ name: '', email: address, password: PASSWORD, image: storedImageUrl(randomUUID()) });
    expect(first.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
    expect(row!.name).toBe(address.split('@')[0]);
    const again = await signUp({ name: 'x', email: address.toUpperCase(), password: 'another password here', image: storedImageUrl(randomUUID()) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
    expect(rows).toEqual([row]);
    // The first password still opens the account; the second one opens nothing.
    expect((await signIn(address, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(address, 'another password here')).statusCode).toBe(401);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const user = await t.signUp();
    const wrong = await signIn(user.email, 'not the password at all');
    const unknown = await signIn('nobody-here@example.com', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with the e-mail in any case, and signs out on the server', async () => {
    const user = await t.signUp();
    const res = await signIn(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    expect((await sessionOf(cookie))?.user.id).toBe(user.id);
    expect((await t.call('POST', '/api/auth/sign-out', { headers: { cookie }, body: {} })).statusCode).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();
    expect((await t.call('GET', `/api/user/${user.email}`, { headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses sign-in and sign-out sent from another site, and has no GET logout', async () => {
    const user = await t.signUp();
    expect((await signIn(user.email, user.password, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const signOut = await t.call('POST', '/api/auth/sign-out', { as: user, body: {}, headers: { origin: 'https://evil.example' } });
    expect(signOut.statusCode).toBe(403);
    expect((await sessionOf(user.cookie))?.user.id).toBe(user.id);
    const getSignOut = await t.call('GET', '/api/auth/sign-out', { as: user });
    expect(getSignOut.statusCode).toBe(404);
    expect(getSignOut.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await t.call('GET', '/api/logout', { as: user })).statusCode).toBe(404);
    expect((await sessionOf(user.cookie))?.user.id).toBe(user.id);
  });

  it('has no endpoint that turns a claimed e-mail into a session', async () => {
    const user = await t.signUp();
    for (const url of ['/api/jwt', '/jwt', '/api/auth/jwt', '/api/auth/token']) {
      const res = await t.call('POST', url, { body: { email: user.email } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('resets a forgotten password with a single-use link sent by mail', async () => {
    const user = await t.signUp();
    const before = t.mail.length;
    const requested = await t.call('POST', '/api/auth/request-password-reset', {
      body: { email: user.email, redirectTo: `${TEST_ORIGIN}/reset-password` },
    });
    expect(requested.statusCode).toBe(200);
    const unknown = await t.call('POST', '/api/auth/request-password-reset', {
      body: { email: 'nobody-here@example.com', redirectTo: `${TEST_ORIGIN}/reset-password` },
    });
    expect(unknown.json()).toEqual(requested.json());
    // The mail is sent after the answer, so an unknown address answers no faster than a known one.
    await vi.waitFor(() => expect(t.mail.length).toBe(before + 1));
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(user.email);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.origin).toBe(TEST_ORIGIN);

    const landing = await t.call('GET', `${link.pathname}${link.search}`);
    expect(landing.statusCode).toBe(302);
    const token = new URL(landing.headers.location as string).searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'a brand new password' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'yet another password' } })).statusCode).toBe(400);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a brand new password')).statusCode).toBe(200);
    // Sessions opened with the old password end with it.
    expect(await sessionOf(user.cookie)).toBeNull();
  });

  /** Asks for a reset link as the 'Forgot password' form does; answers the token from the mail. */
  async function requestResetToken(address: string): Promise<string> {
    const before = t.mail.filter((m) => m.to === address).length;
    const res = await t.call('POST', '/api/auth/request-password-reset', { body: { email: address, redirectTo: `${TEST_ORIGIN}/reset-password` } });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(t.mail.filter((m) => m.to === address).length).toBe(before + 1));
    const link = /https?:\/\/\S+/.exec(t.mail.filter((m) => m.to === address).at(-1)!.text)![0];
    return /\/reset-password\/([^/?]+)/.exec(new URL(link).pathname)![1]!;
  }
  const resetWith = (token: string, newPassword: string) => t.call('POST', '/api/auth/reset-password', { body: { token, newPassword } });
  const INVALID_TOKEN = { error: { code: 'INVALID_TOKEN', message: 'Invalid token' } };

  it('ends every outstanding reset link of a person when one of them is used', async () => {
    const user = await t.signUp();
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    expect(older).not.toBe(newer);
    expect((await resetWith(newer, 'the newest password')).statusCode).toBe(200);
    const replay = await resetWith(older, 'an attacker password');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(INVALID_TOKEN);
    expect((await signIn(user.email, 'the newest password')).statusCode).toBe(200);
  });

  it('ends outstanding reset links when the password is changed', async () => {
    const user = await t.signUp();
    const leaked = await requestResetToken(user.email);
    const changed = await t.call('POST', '/api/auth/change-password', { as: user, body: { currentPassword: user.password, newPassword: 'a changed password' } });
    expect(changed.statusCode).toBe(200);
    const replay = await resetWith(leaked, 'an attacker password');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(INVALID_TOKEN);
    expect((await signIn(user.email, 'a changed password')).statusCode).toBe(200);
  });

  it('keeps only a hash of each reset token in the database', async () => {
    const user = await t.signUp();
    const token = await requestResetToken(user.email);
    const rows = await t.database.db.select().from(verifications).where(eq(verifications.value, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).toMatch(/^reset-password:[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    // The link in the mail still works.
    expect((await resetWith(token, 'a fresh password here')).statusCode).toBe(200);
  });

  it('escapes the name in the reset mail', async () => {
    const user = await t.signUp({ name: '<img src=x onerror=alert(1)>' });
    await t.call('POST', '/api/auth/request-password-reset', { body: { email: user.email, redirectTo: `${TEST_ORIGIN}/reset-password` } });
    await vi.waitFor(() => expect(t.mail.at(-1)?.to).toBe(user.email));
    expect(t.mail.at(-1)!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(t.mail.at(-1)!.html).not.toContain('<img');
  });

  it('changes the password only with the current one, and updates name and photo', async () => {
    const user = await t.signUp();
    const wrong = await t.call('POST', '/api/auth/change-password', { as: user, body: { currentPassword: 'nope nope nope', newPassword: 'another good password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 'INVALID_PASSWORD', message: 'Invalid password' } });
    const ok = await t.call('POST', '/api/auth/change-password', { as: user, body: { currentPassword: user.password, newPassword: 'another good password', revokeOtherSessions: true } });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(user.email, 'another good password')).statusCode).toBe(200);

    const photo = storedImageUrl(randomUUID());
    const cookie = sessionCookie(ok);
    expect((await t.call('POST', '/api/auth/update-user', { headers: { cookie }, body: { name: 'New Name', image: photo } })).statusCode).toBe(200);
    expect((await sessionOf(cookie))?.user).toMatchObject({ name: 'New Name', image: photo });
    for (const [body, code, message] of [
      [{ image: 'javascript:alert(1)' }, 'BAD_REQUEST', 'Please upload the new photo first.'],
      [{ role: 'admin' }, 'FIELD_NOT_ALLOWED', 'role is not allowed to be set'],
      [{ name: 'A'.repeat(81) }, 'BAD_REQUEST', 'Name must be at most 80 characters'],
    ] as const) {
      const res = await t.call('POST', '/api/auth/update-user', { headers: { cookie }, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: { code, message } });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'guest', image: photo });
  });

  it('takes only a name the domain\'s rule allows, whatever JSON is sent, and trims it', async () => {
    const user = await t.signUp({ name: 'Original Name' });
    const update = (body: unknown, as: TestUser | null = user) => t.call('POST', '/api/auth/update-user', { as, body });
    const cases: [unknown, string][] = [
      [null, 'Name must be text'],
      [[], 'Name must be text'],
      [{}, 'Name must be text'],
      [42, 'Name must be text'],
      ['', 'Name is required.'],
      ['   ', 'Name is required.'],
      ['Bell\u0007', 'Name contains characters that are not allowed'],
      ['Esc\u001b[2J', 'Name contains characters that are not allowed'],
      ['Two\nLines', 'Name contains characters that are not allowed'],
    ];
    for (const [name, message] of cases) {
      const res = await update({ name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toEqual({ error: { code: 'BAD_REQUEST', message } });
    }
    const nameOf = async () => (await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, user.id)))[0]!.name;
    expect(await nameOf()).toBe('Original Name');
    // Signed out, the answer is the 401, before any check of the input.
    expect((await update({ name: null }, null)).statusCode).toBe(401);
    expect((await update({ name: '  Zoë Ağaoğlu  ' })).statusCode).toBe(200);
    expect(await nameOf()).toBe('Zoë Ağaoğlu');
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
      const address = email();
      const res = await signUp({ name, email: address, password: PASSWORD, image: storedImageUrl(randomUUID()) });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toEqual({ error: { code: 'BAD_REQUEST', message } });
      expect(await t.database.db.select().from(users).where(eq(users.email, address.toLowerCase()))).toEqual([]);
    }
  });

  it('removes a replaced profile photo once no one else shows it', async () => {
    const store = createLocalImageStore(t.dataDir);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f43f5e' } }).png().toBuffer();
    const filesOf = async (url: string) => (await readdir(localUploadsDir(t.dataDir))).filter((n) => n.startsWith(url.slice('/uploads/'.length, -'.webp'.length)));
    const [first, second, third] = [await store.saveImage(png), await store.saveImage(png), await store.saveImage(png)];
    const user = await t.signUp();
    const other = await t.signUp();
    const setPhoto = async (as: typeof user, image: string) =>
      expect((await t.call('POST', '/api/auth/update-user', { as, body: { image } })).statusCode).toBe(200);

    await setPhoto(user, first);
    await setPhoto(user, second);
    expect(await filesOf(first)).toEqual([]);
    expect(await filesOf(second)).not.toEqual([]);

    // Another person shows the photo too: it stays when one of them moves on.
    await setPhoto(other, third);
    await setPhoto(user, third);
    expect(await filesOf(second)).toEqual([]);
    await setPhoto(user, await store.saveImage(png));
    expect(await filesOf(third)).not.toEqual([]);

    // A change of name alone leaves the photo where it is.
    expect((await t.call('POST', '/api/auth/update-user', { as: other, body: { name: 'Renamed' } })).statusCode).toBe(200);
    expect(await filesOf(third)).not.toEqual([]);
  });

  it('has no list of sessions: it answered every device\'s session token to page scripts', async () => {
    const user = await t.signUp();
    const otherDevice = sessionCookie(await signIn(user.email, user.password));
    const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    // Signed in or not, by either method, logged at no error level: a 404 like any path the API lacks.
    const errors: unknown[] = [];
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'error', PUBLIC_URL: TEST_ORIGIN });
    const app = await buildApp({ config, database: t.database, authSecret: 'test-secret-that-is-long-enough-for-the-auth-library', mailer: { send: async () => {} }, webDist: null });
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
    const user = await t.signUp();
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN });
    const restarted = await buildApp({ config, database: t.database, authSecret: 'test-secret-that-is-long-enough-for-the-auth-library', mailer: { send: async () => {} }, webDist: null });
    const res = await restarted.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(sessionSchema.parse(res.json())?.user.id).toBe(user.id);
    await restarted.close();
  });

  it('says whether Google sign-in is configured', async () => {
    expect((await t.call('GET', '/api/config')).json()).toEqual({ googleSignIn: false, timeZone: 'UTC' });
    const res = await t.call('POST', '/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: '/' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' } });
  });
});

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

  const TOO_MANY = { error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) } };
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
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T10:00:00Z') });
    try {
      const address = '198.51.100.30';
      expect(await statusesOf(1, () => signInFrom(t.app, address))).toEqual([401]);
      vi.setSystemTime(new Date('2031-03-01T10:00:50Z'));
      expect(await statusesOf(11, () => signInFrom(t.app, address))).toEqual([...Array<number>(9).fill(401), 429, 429]);
      // Refused attempts keep coming until the window's minute is up…
      vi.setSystemTime(new Date('2031-03-01T10:00:59Z'));
      const refused = await signInFrom(t.app, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      // …and the next minute starts afresh, a minute after the window's first attempt.
      vi.setSystemTime(new Date('2031-03-01T10:01:00Z'));
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
  });

  it('cannot be dodged by claiming another address in a header', async () => {
    expect(await statusesOf(10, () => signInFrom(t.app, '198.51.100.50'))).toEqual(Array<number>(10).fill(401));
    const res = await signInFrom(t.app, '198.51.100.50', { 'x-staybook-client-ip': '10.9.9.9', 'x-forwarded-for': '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
  });
});
