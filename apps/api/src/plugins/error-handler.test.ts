import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IsoDate } from '@staybook/domain';
import { insertBooking, insertRoom, insertUser } from '../db/factories.js';
import { bookings, payments, rooms } from '../db/schema.js';
import { ConflictError, PG_ERRORS, sqlState } from '../errors.js';
import { TEST_DATABASE_KINDS } from '../test/databases.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { refusalInSpanish } from '../test/refusals.js';

/** Database refusals reach the client through the API's one error path, as clear 4xx answers. */
describe.each(TEST_DATABASE_KINDS)('database refusals as answers on %s', (kind) => {
  let t: TestApp;
  let hostId: string;
  let guestId: string;
  let room: Awaited<ReturnType<typeof insertRoom>>;

  // Stand-ins for the service code that will write bookings: each write goes straight to the database.
  const testRoutes: FastifyPluginAsync = async (app) => {
    app.post('/bookings', async (request, reply) => {
      const { checkIn, checkOut } = request.body as { checkIn: IsoDate; checkOut: IsoDate };
      // The payment and the booking in one transaction, as the booking service writes them.
      const { booking } = await t.database.db.transaction((tx) => insertBooking(tx, { room, guestId, checkIn, checkOut }));
      return reply.status(201).send({ id: booking.id });
    });

    app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => ({ ok: true }));

    app.post('/refused/:what', async (request) => {
      const db = t.database.db;
      const { what } = request.params as { what: string };
      if (what === 'unique') await insertUser(db, { email: 'taken@example.com' });
      if (what === 'foreign-key') await insertRoom(db, { hostId: 'nobody' });
      if (what === 'check') await insertRoom(db, { hostId, priceCents: 0 });
      if (what === 'text-representation') await db.select().from(rooms).where(eq(rooms.id, 'not-a-uuid'));
      if (what === 'nul') await insertUser(db, { name: 'a\u0000b' });
      if (what === 'own-message') {
        try {
          await insertUser(db, { email: 'taken@example.com' });
        } catch (err) {
          if (sqlState(err) === PG_ERRORS.uniqueViolation) throw new ConflictError('That e-mail already has an account.');
          throw err;
        }
      }
      if (what === 'other') await db.execute(sql`select 1 / 0`);
      return { ok: true };
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, testRoutes);
    hostId = (await insertUser(t.database.db, { role: 'host' })).id;
    guestId = (await insertUser(t.database.db)).id;
    room = await insertRoom(t.database.db, { hostId, availableFrom: '2030-01-01', availableTo: '2030-02-01' });
    await insertUser(t.database.db, { email: 'taken@example.com' });
  });
  afterAll(() => t.close());

  it('answers one of two concurrent overlapping bookings with 409 and a clear message', async () => {
    const [a, b] = await Promise.all([
      t.call('POST', '/test/bookings', { body: { checkIn: '2030-01-10', checkOut: '2030-01-15' } }),
      t.call('POST', '/test/bookings', { body: { checkIn: '2030-01-12', checkOut: '2030-01-14' } }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    const refused = a!.statusCode === 409 ? a! : b!;
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      error: { code: 'CONFLICT', message: 'These dates were just booked by someone else. Please choose other dates.' },
    });
    const confirmed = await t.database.db.select().from(bookings).where(and(eq(bookings.roomId, room.id), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(1);
    // The refused booking's payment row went with it (one transaction).
    expect(await t.database.db.select().from(payments).where(eq(payments.roomId, room.id))).toHaveLength(1);
  });

  it('maps duplicates to 409, and missing references, checks and malformed values to 400', async () => {
    const cases = [
      ['unique', 409, 'CONFLICT', 'This already exists, so it was not saved again.'],
      ['foreign-key', 400, 'BAD_REQUEST', 'This refers to something that no longer exists.'],
      ['check', 400, 'BAD_REQUEST', 'A value is outside what is allowed.'],
      ['text-representation', 400, 'BAD_REQUEST', 'A value in the request is not in the expected format.'],
      ['nul', 400, 'BAD_REQUEST', 'The request contains characters that are not allowed.'],
    ] as const;
    for (const [what, status, code, message] of cases) {
      const res = await t.call('POST', `/test/refused/${what}`);
      expect(res.statusCode, what).toBe(status);
      expect(res.json(), what).toEqual({ error: { code, message } });
    }
  });

  it("keeps a service's own, more specific message", async () => {
    const res = await t.call('POST', '/test/refused/own-message');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'That e-mail already has an account.' } });
  });

  it('answers any other database failure with the generic 500', async () => {
    const res = await t.call('POST', '/test/refused/other');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });

  it('answers a rate limit in the same error shape, with Retry-After', async () => {
    expect((await t.call('GET', '/test/limited')).statusCode).toBe(200);
    const res = await t.call('GET', '/test/limited');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 60 seconds.', facts: { refusal: 'too-many-requests', seconds: '60' } },
    });
    expect(res.headers['retry-after']).toBe('60');
    // A Spanish page writes it from the facts.
    expect(refusalInSpanish(res)).toBe('Demasiadas solicitudes. Vuelve a intentarlo dentro de 60 segundos.');
  });

  it("answers the auth library's failures as the product's JSON 500, never the library's own body", async () => {
    const user = await t.signUp();
    await t.database.db.execute(sql`alter table sessions rename to sessions_away`);
    // The library prints its server errors itself; this one is expected.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.call('POST', '/api/auth/sign-in/email', { body: { email: user.email, password: user.password } });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    } finally {
      printed.mockRestore();
      await t.database.db.execute(sql`alter table sessions_away rename to sessions`);
    }
  });
});
