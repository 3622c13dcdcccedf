import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionSchema } from '@staybook/domain';
import { users } from '../../db/schema.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';

/** Google sign-in, end to end, against a real OpenID provider running locally. */
describe.each(TEST_DATABASE_KINDS)('Google sign-in on %s', (kind) => {
  let oidc: OAuth2Server;
  let photos: Server;
  let photoUrl: string;
  let t: TestApp;
  let identity: { sub: string; email: string; name: string; email_verified?: boolean; picture?: string };

  beforeAll(async () => {
    const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#16a34a' } }).png().toBuffer();
    photos = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    // The provider's photo host: the server fetches photos only from the issuer's host (or Google's).
    photos.listen(0, 'localhost');
    await once(photos, 'listening');
    photoUrl = `http://localhost:${(photos.address() as { port: number }).port}/me.png`;

    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, 'localhost');
    const claims = () => ({ email_verified: true, picture: photoUrl, ...identity });
    oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims()));
    oidc.service.on('beforeUserinfo', (res) => {
      res.body = claims();
    });

    t = await createTestApp(kind, {
      GOOGLE_CLIENT_ID: 'staybook-test',
      GOOGLE_CLIENT_SECRET: 'staybook-test-secret',
      GOOGLE_ISSUER: oidc.issuer.url!,
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
    photos.close();
  });

  /** What a browser does: start at our server, visit the provider, come back with the code. */
  async function signInWithGoogle(): Promise<{ status: number; location: string; cookie: string }> {
    const start = await t.call('POST', '/api/auth/sign-in/social', {
      body: { provider: 'google', callbackURL: '/auth/complete?to=/', errorCallbackURL: '/login' },
    });
    expect(start.statusCode).toBe(200);
    const { url } = start.json() as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin).toBe(new URL(oidc.issuer.url!).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();

    const provider = await fetch(url, { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    expect(back.pathname).toBe('/api/auth/callback/google');
    const callback = await t.call('GET', `${back.pathname}${back.search}`, { headers: { cookie: sessionCookie(start) } });
    return { status: callback.statusCode, location: String(callback.headers.location), cookie: sessionCookie(callback) };
  }

  it('creates a verified guest from the first sign-in, with the name and a copy of the photo', async () => {
    identity = { sub: 'google-sub-1', email: 'Gina.Google@example.com', name: 'Gina Google' };
    const { status, location, cookie } = await signInWithGoogle();
    expect(status).toBe(302);
    expect(location).toBe('/auth/complete?to=/');
    const session = sessionSchema.parse((await t.call('GET', '/api/auth/get-session', { headers: { cookie } })).json());
    expect(session?.user).toMatchObject({ email: 'gina.google@example.com', name: 'Gina Google', role: 'guest', status: 'Verified' });
    expect(session?.user.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    // Google vouched for the address: no verification mail, and what waits for a verified e-mail is open at once.
    expect(session?.user.emailVerified).toBe(true);
    expect(t.mail.filter((m) => m.to === 'gina.google@example.com')).toEqual([]);
    const host = await t.call('PUT', '/api/user', { headers: { cookie }, body: { email: 'gina.google@example.com' } });
    expect(host.statusCode).toBe(200);

    const again = await signInWithGoogle();
    const second = sessionSchema.parse((await t.call('GET', '/api/auth/get-session', { headers: { cookie: again.cookie } })).json());
    expect(second?.user.id).toBe(session?.user.id);
  });

  it('signs into an existing account with the same verified e-mail', async () => {
    // Verified through the link in the sign-up mail.
    const existing = await t.signUp({ email: 'pat@example.com' });
    identity = { sub: 'google-sub-2', email: 'pat@example.com', name: 'Pat From Google' };
    const { cookie, location } = await signInWithGoogle();
    expect(location).toBe('/auth/complete?to=/');
    const session = sessionSchema.parse((await t.call('GET', '/api/auth/get-session', { headers: { cookie } })).json());
    expect(session?.user.id).toBe(existing.id);
    expect((await t.call('GET', '/api/config')).json()).toEqual({ googleSignIn: true, timeZone: 'UTC', currency: 'USD' });
  });

  it('gives a browser without a language the one saved on the account it signs into (decision 062)', async () => {
    const existing = await t.signUp({ email: 'lola@example.com' });
    await t.database.db.update(users).set({ locale: 'es' }).where(eq(users.id, existing.id));
    identity = { sub: 'google-sub-lola', email: 'lola@example.com', name: 'Lola' };
    const { status, cookie } = await signInWithGoogle();
    expect(status).toBe(302);
    expect(cookie.split('; ')).toContain('lang=es');
  });

  it('will not join a Google identity to a password account whose e-mail nobody proved', async () => {
    // Someone may have signed up with another person's address; linking would hand them that person's Google sign-in.
    const squatter = await t.signUp({ email: 'victim@example.com', verified: false });
    identity = { sub: 'google-sub-victim', email: 'victim@example.com', name: 'Real Owner' };
    const { location, cookie } = await signInWithGoogle();
    expect(location).toBe('/login?error=account_not_linked');
    expect(cookie).not.toMatch(/session_token=[^;]+/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, squatter.id));
    expect(row!.name).toBe('Test Person');
  });

  it('refuses an e-mail the provider has not verified, for a new account and for linking', async () => {
    identity = { sub: 'google-sub-unverified', email: 'unverified@example.com', name: 'Una', email_verified: false };
    const fresh = await signInWithGoogle();
    expect(fresh.location).toBe('/login?error=unable_to_create_user');
    expect(fresh.cookie).not.toMatch(/session_token=[^;]+/);

    await t.signUp({ email: 'owner@example.com' });
    identity = { sub: 'google-sub-attacker', email: 'owner@example.com', name: 'Attacker', email_verified: false };
    const linked = await signInWithGoogle();
    expect(linked.location).toMatch(/^\/login\?error=/);
    expect(linked.cookie).not.toMatch(/session_token=[^;]+/);
  });

  it('fetches the photo only from the provider, never from an address the profile names', async () => {
    identity = { sub: 'google-sub-ssrf', email: 'ssrf@example.com', name: 'Sam', picture: `http://127.0.0.1:${(photos.address() as { port: number }).port}/internal` };
    const { cookie } = await signInWithGoogle();
    const session = sessionSchema.parse((await t.call('GET', '/api/auth/get-session', { headers: { cookie } })).json());
    expect(session?.user.email).toBe('ssrf@example.com');
    expect(session?.user.image ?? null).toBeNull();
  });

  it('refuses a callback that did not start here (no state cookie)', async () => {
    identity = { sub: 'google-sub-3', email: 'eve@example.com', name: 'Eve' };
    const start = await t.call('POST', '/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: '/' } });
    const provider = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    const callback = await t.call('GET', `${back.pathname}${back.search}`);
    expect(sessionCookie(callback)).not.toMatch(/session_token=[^;]+/);
    // No error address was named: the library's own lands the browser on the login page, with its code.
    const landing = new URL(String(callback.headers.location), TEST_ORIGIN);
    expect(landing.pathname).toBe('/api/auth/error');
    const sentOn = await t.call('GET', `${landing.pathname}${landing.search}`);
    expect(sentOn.statusCode).toBe(302);
    expect(sentOn.headers.location).toMatch(/^\/login\?error=state_[a-z_]+$/);
  });

  it("passes on to the login page a code of the library's form only, never words a link's writer chose", async () => {
    const phishing = await t.call('GET', '/api/auth/error?error=Your%20account%20is%20locked&error_description=Call%20%2B1-555-0100');
    expect(phishing.statusCode).toBe(302);
    expect(phishing.headers.location).toBe('/login');
    expect(phishing.body).not.toContain('555');
    expect((await t.call('GET', '/api/auth/error?error=access_denied&error_description=Call%20us')).headers.location).toBe('/login?error=access_denied');
  });

  it('takes the answer only as the GET the browser follows, never as a posted body it would echo into a redirect', async () => {
    identity = { sub: 'google-sub-4', email: 'poster@example.com', name: 'Poster' };
    const start = await t.call('POST', '/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: '/' } });
    const provider = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
    const back = new URL(provider.headers.get('location')!);
    const posted = await t.call('POST', back.pathname, {
      headers: { cookie: sessionCookie(start) },
      body: { ...Object.fromEntries(back.searchParams), padding: 'x'.repeat(500_000) },
    });
    expect(posted.statusCode).toBe(405);
    expect(posted.headers.allow).toBe('GET');
    expect(posted.headers.location).toBeUndefined();
    expect(sessionCookie(posted)).not.toMatch(/session_token=[^;]+/);
  });
});
