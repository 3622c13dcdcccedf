import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { verifications } from '../../db/schema.js';
import { useAccountsSuite } from '../../test/accounts.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { TEST_ORIGIN } from '../../test/test-app.js';

/** A forgotten password: the link by mail, used once, ended by any later change, and kept only as a hash. */
describe.each(TEST_DATABASE_KINDS)('accounts and sessions on %s', (kind) => {
  const s = useAccountsSuite(kind);

  it('resets a forgotten password with a single-use link sent by mail', async () => {
    const user = await s.t.signUp();
    const before = s.t.mail.length;
    const requested = await s.t.call('POST', '/api/auth/request-password-reset', {
      body: { email: user.email, redirectTo: `${TEST_ORIGIN}/reset-password` },
    });
    expect(requested.statusCode).toBe(200);
    const unknown = await s.t.call('POST', '/api/auth/request-password-reset', {
      body: { email: 'nobody-here@example.com', redirectTo: `${TEST_ORIGIN}/reset-password` },
    });
    expect(unknown.json()).toEqual(requested.json());
    // The mail is sent after the answer, so an unknown address answers no faster than a known one.
    await vi.waitFor(() => expect(s.t.mail.length).toBe(before + 1));
    const mail = s.t.mail.at(-1)!;
    expect(mail.to).toBe(user.email);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.origin).toBe(TEST_ORIGIN);

    const landing = await s.t.call('GET', `${link.pathname}${link.search}`);
    expect(landing.statusCode).toBe(302);
    const token = new URL(landing.headers.location as string).searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await s.t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'a brand new password' } });
    expect(reset.statusCode).toBe(200);
    expect((await s.t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'yet another password' } })).statusCode).toBe(400);
    expect((await s.signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await s.signIn(user.email, 'a brand new password')).statusCode).toBe(200);
    // Sessions opened with the old password end with it.
    expect(await s.sessionOf(user.cookie)).toBeNull();
  });

  /** Asks for a reset link as the 'Forgot password' form does; answers the token from the mail. */
  async function requestResetToken(address: string): Promise<string> {
    const before = s.t.mail.filter((m) => m.to === address).length;
    const res = await s.t.call('POST', '/api/auth/request-password-reset', { body: { email: address, redirectTo: `${TEST_ORIGIN}/reset-password` } });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(s.t.mail.filter((m) => m.to === address).length).toBe(before + 1));
    const link = /https?:\/\/\S+/.exec(s.t.mail.filter((m) => m.to === address).at(-1)!.text)![0];
    return /\/reset-password\/([^/?]+)/.exec(new URL(link).pathname)![1]!;
  }
  const resetWith = (token: string, newPassword: string) => s.t.call('POST', '/api/auth/reset-password', { body: { token, newPassword } });
  const INVALID_TOKEN = { error: { code: 'INVALID_TOKEN', message: 'Invalid token' } };

  it('ends every outstanding reset link of a person when one of them is used', async () => {
    const user = await s.t.signUp();
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    expect(older).not.toBe(newer);
    expect((await resetWith(newer, 'the newest password')).statusCode).toBe(200);
    const replay = await resetWith(older, 'an attacker password');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(INVALID_TOKEN);
    expect((await s.signIn(user.email, 'the newest password')).statusCode).toBe(200);
  });

  it('ends outstanding reset links when the password is changed', async () => {
    const user = await s.t.signUp();
    const leaked = await requestResetToken(user.email);
    const changed = await s.t.call('POST', '/api/auth/change-password', { as: user, body: { currentPassword: user.password, newPassword: 'a changed password' } });
    expect(changed.statusCode).toBe(200);
    const replay = await resetWith(leaked, 'an attacker password');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(INVALID_TOKEN);
    expect((await s.signIn(user.email, 'a changed password')).statusCode).toBe(200);
  });

  it('keeps only a hash of each reset token in the database', async () => {
    const user = await s.t.signUp();
    const token = await requestResetToken(user.email);
    const rows = await s.t.database.db.select().from(verifications).where(eq(verifications.value, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).toMatch(/^reset-password:[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    // The link in the mail still works.
    expect((await resetWith(token, 'a fresh password here')).statusCode).toBe(200);
  });

  it('escapes the name in the reset mail', async () => {
    const user = await s.t.signUp({ name: '<img src=x onerror=alert(1)>' });
    await s.t.call('POST', '/api/auth/request-password-reset', { body: { email: user.email, redirectTo: `${TEST_ORIGIN}/reset-password` } });
    await vi.waitFor(() => expect(s.t.mail.at(-1)?.to).toBe(user.email));
    expect(s.t.mail.at(-1)!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(s.t.mail.at(-1)!.html).not.toContain('<img');
  });
});
