import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema, usersPageSchema } from '@staybook/domain';
import { jobs, roleChanges, users } from '../../db/schema.js';
import { serverUrlOf, TEST_DATABASE_KINDS } from '../../test/databases.js';
import { describeNeeding, twoConnectionsOn } from '../../test/needs.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

describe.each(TEST_DATABASE_KINDS)('users and roles on %s', (kind) => {
  let t: TestApp;
  let guest: TestUser;
  let otherGuest: TestUser;
  let host: TestUser;
  let otherHost: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    guest = await t.signUp();
    otherGuest = await t.signUp();
    host = await t.signUp({ role: 'host' });
    otherHost = await t.signUp({ role: 'host' });
    admin = await t.signUp({ role: 'admin' });
    otherAdmin = await t.signUp({ role: 'admin' });
  });
  afterAll(() => t.close());

  /** How many sessions on the test's database wait for a lock now, whoever holds it (the file's tests run one at a time). */
  async function sessionsWaiting(holder: pg.Client): Promise<number> {
    await holder.query('select pg_stat_clear_snapshot()');
    const { rows } = await holder.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0',
    );
    return rows[0]!.n;
  }

  async function roleOf(user: TestUser) {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    return { role: row!.role, status: row!.status };
  }

  describe('GET /api/user/:email', () => {
    it('answers 401 to a visitor', async () => {
      const res = await t.call('GET', `/api/user/${guest.email}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    });

    it('answers each user their own record, whatever the case of the e-mail', async () => {
      for (const user of [guest, host, admin]) {
        const res = await t.call('GET', `/api/user/${user.email.toUpperCase()}`, { as: user });
        expect(res.statusCode).toBe(200);
        expect(userSchema.parse(res.json())).toMatchObject({ _id: user.id, email: user.email, role: user.role, status: 'Verified' });
      }
    });

    it("answers 403 for another user's record, even of the same role", async () => {
      for (const [asker, target] of [[guest, otherGuest], [host, otherHost], [guest, admin], [host, guest]] as const) {
        expect((await t.call('GET', `/api/user/${target.email}`, { as: asker })).statusCode).toBe(403);
      }
    });

    it('lets an admin read anyone, and answers 404 for nobody', async () => {
      expect((await t.call('GET', `/api/user/${guest.email}`, { as: admin })).statusCode).toBe(200);
      expect((await t.call('GET', `/api/user/${otherAdmin.email}`, { as: admin })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/user/nobody@example.com', { as: admin })).statusCode).toBe(404);
      for (const bad of ['a%00b@example.com', 'not-an-email', `${'x'.repeat(250)}@example.com`]) {
        expect((await t.call('GET', `/api/user/${bad}`, { as: admin })).statusCode, bad).toBe(400);
      }
      expect((await t.call('GET', `/api/users?cursor=${Buffer.from('a\u0000@b.c').toString('base64url')}`, { as: admin })).statusCode).toBe(400);
    });
  });

  describe('PUT /api/user (host request)', () => {
    it('answers 401 to a visitor', async () => {
      expect((await t.call('PUT', '/api/user', { body: { email: guest.email, status: 'Requested' } })).statusCode).toBe(401);
    });

    it("records a guest's request once, and ignores any role or status the client sends", async () => {
      const g = await t.signUp();
      const first = await t.call('PUT', '/api/user', { as: g, body: { email: g.email, role: 'admin', status: 'Verified' } });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ modifiedCount: 1 });
      expect(await roleOf(g)).toEqual({ role: 'guest', status: 'Requested' });
      const again = await t.call('PUT', '/api/user', { as: g, body: {} });
      expect(again.json()).toEqual({ modifiedCount: 0 });
    });

    it("refuses a request made for someone else's e-mail", async () => {
      const res = await t.call('PUT', '/api/user', { as: guest, body: { email: otherGuest.email, role: 'guest', status: 'Requested' } });
      expect(res.statusCode).toBe(403);
      expect(await roleOf(otherGuest)).toEqual({ role: 'guest', status: 'Verified' });
    });

    it('changes nothing for a host or an admin', async () => {
      for (const user of [host, admin]) {
        expect((await t.call('PUT', '/api/user', { as: user, body: {} })).json()).toEqual({ modifiedCount: 0 });
        expect(await roleOf(user)).toEqual({ role: user.role, status: 'Verified' });
      }
    });

    it('refuses a cross-site request, however the path is spelled', async () => {
      for (const url of ['/api/user', '/%61pi/user', '/api/%75ser']) {
        const res = await t.call('PUT', url, { as: guest, body: {}, headers: { origin: 'https://evil.example' } });
        expect(res.statusCode, url).toBe(403);
      }
      const encoded = await t.call('PATCH', `/%61pi/users/update/${guest.email}`, { as: admin, body: { role: 'admin' }, headers: { origin: 'https://evil.example' } });
      expect(encoded.statusCode).toBe(403);
      expect(await roleOf(guest)).toEqual({ role: 'guest', status: 'Verified' });
    });
  });

  describe('GET /api/users', () => {
    it('answers 401 to a visitor and 403 to guests and hosts', async () => {
      expect((await t.call('GET', '/api/users')).statusCode).toBe(401);
      expect((await t.call('GET', '/api/users', { as: guest })).statusCode).toBe(403);
      expect((await t.call('GET', '/api/users', { as: host })).statusCode).toBe(403);
    });

    it('lists every user to an admin, a page at a time, in e-mail order', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await t.call('GET', `/api/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { as: admin });
        expect(res.statusCode).toBe(200);
        const page = usersPageSchema.parse(res.json());
        seen.push(...page.items.map((u) => u.email));
        cursor = page.nextCursor;
      } while (cursor);
      const all = (await t.database.db.select({ email: users.email }).from(users)).map((u) => u.email);
      expect(seen).toEqual([...all].sort());
    });
  });

  describe('PATCH /api/users/update/:email', () => {
    it('answers 401 to a visitor and 403 to guests and hosts, changing nothing', async () => {
      const target = await t.signUp();
      expect((await t.call('PATCH', `/api/users/update/${target.email}`, { body: { role: 'admin' } })).statusCode).toBe(401);
      for (const user of [guest, host, target]) {
        const res = await t.call('PATCH', `/api/users/update/${target.email}`, { as: user, body: { role: 'admin', status: 'Verified' } });
        expect(res.statusCode).toBe(403);
      }
      expect(await roleOf(target)).toEqual({ role: 'guest', status: 'Verified' });
    });

    it('lets an admin make a requesting guest a host, verifies them and records the change', async () => {
      const g = await t.signUp();
      await t.call('PUT', '/api/user', { as: g, body: {} });
      await t.clearMail();
      const res = await t.call('PATCH', `/api/users/update/${g.email}`, { as: admin, body: { role: 'host', status: 'Requested' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ modifiedCount: 1 });
      expect(await roleOf(g)).toEqual({ role: 'host', status: 'Verified' });
      const log = await t.database.db.select().from(roleChanges).where(eq(roleChanges.userId, g.id));
      expect(log).toMatchObject([{ actorId: admin.id, fromRole: 'guest', toRole: 'host', via: 'admin' }]);
      // The new role is what the server answers from now on, in the same session.
      expect((await t.call('GET', `/api/user/${g.email}`, { as: g })).json()).toMatchObject({ role: 'host' });
      // Their request was granted, and they are told so, through the outbox, keyed by the role change.
      expect(await t.database.db.select().from(jobs).where(eq(jobs.key, `mail:became-host:${log[0]!.id}`))).toHaveLength(1);
      const mail = (await t.mailSent()).filter((m) => m.to === g.email);
      expect(mail.map((m) => m.subject)).toEqual(['Your request to become a host was approved']);
      expect(mail[0]!.text).toContain('Add a room: http://localhost:3000/dashboard/add-room');
    });

    it('mails anyone made a host, with or without a request, and nobody for other changes', async () => {
      const g = await t.signUp({ name: 'Gus <Guest> & Co' });
      const a = await t.signUp({ role: 'admin' });
      await t.clearMail();
      const setRole = async (user: TestUser, role: string) => {
        const res = await t.call('PATCH', `/api/users/update/${user.email}`, { as: admin, body: { role } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const mailTo = async (user: TestUser) => (await t.mailSent()).filter((m) => m.to === user.email);

      expect(await setRole(g, 'host')).toEqual({ modifiedCount: 1 });
      const told = await mailTo(g);
      expect(told.map((m) => m.subject)).toEqual(['You can now host on StayBook']);
      expect(told[0]!.text).toContain('Hi Gus <Guest> & Co,');
      expect(told[0]!.text).toContain('Add a room: http://localhost:3000/dashboard/add-room');
      expect(told[0]!.html).toContain('Hi Gus &lt;Guest&gt; &amp; Co,');
      expect(told[0]!.html).toContain('<a href="http://localhost:3000/dashboard/add-room">Add a room</a>');

      // The same role again changes nothing and mails nothing; leaving hosting mails nothing.
      expect(await setRole(g, 'host')).toEqual({ modifiedCount: 0 });
      expect(await setRole(g, 'guest')).toEqual({ modifiedCount: 1 });
      expect(await setRole(a, 'guest')).toEqual({ modifiedCount: 1 });
      expect(await setRole(g, 'admin')).toEqual({ modifiedCount: 1 });
      expect(await mailTo(g)).toHaveLength(1);
      expect(await mailTo(a)).toEqual([]);

      // Each time someone becomes a host again they are told again, as their new role changes what they can do.
      expect(await setRole(g, 'host')).toEqual({ modifiedCount: 1 });
      expect((await mailTo(g)).map((m) => m.subject)).toEqual(['You can now host on StayBook', 'You can now host on StayBook']);
    });

    it("refuses an admin's own role change with 'Action Not Allowed'", async () => {
      const res = await t.call('PATCH', `/api/users/update/${admin.email.toUpperCase()}`, { as: admin, body: { role: 'guest' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Action Not Allowed' } });
      expect(await roleOf(admin)).toEqual({ role: 'admin', status: 'Verified' });
    });

    it('lets an admin change another admin, and validates the role and the target', async () => {
      const a = await t.signUp({ role: 'admin' });
      expect((await t.call('PATCH', `/api/users/update/${a.email}`, { as: otherAdmin, body: { role: 'guest' } })).json()).toEqual({ modifiedCount: 1 });
      expect((await t.call('PATCH', `/api/users/update/${guest.email}`, { as: admin, body: { role: 'owner' } })).statusCode).toBe(400);
      expect((await t.call('PATCH', `/api/users/update/${guest.email}`, { as: admin, body: {} })).statusCode).toBe(400);
      expect((await t.call('PATCH', '/api/users/update/nobody@example.com', { as: admin, body: { role: 'host' } })).statusCode).toBe(404);
    });

    describeNeeding(twoConnectionsOn(kind), 'two admins changing each other at the same moment', {}, () => {
      it('takes them in turn: the first is changed, the second is no longer an admin and is refused', async () => {
        for (let round = 0; round < 3; round += 1) {
          const [a, b] = await Promise.all([t.signUp({ role: 'admin' }), t.signUp({ role: 'admin' })]);
          const holder = new pg.Client({ connectionString: serverUrlOf(t.target) });
          await holder.connect();
          try {
            // Both rows held, so both requests get past the guard (both are admins now) and wait inside their change.
            await holder.query('begin');
            await holder.query('select id from users where id = any($1) for update', [[a.id, b.id]]);
            const settled = [false, false];
            const pending = [
              t.call('PATCH', `/api/users/update/${b.email}`, { as: a, body: { role: 'guest' } }),
              t.call('PATCH', `/api/users/update/${a.email}`, { as: b, body: { role: 'guest' } }),
            ].map((p, i) => p.finally(() => (settled[i] = true)));
            // Proven from the server, not a clock: both wait for the held rows at once (neither finished first), one
            // for the holder and, when both want the same row first, the other queued behind it.
            for (;;) {
              const settledBefore = settled.some(Boolean);
              if ((await sessionsWaiting(holder)) === 2) break;
              if (settledBefore) throw new Error('A change finished without waiting for the rows the test holds, so the race was never run.');
              await sleep(10);
            }
            await holder.query('commit');
            const answers = await Promise.all(pending);
            expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 403]);
            expect(answers.find((res) => res.statusCode === 403)!.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have the role this needs.' } });
            const rows = await t.database.db.select({ role: users.role }).from(users).where(inArray(users.id, [a.id, b.id]));
            expect(rows.map((row) => row.role).sort()).toEqual(['admin', 'guest']);
            expect(await t.database.db.select().from(roleChanges).where(inArray(roleChanges.userId, [a.id, b.id]))).toHaveLength(1);
          } finally {
            await holder.end();
          }
        }
      });
    });
  });
});
