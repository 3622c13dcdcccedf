import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKENS_MAX, accessTokenSchema, accessTokensSchema, createdAccessTokenSchema, TOKEN_SCOPES, type CreatedAccessToken, type TokenScope } from '@staybook/domain';
import { insertBooking, insertRoom } from '../../db/factories.js';
import { errorOf } from '../../test/answers.js';
import { signUpCast, type Cast } from '../../test/cast.js';
import { accessTokens } from '../../db/schema.js';
import { serverUrlOf, TEST_DATABASE_KINDS } from '../../test/databases.js';
import { describeNeeding, twoConnectionsOn } from '../../test/needs.js';
import { day } from '../../test/dates.js';
import { refusalInSpanish, SPANISH_PAGE } from '../../test/refusals.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

describe.each(TEST_DATABASE_KINDS)('personal access tokens on %s', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let roomId: string;
  let otherRoomId: string;
  let bookingId: string;
  let otherBookingId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    cast = await signUpCast(t);
    const room = await insertRoom(t.database.db, { hostId: cast.host.id, title: 'Cabin by the lake', availableFrom: day(-10), availableTo: day(120) });
    const other = await insertRoom(t.database.db, { hostId: cast.otherHost.id, title: 'Loft in town', availableFrom: day(-10), availableTo: day(120) });
    roomId = room.id;
    otherRoomId = other.id;
    bookingId = (await insertBooking(t.database.db, { room, guestId: cast.guest.id, checkIn: day(10), checkOut: day(12) })).booking.id;
    otherBookingId = (await insertBooking(t.database.db, { room: other, guestId: cast.otherGuest.id, checkIn: day(10), checkOut: day(12) })).booking.id;
  });
  afterAll(() => t.close());

  async function makeToken(as: TestUser, scopes: TokenScope[], name = 'My tool'): Promise<CreatedAccessToken> {
    const res = await t.call('POST', '/api/access-tokens', { as, body: { name, scopes } });
    expect(res.statusCode, res.body).toBe(201);
    return createdAccessTokenSchema.parse(res.json());
  }

  /** A call as a script makes it: no cookie, no Origin, the token in the Authorization header. */
  const withToken = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });

  const nights = { from: day(30), to: day(32), set: { price: 150 } };

  describe('making, listing and revoking', () => {
    it('shows the secret once, keeps only what identifies it, and notes its last use', async () => {
      const made = await makeToken(cast.host, ['readBookings', 'readBookings'], '  Channel manager  ');
      expect(made).toMatchObject({ name: 'Channel manager', scopes: ['readBookings'], lastUsedAt: null });
      expect(made.token).toMatch(/^sbk_[A-Za-z0-9_-]{43}$/);
      expect(made.token.startsWith(made.start)).toBe(true);
      const { token, ...shown } = made;

      const listed = accessTokensSchema.parse((await t.call('GET', '/api/access-tokens', { as: cast.host })).json());
      expect(listed.items).toContainEqual(shown);
      expect(JSON.stringify(listed)).not.toContain(token);
      // Not kept as it is anywhere in the database: only its hash.
      const stored = await t.database.db.execute(`select * from access_tokens where id = '${made.id}'`);
      expect(JSON.stringify(stored)).not.toContain(token.slice(10));

      expect((await withToken(token, 'GET', '/api/manage-bookings')).statusCode).toBe(200);
      const after = accessTokensSchema.parse((await t.call('GET', '/api/access-tokens', { as: cast.host })).json());
      expect(accessTokenSchema.parse(after.items.find((item) => item.id === made.id)).lastUsedAt).not.toBeNull();
    });

    it('names the field that is wrong', async () => {
      for (const [body, field] of [
        [{ name: '', scopes: ['readBookings'] }, 'name'],
        [{ name: 'x'.repeat(51), scopes: ['readBookings'] }, 'name'],
        [{ name: 'Tool', scopes: [] }, 'scopes'],
        [{ name: 'Tool', scopes: ['admin'] }, 'scopes.0'],
        [{ name: 'Tool' }, 'scopes'],
      ] as const) {
        const res = await t.call('POST', '/api/access-tokens', { as: cast.guest, body });
        expect(errorOf(res).status, JSON.stringify(body)).toBe(400);
        expect(Object.keys(errorOf(res).error.fields ?? {}), JSON.stringify(body)).toContain(field);
      }
      expect((await t.call('POST', '/api/access-tokens', { body: { name: 'Tool', scopes: ['readBookings'] } })).statusCode).toBe(401);
    });

    it('is revoked by its owner only, and a revoked token is refused at once', async () => {
      const made = await makeToken(cast.host, ['readBookings']);
      expect((await withToken(made.token, 'GET', '/api/manage-bookings')).statusCode).toBe(200);
      expect(errorOf(await t.call('DELETE', `/api/access-tokens/${made.id}`, { as: cast.otherHost })).status).toBe(404);
      expect((await withToken(made.token, 'GET', '/api/manage-bookings')).statusCode).toBe(200);
      expect((await t.call('DELETE', `/api/access-tokens/${made.id}`, { as: cast.host })).statusCode).toBe(204);
      expect(errorOf(await withToken(made.token, 'GET', '/api/manage-bookings')).status).toBe(401);
      expect(errorOf(await t.call('DELETE', `/api/access-tokens/${made.id}`, { as: cast.host })).status).toBe(404);
    });

    it(`keeps at most ${ACCESS_TOKENS_MAX} a person, listed oldest first; revoking one makes room`, async () => {
      const made = [];
      for (let i = 0; i < ACCESS_TOKENS_MAX; i += 1) made.push(await makeToken(cast.otherGuest, ['readBookings'], `Tool ${i}`));
      const refused = await t.call('POST', '/api/access-tokens', { as: cast.otherGuest, headers: SPANISH_PAGE, body: { name: 'One more', scopes: ['readBookings'] } });
      expect(errorOf(refused)).toEqual({
        status: 409,
        error: {
          code: 'CONFLICT',
          message: `You have ${ACCESS_TOKENS_MAX} access tokens, the most one can have. Revoke one you no longer use first.`,
          facts: { refusal: 'too-many-access-tokens', max: String(ACCESS_TOKENS_MAX) },
        },
      });
      expect(refusalInSpanish(refused)).toBe(`Tienes ${ACCESS_TOKENS_MAX} tokens de acceso, el máximo que se puede tener. Revoca antes uno que ya no uses.`);
      const listed = accessTokensSchema.parse((await t.call('GET', '/api/access-tokens', { as: cast.otherGuest })).json());
      expect(listed.items.map((item) => item.id)).toEqual(made.map((token) => token.id));
      expect((await t.call('DELETE', `/api/access-tokens/${made[0]!.id}`, { as: cast.otherGuest })).statusCode).toBe(204);
      await makeToken(cast.otherGuest, ['readBookings'], 'One more');
    });

    describeNeeding(twoConnectionsOn(kind), 'several made at the same moment', {}, () => {
      it(`still keeps at most ${ACCESS_TOKENS_MAX}: one more is made, the others refused`, async () => {
        const person = await t.signUp();
        for (let i = 0; i < ACCESS_TOKENS_MAX - 1; i += 1) await makeToken(person, ['readBookings'], `Tool ${i}`);
        const holder = new pg.Client({ connectionString: serverUrlOf(t.target) });
        await holder.connect();
        try {
          // The person's row held, so that every request is under way at once before any of them can finish.
          await holder.query('begin');
          await holder.query('select id from users where id = $1 for update', [person.id]);
          const tries = 5;
          let settled = 0;
          const pending = Array.from({ length: tries }, (_, i) =>
            t.call('POST', '/api/access-tokens', { as: person, body: { name: `Raced ${i}`, scopes: ['readBookings'] } }).finally(() => (settled += 1)),
          );
          // Proven from the server, not a clock: all of them wait on the held row (or queue behind one that does).
          for (;;) {
            const settledBefore = settled;
            await holder.query('select pg_stat_clear_snapshot()');
            const { rows } = await holder.query<{ n: number }>(
              'select count(*)::int as n from pg_stat_activity where datname = current_database() and cardinality(pg_blocking_pids(pid)) > 0',
            );
            if (rows[0]!.n === tries) break;
            if (settledBefore > 0) throw new Error('A request finished without waiting for the row the test holds, so the race was never run.');
            await sleep(10);
          }
          await holder.query('commit');
          const answers = await Promise.all(pending);
          expect(answers.map((res) => res.statusCode).sort()).toEqual([201, ...Array<number>(tries - 1).fill(409)]);
          expect(await t.database.db.$count(accessTokens, eq(accessTokens.userId, person.id))).toBe(ACCESS_TOKENS_MAX);
        } finally {
          await holder.end();
        }
      });
    });

    it('refuses a token nobody made, and a malformed header', async () => {
      const made = await makeToken(cast.host, ['readBookings']);
      expect(errorOf(await withToken(`${made.token.slice(0, -2)}xx`, 'GET', '/api/manage-bookings')).status).toBe(401);
      expect(errorOf(await withToken('not-a-token', 'GET', '/api/manage-bookings')).status).toBe(401);
      const res = await t.app.inject({ method: 'GET', url: '/api/manage-bookings', headers: { authorization: `Basic ${made.token}` } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('each scope opens its calls and no others', () => {
    it('lists only calls the API has', () => {
      for (const { calls } of Object.values(TOKEN_SCOPES)) {
        for (const call of calls) {
          const [method, url] = call.split(' ') as ['GET', string];
          expect(t.app.hasRoute({ method, url }), call).toBe(true);
        }
      }
    });

    it('read bookings: the host and guest lists, requests and trips; not the calendar nor earnings', async () => {
      const { token } = await makeToken(cast.host, ['readBookings']);
      const managed = await withToken(token, 'GET', '/api/manage-bookings');
      expect(managed.statusCode).toBe(200);
      expect(JSON.stringify(managed.json())).toContain(bookingId);
      expect((await withToken(token, 'GET', `/api/manage-bookings/${cast.host.email}`)).statusCode).toBe(200);
      expect((await withToken(token, 'GET', '/api/requests')).statusCode).toBe(200);
      expect((await withToken(token, 'GET', `/api/trips/${bookingId}`)).statusCode).toBe(200);
      expect((await withToken(token, 'GET', `/api/booking/${bookingId}/calendar.ics`)).statusCode).toBe(200);

      expect(errorOf(await withToken(token, 'GET', `/api/room/${roomId}/calendar/nights`)).status).toBe(403);
      expect(errorOf(await withToken(token, 'PUT', `/api/room/${roomId}/calendar/nights`, nights)).status).toBe(403);
      expect(errorOf(await withToken(token, 'GET', '/api/earnings')).status).toBe(403);
      // Nor what the account may do beyond reading: cancelling a stay.
      expect(errorOf(await withToken(token, 'DELETE', `/api/booking/${bookingId}`)).status).toBe(403);
    });

    it('manage calendar and prices: the nights, their prices and imports; not bookings nor earnings', async () => {
      const { token } = await makeToken(cast.host, ['manageCalendar']);
      expect((await withToken(token, 'GET', '/api/my-listings')).statusCode).toBe(200);
      expect((await withToken(token, 'GET', `/api/room/${roomId}/calendar/nights?from=${day(30)}&to=${day(40)}`)).statusCode).toBe(200);
      const changed = await withToken(token, 'PUT', `/api/room/${roomId}/calendar/nights`, nights);
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await withToken(token, 'GET', `/api/room/${roomId}/calendar`)).statusCode).toBe(200);

      expect(errorOf(await withToken(token, 'GET', '/api/manage-bookings')).status).toBe(403);
      expect(errorOf(await withToken(token, 'GET', '/api/earnings')).status).toBe(403);
      // Nor the listing itself (its title, photos, removal).
      expect(errorOf(await withToken(token, 'DELETE', `/api/room/${roomId}`)).status).toBe(403);
    });

    it('read earnings: the figures, statements and payouts; not bookings nor the calendar', async () => {
      const { token } = await makeToken(cast.host, ['readEarnings']);
      expect((await withToken(token, 'GET', '/api/earnings?from=2026-01&to=2026-11')).statusCode).toBe(200);
      expect((await withToken(token, 'GET', '/api/earnings/entries.csv?from=2026-11-01&to=2026-11-30')).statusCode).toBe(200);
      expect((await withToken(token, 'GET', '/api/payouts')).statusCode).toBe(200);

      expect(errorOf(await withToken(token, 'GET', '/api/manage-bookings')).status).toBe(403);
      expect(errorOf(await withToken(token, 'PUT', `/api/room/${roomId}/calendar/nights`, nights)).status).toBe(403);
      // Nor where the money goes.
      expect(errorOf(await withToken(token, 'PUT', '/api/payouts/bank-account', {})).status).toBe(403);
    });

    it('a scope does not raise the role: a guest reading earnings is still no host', async () => {
      const { token } = await makeToken(cast.guest, ['readBookings', 'readEarnings', 'manageCalendar']);
      expect((await withToken(token, 'GET', '/api/my-bookings')).statusCode).toBe(200);
      expect(errorOf(await withToken(token, 'GET', '/api/earnings')).status).toBe(403);
      expect(errorOf(await withToken(token, 'GET', `/api/room/${roomId}/calendar/nights`)).status).toBe(403);
    });
  });

  describe('never another person, never the account', () => {
    it("reaches no one else's bookings, rooms or trips", async () => {
      const { token } = await makeToken(cast.host, ['readBookings', 'manageCalendar', 'readEarnings']);
      expect(errorOf(await withToken(token, 'GET', `/api/manage-bookings/${cast.otherHost.email}`)).status).toBe(403);
      expect(errorOf(await withToken(token, 'GET', `/api/trips/${otherBookingId}`)).status).toBe(404);
      expect(errorOf(await withToken(token, 'GET', `/api/booking/${otherBookingId}/calendar.ics`)).status).toBe(404);
      expect([403, 404]).toContain(errorOf(await withToken(token, 'GET', `/api/room/${otherRoomId}/calendar/nights`)).status);
      expect([403, 404]).toContain(errorOf(await withToken(token, 'PUT', `/api/room/${otherRoomId}/calendar/nights`, nights)).status);
      // The other host's list never names this host's stays, and this one's never theirs.
      expect(JSON.stringify((await withToken(token, 'GET', '/api/manage-bookings')).json())).not.toContain(otherBookingId);
    });

    it("is the token's person even beside someone else's session cookie", async () => {
      const { token } = await makeToken(cast.guest, ['readBookings']);
      const res = await t.app.inject({ method: 'GET', url: '/api/my-bookings', headers: { authorization: `Bearer ${token}`, cookie: cast.otherGuest.cookie } });
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(res.json())).toContain(bookingId);
    });

    it("never reaches the account's own settings, whatever its scopes", async () => {
      const { token } = await makeToken(cast.host, ['readBookings', 'manageCalendar', 'readEarnings']);
      const refused = [
        ['GET', '/api/access-tokens'],
        ['POST', '/api/access-tokens'],
        ['GET', `/api/user/${cast.host.email}`],
        ['PUT', '/api/user'],
        ['GET', '/api/wishlists'],
        ['GET', '/api/messages'],
      ] as const;
      for (const [method, url] of refused) {
        const res = await withToken(token, method, url, method === 'GET' ? undefined : { name: 'Taken over', scopes: ['readBookings'] });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const made = await makeToken(cast.host, ['readBookings']);
      expect(errorOf(await withToken(token, 'DELETE', `/api/access-tokens/${made.id}`)).status).toBe(403);
      // The auth library's own calls (password, e-mail, sessions) take no token: to them the caller is nobody.
      const password = await withToken(token, 'POST', '/api/auth/change-password', { currentPassword: cast.host.password, newPassword: 'another long password' });
      expect(password.statusCode).toBe(401);
      const email = await withToken(token, 'POST', '/api/auth/change-email', { newEmail: 'taken@example.com' });
      expect([401, 404]).toContain(email.statusCode);
      const session = await withToken(token, 'GET', '/api/auth/get-session');
      expect(session.json()).toBeNull();
    });

    it('to a public page a token is a visitor', async () => {
      const { token } = await makeToken(cast.admin, ['readBookings']);
      expect((await withToken(token, 'GET', `/api/room/${roomId}`)).statusCode).toBe(200);
    });
  });
});
