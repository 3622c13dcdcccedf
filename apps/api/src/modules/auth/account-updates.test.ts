import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { roomSchema, storedImageUrl } from '@staybook/domain';
import { insertRoom } from '../../db/factories.js';
import { users } from '../../db/schema.js';
import { createLocalImageStore, localUploadsDir } from '../../integrations/images/image-store.js';
import { useAccountsSuite } from '../../test/accounts.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { sessionCookie, type TestUser } from '../../test/test-app.js';

/** A signed-in person changing their password, name and photo, and the old photo's files. */
describe.each(TEST_DATABASE_KINDS)('accounts and sessions on %s', (kind) => {
  const s = useAccountsSuite(kind);

  it('changes the password only with the current one, and updates name and photo', async () => {
    const user = await s.t.signUp();
    const wrong = await s.t.call('POST', '/api/auth/change-password', { as: user, body: { currentPassword: 'nope nope nope', newPassword: 'another good password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 'INVALID_PASSWORD', message: 'Invalid password' } });
    const ok = await s.t.call('POST', '/api/auth/change-password', { as: user, body: { currentPassword: user.password, newPassword: 'another good password', revokeOtherSessions: true } });
    expect(ok.statusCode).toBe(200);
    expect((await s.signIn(user.email, 'another good password')).statusCode).toBe(200);

    const photo = storedImageUrl(randomUUID());
    const cookie = sessionCookie(ok);
    expect((await s.t.call('POST', '/api/auth/update-user', { headers: { cookie }, body: { name: 'New Name', image: photo } })).statusCode).toBe(200);
    expect((await s.sessionOf(cookie))?.user).toMatchObject({ name: 'New Name', image: photo });
    for (const [body, code, message] of [
      [{ image: 'javascript:alert(1)' }, 'BAD_REQUEST', 'Please upload the new photo first.'],
      [{ role: 'admin' }, 'FIELD_NOT_ALLOWED', 'role is not allowed to be set'],
      [{ name: 'A'.repeat(81) }, 'BAD_REQUEST', 'Name must be at most 80 characters'],
    ] as const) {
      const res = await s.t.call('POST', '/api/auth/update-user', { headers: { cookie }, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: { code, message } });
    }
    const [row] = await s.t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'guest', image: photo });
  });

  it('takes only a name the domain\'s rule allows, whatever JSON is sent, and trims it', async () => {
    const user = await s.t.signUp({ name: 'Original Name' });
    const update = (body: unknown, as: TestUser | null = user) => s.t.call('POST', '/api/auth/update-user', { as, body });
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
    const nameOf = async () => (await s.t.database.db.select({ name: users.name }).from(users).where(eq(users.id, user.id)))[0]!.name;
    expect(await nameOf()).toBe('Original Name');
    // Signed out, the answer is the 401, before any check of the input.
    expect((await update({ name: null }, null)).statusCode).toBe(401);
    expect((await update({ name: '  Zoë Ağaoğlu  ' })).statusCode).toBe(200);
    expect(await nameOf()).toBe('Zoë Ağaoğlu');
  });

  it('removes a replaced profile photo once no one else shows it', async () => {
    const store = createLocalImageStore(s.t.dataDir);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f43f5e' } }).png().toBuffer();
    const filesOf = async (url: string) => (await readdir(localUploadsDir(s.t.dataDir))).filter((n) => n.startsWith(url.slice('/uploads/'.length, -'.webp'.length)));
    const [first, second, third] = [await store.saveImage(png), await store.saveImage(png), await store.saveImage(png)];
    const user = await s.t.signUp();
    const other = await s.t.signUp();
    const setPhoto = async (as: typeof user, image: string) =>
      expect((await s.t.call('POST', '/api/auth/update-user', { as, body: { image } })).statusCode).toBe(200);

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
    expect((await s.t.call('POST', '/api/auth/update-user', { as: other, body: { name: 'Renamed' } })).statusCode).toBe(200);
    expect(await filesOf(third)).not.toEqual([]);
  });

  it("drops the kept listing answers when a host's name or photo changes, and keeps them for anyone else's", async () => {
    const host = await s.t.signUp({ role: 'host', name: 'Hana Host' });
    const guest = await s.t.signUp({ name: 'Gus Guest' });
    const room = await insertRoom(s.t.database.db, { hostId: host.id, title: 'Loft by the river', availableFrom: day(-10), availableTo: day(100) });
    const roomPage = async () => roomSchema.parse((await s.t.call('GET', `/api/room/${room.id}`)).json());
    expect((await roomPage()).host.name).toBe('Hana Host');
    await s.t.call('GET', '/api/rooms');
    const kept = s.t.app.listing.stats().entries;
    expect(kept).toBeGreaterThan(0);

    expect((await s.t.call('POST', '/api/auth/update-user', { as: guest, body: { name: 'Gus Renamed' } })).statusCode).toBe(200);
    expect(s.t.app.listing.stats().entries).toBe(kept);

    expect((await s.t.call('POST', '/api/auth/update-user', { as: host, body: { name: 'Hana Renamed' } })).statusCode).toBe(200);
    expect((await roomPage()).host.name).toBe('Hana Renamed');
  });
});
