import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hostRequestCountSchema, userSchema, usersPageSchema, type Role, type UserStatus, type UsersPage } from '@staybook/domain';
import { insertBooking, insertRoom, insertUser } from '../../db/factories.js';
import { auditLog, bookings, jobs, roleChanges, users } from '../../db/schema.js';
import { WRONG_ROLE_MESSAGE } from '../../plugins/session.js';
import { errorOf } from '../../test/answers.js';
import { serverUrlOf, TEST_DATABASE_KINDS } from '../../test/databases.js';
import { untilBlockedBy } from '../../test/lock-waits.js';
import { describeNeeding, twoConnectionsOn } from '../../test/needs.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import { approveHostRequest, declineHostRequest } from './users.service.js';

/** Manage Users at scale: the search, the filters and the paging of GET /api/users, and answering host requests. */
describe.each(TEST_DATABASE_KINDS)('Manage Users on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let guest: TestUser;
  let host: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, guest, host] = await Promise.all([t.signUp({ role: 'admin' }), t.signUp(), t.signUp({ role: 'host' })]);
  });
  afterAll(() => t.close());

  /** A word no other test's users have, so each test searches only the people it made. */
  const tagged = () => `zq${randomUUID().slice(0, 6)}`;

  function person(name: string, email: string, role: Role = 'guest', status: UserStatus = 'Verified') {
    return insertUser(t.database.db, { name, email, role, status });
  }

  async function list(query: Record<string, string>, as: TestUser = admin): Promise<UsersPage> {
    const res = await t.call('GET', `/api/users?${new URLSearchParams(query).toString()}`, { as });
    expect(res.statusCode, res.body).toBe(200);
    return usersPageSchema.parse(res.json());
  }

  const emailsOf = (page: UsersPage) => page.items.map((u) => u.email);

  async function statusOf(id: string) {
    const [row] = await t.database.db.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, id));
    return row;
  }

  async function requestedCount(): Promise<number> {
    const res = await t.call('GET', '/api/users/requests/count', { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    return hostRequestCountSchema.parse(res.json()).requested;
  }

  describe('GET /api/users: search, filters and paging', () => {
    it('finds a part of the name or of the e-mail, whatever its case and accents', async () => {
      const tag = tagged();
      const [amelie, bruno] = await Promise.all([
        person(`Amélie ${tag} Durand`, `amelie.${tag}@example.com`),
        person('Bruno Costa', `bruno-${tag}@mail.example`),
      ]);
      expect(emailsOf(await list({ q: tag }))).toEqual([amelie.email, bruno.email]);
      expect(emailsOf(await list({ q: `AMÉLIE ${tag.toUpperCase()}` }))).toEqual([amelie.email]);
      // Accents count for nothing either way: typed without them, or where the name has none.
      expect(emailsOf(await list({ q: `amelie ${tag}` }))).toEqual([amelie.email]);
      expect(emailsOf(await list({ q: `Brúno Cösta` }))).toContain(bruno.email);
      expect(emailsOf(await list({ q: `o-${tag}@MAIL` }))).toEqual([bruno.email]);
      // The name and the e-mail are searched as one text, 'name e-mail'.
      expect(emailsOf(await list({ q: `costa bruno-${tag}` }))).toEqual([bruno.email]);
      expect(emailsOf(await list({ q: `  ${tag}durand  ` }))).toEqual([]);
      expect((await list({ q: `nobody-${tag}` })).items).toEqual([]);
    });

    it('takes % and _ in the search literally', async () => {
      const tag = tagged();
      const [percent, underscore, plain] = await Promise.all([
        person(`Hundred % ${tag}`, `percent-${tag}@example.com`),
        person(`Snake ${tag}`, `snake_${tag}@example.com`),
        person(`Plain ${tag}`, `snakex${tag}@example.com`),
      ]);
      expect(emailsOf(await list({ q: `% ${tag}` }))).toEqual([percent.email]);
      expect(emailsOf(await list({ q: `snake_${tag}` }))).toEqual([underscore.email]);
      expect(emailsOf(await list({ q: `${tag}%` }))).toEqual([]);
      expect(emailsOf(await list({ q: '\\' }))).not.toContain(plain.email);
      expect(emailsOf(await list({ q: tag }))).toHaveLength(3);
    });

    it('filters by role and by status, and both together', async () => {
      const tag = tagged();
      const [g, r, h, a] = await Promise.all([
        person(`G ${tag}`, `a-guest-${tag}@example.com`),
        person(`R ${tag}`, `b-requested-${tag}@example.com`, 'guest', 'Requested'),
        person(`H ${tag}`, `c-host-${tag}@example.com`, 'host'),
        person(`A ${tag}`, `d-admin-${tag}@example.com`, 'admin'),
      ]);
      expect(emailsOf(await list({ q: tag, role: 'guest' }))).toEqual([g.email, r.email]);
      expect(emailsOf(await list({ q: tag, role: 'host' }))).toEqual([h.email]);
      expect(emailsOf(await list({ q: tag, role: 'admin' }))).toEqual([a.email]);
      expect(emailsOf(await list({ q: tag, status: 'Requested' }))).toEqual([r.email]);
      expect(emailsOf(await list({ q: tag, status: 'Verified' }))).toEqual([g.email, h.email, a.email]);
      expect(emailsOf(await list({ q: tag, role: 'guest', status: 'Verified' }))).toEqual([g.email]);
      expect(emailsOf(await list({ q: tag, role: 'host', status: 'Requested' }))).toEqual([]);
      // Without a search, a filter reaches everyone it keeps.
      const requested = await list({ status: 'Requested', limit: '200' });
      expect(requested.items.every((u) => u.status === 'Requested')).toBe(true);
      expect(emailsOf(requested)).toContain(r.email);
    });

    it('pages through every match once, forwards and back', async () => {
      const tag = tagged();
      const made = await Promise.all(Array.from({ length: 7 }, (_, i) => person(`Pager ${tag}`, `p${i}-${tag}@example.com`)));
      const expected = made.map((u) => u.email).sort();

      const pages: UsersPage[] = [];
      let cursor: string | null = null;
      do {
        const page = await list({ q: tag, limit: '3', ...(cursor ? { cursor } : {}) });
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages.map(emailsOf)).toEqual([expected.slice(0, 3), expected.slice(3, 6), expected.slice(6)]);
      expect(pages.map((p) => p.prevCursor !== null)).toEqual([false, true, true]);

      // Back from the last page, each page again, and nothing before the first.
      let back = pages[2]!.prevCursor;
      const seen: string[][] = [];
      while (back) {
        const page = await list({ q: tag, limit: '3', cursor: back });
        seen.push(emailsOf(page));
        expect(page.nextCursor).not.toBeNull();
        back = page.prevCursor;
      }
      expect(seen).toEqual([expected.slice(3, 6), expected.slice(0, 3)]);

      // The unfiltered list pages through everyone, in e-mail order.
      const everyone: string[] = [];
      cursor = null;
      do {
        const page = await list({ limit: '50', ...(cursor ? { cursor } : {}) });
        everyone.push(...emailsOf(page));
        cursor = page.nextCursor;
      } while (cursor);
      const all = (await t.database.db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
      expect(everyone).toEqual(all);
    });

    it('answers 400 naming the parameter for a bad value', async () => {
      const cases: [string, string][] = [
        ['role=owner', 'role'],
        ['status=Pending', 'status'],
        ['limit=0', 'limit'],
        ['limit=201', 'limit'],
        ['limit=two', 'limit'],
        [`q=${'x'.repeat(101)}`, 'q'],
        ['q=a%07b', 'q'],
        [`cursor=${Buffer.from('>not-an-email').toString('base64url')}`, 'cursor'],
        [`cursor=${Buffer.from('a@b.example').toString('base64url')}`, 'cursor'],
        [`cursor=${'x'.repeat(401)}`, 'cursor'],
      ];
      for (const [query, field] of cases) {
        const res = await t.call('GET', `/api/users?${query}`, { as: admin });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.fields, query).toHaveProperty(field);
      }
    });

    it('answers 401 to a visitor and 403 to guests and hosts, before reading the query', async () => {
      expect((await t.call('GET', '/api/users?q=a')).statusCode).toBe(401);
      for (const user of [guest, host]) {
        expect((await t.call('GET', '/api/users?role=owner', { as: user })).statusCode).toBe(403);
        expect((await t.call('GET', '/api/users/requests/count', { as: user })).statusCode).toBe(403);
      }
      expect((await t.call('GET', '/api/users/requests/count')).statusCode).toBe(401);
    });

    it("counts a host's cancellations for hosts and admins (who may have hosted), never for guests", async () => {
      const tag = tagged();
      const people = await Promise.all(
        (['host', 'admin', 'guest'] as const).map((role) => person(`${tag} ${role}`, `${tag}-${role}@example.com`, role)),
      );
      const { db } = t.database;
      for (const owner of people) {
        // Each hosted a stay and cancelled it (the guest was a host once, since demoted).
        const room = await insertRoom(db, { hostId: owner.id });
        const { booking } = await insertBooking(db, { room, guestId: guest.id, checkIn: room.availableFrom, checkOut: addDays(room.availableFrom, 1), status: 'cancelled' });
        await db.update(bookings).set({ cancelRequestedBy: 'host' }).where(eq(bookings.id, booking.id));
      }
      const page = await list({ q: tag });
      expect(page.items.map((u) => [u.role, u.hostCancellations])).toEqual([
        ['admin', 1],
        ['guest', 0],
        ['host', 1],
      ]);
    });
  });

  describe('host requests: the count, approving and declining', () => {
    it('counts the requests waiting, and follows each answer', async () => {
      const before = await requestedCount();
      const tag = tagged();
      const [one, two] = await Promise.all([
        person(`One ${tag}`, `one-${tag}@example.com`, 'guest', 'Requested'),
        person(`Two ${tag}`, `two-${tag}@example.com`, 'guest', 'Requested'),
      ]);
      expect(await requestedCount()).toBe(before + 2);
      expect((await t.call('POST', `/api/users/${one.id}/approve-host`, { as: admin })).statusCode).toBe(200);
      expect(await requestedCount()).toBe(before + 1);
      const declined = await t.call('POST', `/api/users/${two.id}/decline-host`, { as: admin, body: { reason: 'Please add a photo of yourself first.' } });
      expect(declined.statusCode).toBe(200);
      expect(await requestedCount()).toBe(before);
    });

    it('declines a request: the guest is Verified again, the decision is logged and the reason mailed', async () => {
      const g = await t.signUp({ name: 'Dora Decline' });
      expect((await t.call('PUT', '/api/user', { as: g, body: {} })).json()).toEqual({ modifiedCount: 1 });
      await t.clearMail();
      const reason = '  Your profile has no photo yet.\nPlease add one & ask again <soon>.  ';

      const res = await t.call('POST', `/api/users/${g.id}/decline-host`, { as: admin, body: { reason } });
      expect(res.statusCode, res.body).toBe(200);
      expect(userSchema.parse(res.json())).toMatchObject({ _id: g.id, role: 'guest', status: 'Verified' });
      expect(await statusOf(g.id)).toEqual({ role: 'guest', status: 'Verified' });

      const log = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, g.id));
      expect(log).toMatchObject([{ actorId: admin.id, action: 'host-request.decline', userId: g.id, reason: reason.trim(), reviewId: null }]);
      // The mail was written in the same transaction, to the outbox, under a key of its own.
      const [job] = await t.database.db.select().from(jobs).where(eq(jobs.key, `mail:host-request-declined:${log[0]!.id}`));
      expect(job).toBeDefined();

      const mail = (await t.mailSent()).filter((m) => m.to === g.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe('Your request to become a host was declined');
      expect(mail[0]!.text).toContain('Your profile has no photo yet.\nPlease add one & ask again <soon>.');
      expect(mail[0]!.text).toContain('http://localhost:3000/dashboard');
      expect(mail[0]!.html).toContain('Please add one &amp; ask again &lt;soon&gt;.');
      expect(await t.database.db.select().from(roleChanges).where(eq(roleChanges.userId, g.id))).toEqual([]);

      // They may ask again, and the admin sees the new request.
      expect((await t.call('PUT', '/api/user', { as: g, body: {} })).json()).toEqual({ modifiedCount: 1 });
      expect(await statusOf(g.id)).toEqual({ role: 'guest', status: 'Requested' });
    });

    it('answers 409 for a user with no request waiting, 404 for nobody, and changes nothing', async () => {
      const tag = tagged();
      const settled = await person(`Settled ${tag}`, `settled-${tag}@example.com`);
      for (const action of ['decline-host', 'approve-host']) {
        const res = await t.call('POST', `/api/users/${settled.id}/${action}`, { as: admin, body: { reason: 'No.' } });
        expect(res.statusCode, action).toBe(409);
        expect(res.json()).toMatchObject({ error: { code: 'CONFLICT' } });
        expect((await t.call('POST', `/api/users/${host.id}/${action}`, { as: admin, body: { reason: 'No.' } })).statusCode).toBe(409);
        expect((await t.call('POST', `/api/users/${randomUUID()}/${action}`, { as: admin, body: { reason: 'No.' } })).statusCode).toBe(404);
      }
      expect(await statusOf(settled.id)).toEqual({ role: 'guest', status: 'Verified' });
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.userId, settled.id))).toEqual([]);
    });

    it('wants a reason of 1 to 500 characters, and a user id', async () => {
      const tag = tagged();
      const waiting = await person(`Waiting ${tag}`, `waiting-${tag}@example.com`, 'guest', 'Requested');
      const url = `/api/users/${waiting.id}/decline-host`;
      for (const body of [{}, { reason: '' }, { reason: '   \n ' }, { reason: 'x'.repeat(501) }, { reason: 42 }, { reason: 'bad\u0007' }]) {
        const res = await t.call('POST', url, { as: admin, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.fields).toHaveProperty('reason');
      }
      const badId = await t.call('POST', '/api/users/not-an-id/decline-host', { as: admin, body: { reason: 'No.' } });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().error.fields).toHaveProperty('id');
      expect((await t.call('POST', url, { as: admin, body: { reason: 'x'.repeat(500) } })).statusCode).toBe(200);
    });

    it('answers 401 to a visitor and 403 to guests and hosts, changing nothing', async () => {
      const tag = tagged();
      const waiting = await person(`Asker ${tag}`, `asker-${tag}@example.com`, 'guest', 'Requested');
      for (const action of ['decline-host', 'approve-host']) {
        const url = `/api/users/${waiting.id}/${action}`;
        expect((await t.call('POST', url, { body: { reason: 'No.' } })).statusCode).toBe(401);
        for (const user of [guest, host]) expect((await t.call('POST', url, { as: user, body: { reason: 'No.' } })).statusCode).toBe(403);
        const crossSite = await t.call('POST', url, { as: admin, body: { reason: 'No.' }, headers: { origin: 'https://evil.example' } });
        expect(crossSite.statusCode).toBe(403);
      }
      expect(await statusOf(waiting.id)).toEqual({ role: 'guest', status: 'Requested' });
    });

    it('approves a request: the guest becomes a host, recorded as a role change, and is mailed a way to start', async () => {
      const tag = tagged();
      const waiting = await person(`Ana <b>&</b> ${tag}`, `approved-${tag}@example.com`, 'guest', 'Requested');
      await t.clearMail();
      const res = await t.call('POST', `/api/users/${waiting.id}/approve-host`, { as: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(userSchema.parse(res.json())).toMatchObject({ role: 'host', status: 'Verified' });
      const changes = await t.database.db.select().from(roleChanges).where(eq(roleChanges.userId, waiting.id));
      expect(changes).toMatchObject([{ actorId: admin.id, fromRole: 'guest', toRole: 'host', via: 'admin' }]);
      // The mail was written in the approval's transaction, to the outbox, keyed by the role change.
      const [job] = await t.database.db.select().from(jobs).where(eq(jobs.key, `mail:became-host:${changes[0]!.id}`));
      expect(job).toBeDefined();

      const mail = (await t.mailSent()).filter((m) => m.to === waiting.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe('Your request to become a host was approved');
      expect(mail[0]!.text).toContain(`Hi Ana <b>&</b> ${tag},`);
      expect(mail[0]!.text).toContain('approved your request to host');
      expect(mail[0]!.text).toContain('Add a room: http://localhost:3000/dashboard/add-room');
      expect(mail[0]!.html).toContain(`Hi Ana &lt;b&gt;&amp;&lt;/b&gt; ${tag},`);
      expect(mail[0]!.html).toContain('<a href="http://localhost:3000/dashboard/add-room">Add a room</a>');

      // Approving again is a 409 and mails nothing more.
      expect((await t.call('POST', `/api/users/${waiting.id}/approve-host`, { as: admin })).statusCode).toBe(409);
      expect((await t.mailSent()).filter((m) => m.to === waiting.email)).toHaveLength(1);
    });

    it('refuses an admin demoted since, as the guard does, changing nothing: at the door, and inside the decision', async () => {
      const demoted = await t.signUp({ role: 'admin' });
      const deps = { db: t.database.db, jobs: { kick: () => {} }, publicUrl: 'http://localhost:3000' };
      // The person as the guard saw them a moment ago, before the demotion below committed.
      const [row] = await t.database.db.select().from(users).where(eq(users.id, demoted.id));
      const seenAsAdmin = { id: row!.id, email: row!.email, name: row!.name, image: row!.image, role: row!.role, status: row!.status, emailVerified: row!.emailVerified };
      await t.database.db.update(users).set({ role: 'guest' }).where(eq(users.id, demoted.id));
      const tag = tagged();
      const waiting = await person(`Waits ${tag}`, `waits-${tag}@example.com`, 'guest', 'Requested');
      for (const action of ['decline-host', 'approve-host']) {
        const res = await t.call('POST', `/api/users/${waiting.id}/${action}`, { as: demoted, body: { reason: 'No.' } });
        expect(errorOf(res), action).toEqual({ status: 403, error: { code: 'FORBIDDEN', message: WRONG_ROLE_MESSAGE } });
      }
      const refused = { status: 403, code: 'FORBIDDEN', message: WRONG_ROLE_MESSAGE };
      await expect(approveHostRequest(deps, { actor: seenAsAdmin, userId: waiting.id })).rejects.toMatchObject(refused);
      await expect(declineHostRequest(deps, { actor: seenAsAdmin, userId: waiting.id, reason: 'No.' })).rejects.toMatchObject(refused);
      expect(await statusOf(waiting.id)).toEqual({ role: 'guest', status: 'Requested' });
      expect(await t.database.db.select().from(roleChanges).where(eq(roleChanges.userId, waiting.id))).toEqual([]);
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.userId, waiting.id))).toEqual([]);
    });

    describeNeeding(twoConnectionsOn(kind), 'an admin demoted while their decision is on its way', {}, () => {
      it('waits for the demotion under way, then refuses them: the request still waits for another admin', async () => {
        for (const action of ['approve-host', 'decline-host']) {
          const [demoted, tag] = [await t.signUp({ role: 'admin' }), tagged()];
          const waiting = await person(`Waits ${tag}`, `waits-${tag}@example.com`, 'guest', 'Requested');
          const holder = new pg.Client({ connectionString: serverUrlOf(t.target) });
          await holder.connect();
          try {
            // Another admin's demotion, not yet committed: the guard still reads an admin and lets the call through.
            await holder.query('begin');
            await holder.query(`update users set role = 'guest' where id = $1`, [demoted.id]);
            const pending = t.call('POST', `/api/users/${waiting.id}/${action}`, { as: demoted, body: { reason: 'No.' } });
            // Proven from the server: the decision waits for the admin's row, which the demotion holds.
            await untilBlockedBy(holder, pending);
            await holder.query('commit');
            expect(errorOf(await pending), action).toEqual({ status: 403, error: { code: 'FORBIDDEN', message: WRONG_ROLE_MESSAGE } });
          } finally {
            await holder.end();
          }
          expect(await statusOf(waiting.id)).toEqual({ role: 'guest', status: 'Requested' });
          expect(await t.database.db.select().from(roleChanges).where(eq(roleChanges.userId, waiting.id))).toEqual([]);
          expect(await t.database.db.select().from(auditLog).where(eq(auditLog.userId, waiting.id))).toEqual([]);
          expect((await t.call('POST', `/api/users/${waiting.id}/${action}`, { as: admin, body: { reason: 'No.' } })).statusCode).toBe(200);
        }
      });
    });

    it('gives one outcome when two admins approve and decline the same request at once', async () => {
      const otherAdmin = await t.signUp({ role: 'admin' });
      for (let round = 0; round < 3; round += 1) {
        const tag = tagged();
        const waiting = await person(`Raced ${tag}`, `raced-${tag}@example.com`, 'guest', 'Requested');
        const [approve, decline] = await Promise.all([
          t.call('POST', `/api/users/${waiting.id}/approve-host`, { as: admin }),
          t.call('POST', `/api/users/${waiting.id}/decline-host`, { as: otherAdmin, body: { reason: 'Not yet.' } }),
        ]);
        expect([approve.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
        const declined = await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.userId, waiting.id), eq(auditLog.action, 'host-request.decline')));
        const promoted = await t.database.db.select().from(roleChanges).where(eq(roleChanges.userId, waiting.id));
        const mailed = await t.database.db.select().from(jobs).where(like(jobs.key, 'mail:host-request-declined:%'));
        const approvedMail = await t.database.db.select().from(jobs).where(like(jobs.key, 'mail:became-host:%'));
        // Whichever came first, every part of the outcome agrees with it.
        const approved = approve.statusCode === 200;
        expect(await statusOf(waiting.id)).toEqual({ role: approved ? 'host' : 'guest', status: 'Verified' });
        expect([declined.length, promoted.length]).toEqual(approved ? [0, 1] : [1, 0]);
        const outcomeMail = approved ? `mail:became-host:${promoted[0]!.id}` : `mail:host-request-declined:${declined[0]!.id}`;
        expect([...approvedMail, ...mailed].map((j) => j.key)).toContain(outcomeMail);
      }
    });
  });
});
