import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_NOT_VERIFIED_MESSAGE, sessionSchema, storedImageUrl } from '@staybook/domain';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config.js';
import { insertRoom, insertUser } from '../../db/factories.js';
import { users } from '../../db/schema.js';
import type { MailMessage } from '../../integrations/mail/mailer.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { ownRoomBody } from '../../test/rooms.js';
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';

const PASSWORD = 'a long enough password';
const NOT_VERIFIED = { error: { code: 'EMAIL_NOT_VERIFIED', message: EMAIL_NOT_VERIFIED_MESSAGE } };
const HOUR = 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('verified e-mail addresses on %s', (kind) => {
  let t: TestApp;
  let roomId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const host = await insertUser(t.database.db, { role: 'host' });
    roomId = (await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60) })).id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const address = () => `new-${randomUUID().slice(0, 8)}@example.com`;
  const signUpBody = (email: string, password = PASSWORD) => ({ name: 'Nia New', email, password, image: storedImageUrl(randomUUID()) });
  const signUp = (email: string, password = PASSWORD) => t.call('POST', '/api/auth/sign-up/email', { body: signUpBody(email, password) });
  const sessionOf = async (user: { cookie: string }) =>
    sessionSchema.parse((await t.call('GET', '/api/auth/get-session', { headers: { cookie: user.cookie } })).json())?.user ?? null;
  const isVerified = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified;
  const mailTo = (email: string) => t.mail.filter((m) => m.to === email);
  /** Opens a mail's link as a browser does; answers where the server sends the browser. */
  async function open(link: URL): Promise<{ res: LightMyRequestResponse; landing: URL }> {
    const res = await t.call('GET', `${link.pathname}${link.search}`);
    expect(res.statusCode).toBe(302);
    return { res, landing: new URL(res.headers.location as string, TEST_ORIGIN) };
  }

  /** The three actions that wait for a verified e-mail, each with a body it would otherwise accept. */
  const guardedActions = (user: TestUser) => [
    () => t.call('POST', '/api/create-payment-intent', { as: user, body: { roomId, from: day(2), to: day(4) } }),
    () => t.call('PUT', '/api/user', { as: user, body: { email: user.email } }),
  ];

  it('lets an unverified person sign in and browse, but not pay, list a room or ask to host (403 before any input check)', async () => {
    const guest = await t.signUp({ verified: false });
    const host = await t.signUp({ role: 'host', verified: false });
    expect(await sessionOf(guest)).toMatchObject({ email: guest.email, emailVerified: false });
    expect((await t.call('GET', '/api/my-bookings', { as: guest })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/room/${roomId}`, { as: guest })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/my-listings', { as: host })).statusCode).toBe(200);

    const refused = [
      ...guardedActions(guest).map((action) => action()),
      t.call('POST', '/api/room', { as: host, body: await ownRoomBody(t, host) }),
      // What the body says is never looked at first.
      t.call('POST', '/api/create-payment-intent', { as: guest, body: { roomId: 'nonsense' } }),
      t.call('POST', '/api/room', { as: host, body: { title: '' } }),
    ];
    const answers = await Promise.all(refused);
    expect(answers.map((res) => [res.statusCode, res.json()])).toEqual(answers.map(() => [403, NOT_VERIFIED]));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, guest.id));
    expect(row!.status).toBe('Verified');
  });

  it('lets verified people pay, list a room and ask to host', async () => {
    const guest = await t.signUp();
    const host = await t.signUp({ role: 'host' });
    expect(await sessionOf(guest)).toMatchObject({ emailVerified: true });
    const [payment, hostRequest] = await Promise.all(guardedActions(guest).map((action) => action()));
    expect(payment!.statusCode).toBe(200);
    expect(hostRequest!.statusCode).toBe(200);
    expect(hostRequest!.json()).toEqual({ modifiedCount: 1 });
    expect((await t.call('POST', '/api/room', { as: host, body: await ownRoomBody(t, host) })).statusCode).toBe(201);
  });

  it('verifies the address with the link of the sign-up mail, without signing anyone in', async () => {
    const email = address();
    expect((await signUp(email)).statusCode).toBe(200);
    const link = await t.verificationLink(email);
    const mail = mailTo(email).at(-1)!;
    expect(mail.subject).toBe('Confirm your e-mail address for StayBook');
    expect(mail.text).toContain('within 24 hours');
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(await isVerified(email)).toBe(false);

    const { res, landing } = await open(link);
    expect(landing.href).toBe(`${TEST_ORIGIN}/verify-email`);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await isVerified(email)).toBe(true);
    // Opening it again changes nothing and still lands on the page that says the address is verified.
    expect((await open(link)).landing.href).toBe(`${TEST_ORIGIN}/verify-email`);

    // The same person, signed in now, may do what waited for it.
    const signedIn = await t.call('POST', '/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
    const user: TestUser = { id: '', email, password: PASSWORD, role: 'guest', cookie: sessionCookie(signedIn) };
    for (const action of guardedActions(user)) expect((await action()).statusCode).toBe(200);
  });

  it('lets the link work for 24 hours, and not after', async () => {
    const [early, late] = [address(), address()];
    vi.useFakeTimers({ toFake: ['Date'] });
    const sentAt = Date.now();
    await signUp(early);
    await signUp(late);
    const [earlyLink, lateLink] = [await t.verificationLink(early), await t.verificationLink(late)];
    const claims = JSON.parse(Buffer.from(lateLink.searchParams.get('token')!.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);

    vi.setSystemTime(sentAt + 24 * HOUR - 60_000);
    expect((await open(earlyLink)).landing.href).toBe(`${TEST_ORIGIN}/verify-email`);
    expect(await isVerified(early)).toBe(true);

    vi.setSystemTime(sentAt + 24 * HOUR + 60_000);
    expect((await open(lateLink)).landing.href).toBe(`${TEST_ORIGIN}/verify-email?error=TOKEN_EXPIRED`);
    expect(await isVerified(late)).toBe(false);
  });

  it("refuses a link that was tampered with, and one made for another person's address", async () => {
    const [mine, theirs] = [address(), address()];
    await signUp(mine);
    await signUp(theirs);
    const link = await t.verificationLink(mine);
    const [header, , signature] = link.searchParams.get('token')!.split('.');
    const claims = Buffer.from(JSON.stringify({ email: theirs, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    link.searchParams.set('token', `${header}.${claims}.${signature}`);
    expect((await open(link)).landing.href).toBe(`${TEST_ORIGIN}/verify-email?error=INVALID_TOKEN`);
    expect(await isVerified(theirs)).toBe(false);
  });

  it('sends a new link to the signed-in person on request, and to no one else', async () => {
    const user = await t.signUp({ verified: false });
    const resend = (as: TestUser | null, email = user.email) =>
      t.call('POST', '/api/auth/send-verification-email', { as, body: { email, callbackURL: 'https://evil.example/' } });
    const before = mailTo(user.email).length;

    // Not signed in: no mail to any address, whoever's it is.
    const anonymous = await resend(null);
    expect(anonymous.statusCode).toBe(401);
    const other = await resend(user, 'someone-else@example.com');
    expect(other.statusCode).toBe(400);

    const res = await resend(user);
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(mailTo(user.email)).toHaveLength(before + 1));
    const link = await t.verificationLink(user.email);
    // The link lands on the app's own page, whatever the request asked for.
    expect((await open(link)).landing.href).toBe(`${TEST_ORIGIN}/verify-email`);
    expect(await sessionOf(user)).toMatchObject({ emailVerified: true });
    for (const action of guardedActions(user)) expect((await action()).statusCode).toBe(200);

    const again = await resend(user);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: 'EMAIL_ALREADY_VERIFIED', message: 'Email is already verified' } });
    expect(mailTo(user.email)).toHaveLength(before + 1);
    expect(mailTo('someone-else@example.com')).toEqual([]);
  });

  it('answers a sign-up with an existing e-mail exactly as one with a new e-mail: same status, body and headers, no cookie', async () => {
    const existing = await t.signUp();
    const unverified = await t.signUp({ verified: false });
    const fresh = await signUp(address());
    const strip = (res: LightMyRequestResponse) => {
      // Each answer has its own moment and its own request id, whoever asked.
      const { date: _date, 'x-request-id': requestId, ...headers } = res.headers;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      return { status: res.statusCode, headers, body: res.body };
    };
    for (const taken of [existing.email, existing.email.toUpperCase(), unverified.email]) {
      const res = await signUp(taken, 'not their password at all');
      expect(strip(res), taken).toEqual(strip(fresh));
    }
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(fresh.json()).toEqual({ status: true, message: 'Check your inbox to finish signing up.' });
    // The owner's account and password are as they were, and their session still works.
    expect((await t.call('POST', '/api/auth/sign-in/email', { body: { email: existing.email, password: 'not their password at all' } })).statusCode).toBe(401);
    expect(await sessionOf(existing)).toMatchObject({ id: existing.id, emailVerified: true });
    expect(await isVerified(unverified.email)).toBe(false);
  });

  it("tells the owner of an existing e-mail that someone tried to sign up with it, with a working reset link", async () => {
    const owner = await t.signUp({ name: '<b>Owner</b>' });
    const before = mailTo(owner.email).length;
    expect((await signUp(owner.email, 'someone else typed this')).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailTo(owner.email)).toHaveLength(before + 1));
    const mail = mailTo(owner.email).at(-1)!;
    expect(mail.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(mail.text).toContain('already has an account');
    expect(mail.html).toContain('&lt;b&gt;Owner&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Owner');

    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    const { landing } = await open(link);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${TEST_ORIGIN}/reset-password`);
    const token = landing.searchParams.get('token')!;
    const reset = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'the owner chose this one' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/sign-in/email', { body: { email: owner.email, password: 'the owner chose this one' } })).statusCode).toBe(200);
  });

  it('counts a password reset as proof of the address', async () => {
    const user = await t.signUp({ verified: false });
    await t.call('POST', '/api/auth/request-password-reset', { body: { email: user.email, redirectTo: `${TEST_ORIGIN}/reset-password` } });
    await vi.waitFor(() => expect(mailTo(user.email).at(-1)?.subject).toBe('Reset your StayBook password'));
    const { landing } = await open(new URL(/https?:\/\/\S+/.exec(mailTo(user.email).at(-1)!.text)![0]));
    const reset = await t.call('POST', '/api/auth/reset-password', { body: { token: landing.searchParams.get('token'), newPassword: 'a proven new password' } });
    expect(reset.statusCode).toBe(200);
    expect(await isVerified(user.email)).toBe(true);
  });
});

