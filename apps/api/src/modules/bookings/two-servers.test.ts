import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentIntentSchema, storedImageUrl } from '@staybook/domain';
import { openDatabase, type Database } from '../../db/client.js';
import { insertRoom, insertUser } from '../../db/factories.js';
import { migrateDatabase } from '../../db/migrate.js';
import { bookings, testPaymentEvents } from '../../db/schema.js';
import { OVERLAPPING_BOOKING_MESSAGE } from '../../errors.js';
import { testCard } from '../../test/bookings.js';
import { createServerDatabase } from '../../test/databases.js';
import { day } from '../../test/dates.js';
import { describeNeeding, SERVER_DATABASE } from '../../test/needs.js';
import { signUpVerified, startServer, type RunningServer } from '../../test/server-process.js';


/** Two real server processes on one PostgreSQL database: the database, not a process, decides who gets the nights. */
describeNeeding(SERVER_DATABASE, 'two servers racing for the same nights', { timeout: 240_000 }, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let dirs: string[];
  let servers: RunningServer[];
  let hostId: string;

  beforeAll(async () => {
    const server = await createServerDatabase();
    drop = server.drop;
    database = await openDatabase({ kind: 'postgres', url: server.url });
    await migrateDatabase(database);
    hostId = (await insertUser(database.db, { role: 'host' })).id;
    dirs = await Promise.all([1, 2].map(() => mkdtemp(join(tmpdir(), 'staybook-race-'))));
    servers = await Promise.all(
      dirs.map((dir) =>
        startServer({ DATA_DIR: dir, DATABASE_URL: server.url, SEED_DEMO: '0', AUTH_RATE_LIMIT: '0', PAYMENT_RATE_LIMIT: '0', LOG_LEVEL: 'warn' }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await database?.close();
    await drop?.();
    await Promise.all((dirs ?? []).map((d) => rm(d, { recursive: true, force: true })));
  });

  function signUp(server: RunningServer): Promise<string> {
    // The mail goes out from whichever server's job worker claims it first.
    return signUpVerified(server, dirs, {
      name: 'Racer',
      email: `racer-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct horse battery',
      image: storedImageUrl(randomUUID()),
    });
  }

  function post(server: RunningServer, path: string, body: unknown, cookie?: string) {
    return fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  }

  it('books each contested stay once, voids the other hold, and answers the loser 409', async () => {
    const cookies = await Promise.all(servers.map(signUp));
    for (let round = 0; round < 5; round += 1) {
      const room = await insertRoom(database.db, { hostId, availableFrom: day(1), availableTo: day(30) });
      const intents = await Promise.all(
        servers.map(async (server, i) => {
          const res = await post(server, '/api/create-payment-intent', { roomId: room.id, from: day(2 + i), to: day(6) }, cookies[i]);
          const intent = paymentIntentSchema.parse(await res.json());
          expect((await post(server, '/api/test-processor/confirm', { clientSecret: intent.clientSecret, card: testCard() })).status).toBe(200);
          return intent;
        }),
      );
      const answers = await Promise.all(
        servers.map((server, i) => post(server, '/api/booking', { paymentIntentId: intents[i]!.paymentIntentId }, cookies[i])),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const loser = answers.find((a) => a.status === 409)!;
      expect(await loser.json()).toEqual({ error: { code: 'CONFLICT', message: OVERLAPPING_BOOKING_MESSAGE } });
      expect(await database.db.select().from(bookings).where(eq(bookings.roomId, room.id))).toHaveLength(1);
      const events = await database.db
        .select({ type: testPaymentEvents.type })
        .from(testPaymentEvents)
        .where(inArray(testPaymentEvents.intentId, intents.map((i) => i.paymentIntentId)));
      expect(events.filter((e) => e.type === 'payment_intent.succeeded')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'payment_intent.canceled')).toHaveLength(1);
    }
  });
});