describe.each(TEST_DATABASE_KINDS)('sign-up answers before any mail leaves, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers a new and an existing e-mail without waiting for the mail either of them causes', async () => {
    const owner = await t.signUp();
    // The same product on the same database, with a mail server that holds every message until told.
    const held: MailMessage[] = [];
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    const config = parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, AUTH_RATE_LIMIT: '0' });
    const app = await buildApp({
      config,
      database: t.database,
      authSecret: 'test-secret-that-is-long-enough-for-the-auth-library',
      mailer: { send: async (m) => delivered.then(() => void held.push(m)) },
      webDist: null,
    });
    // The outbox is the database's: the test app's own worker, polling the same jobs, could take one of these mails
    // and send it through its own mailer, past the one held here. Only this app's worker runs meanwhile.
    await t.app.jobs.stop();
    try {
      const newEmail = `held-${randomUUID().slice(0, 8)}@example.com`;
      const send = (email: string) =>
        app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: TEST_ORIGIN }, payload: { name: 'x', email, password: PASSWORD, image: storedImageUrl(randomUUID()) } });
      // Both answer while their mail is still held: neither answer's timing depends on sending mail.
      const [fresh, taken] = [await send(newEmail), await send(owner.email)];
      expect([fresh.statusCode, taken.statusCode]).toEqual([200, 200]);
      expect(taken.body).toBe(fresh.body);
      expect(held).toEqual([]);
      deliver();
      await vi.waitFor(() => expect(held.map((m) => [m.to, m.subject]).sort()).toEqual([
        [newEmail, 'Confirm your e-mail address for StayBook'],
        [owner.email, 'Someone tried to sign up with your e-mail address'],
      ].sort()));
    } finally {
      deliver();
      await app.close();
      await t.app.jobs.start();
    }
  });
});
