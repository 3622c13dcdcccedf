import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntentSchema, storedImageUrl } from '@staybook/domain';
import { openDatabase } from '../../db/client.js';
import { insertRoom, insertUser } from '../../db/factories.js';
import { migrateDatabase } from '../../db/migrate.js';
import { confirmCard, startPayment, testCard } from '../../test/bookings.js';
import { day } from '../../test/dates.js';
import { signUpVerified, startServer } from '../../test/server-process.js';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';


describe('payment routes', () => {
  let t: TestApp;
  let roomId: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { PAYMENT_RATE_LIMIT: '1' });
    const host = await insertUser(t.database.db, { role: 'host' });
    roomId = (await insertRoom(t.database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60) })).id;
  });
  afterAll(() => t.close());

  it('names the built-in test processor to the card form, with no key', async () => {
    const res = await t.call('GET', '/api/payments/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'test', publishableKey: null });
  });

  it('limits payment creation to 30 per 10 minutes per user, whatever the address', async () => {
    const [greedy, other] = [await t.signUp(), await t.signUp()];
    for (let i = 0; i < 30; i += 1) await startPayment(t, greedy, { roomId, from: day(2), to: day(3) });
    const refused = await t.call('POST', '/api/create-payment-intent', { as: greedy, body: { roomId, from: day(2), to: day(3) } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/), facts: { refusal: 'too-many-requests', seconds: expect.stringMatching(/^\d+$/) } },
    });
    await startPayment(t, other, { roomId, from: day(2), to: day(3) });
  });

  it('limits card confirmations to 30 per 10 minutes per address', async () => {
    const guest = await t.signUp();
    const intent = await startPayment(t, guest, { roomId, from: day(4), to: day(5) });
    const forged = { ...intent, clientSecret: `${intent.paymentIntentId}_secret_${'x'.repeat(24)}` };
    for (let i = 0; i < 30; i += 1) expect((await confirmCard(t, forged)).statusCode).toBe(404);
    const refused = await confirmCard(t, intent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/test-processor/confirm',
      remoteAddress: '10.0.0.2',
      headers: { origin: TEST_ORIGIN },
      payload: { clientSecret: intent.clientSecret, card: testCard() },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

/** The real server, logging everything it logs at its most verbose: a card number or CVC never appears. */
describe('card details in the server log', { timeout: 240_000 }, () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'staybook-card-log-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('logs card confirmations without the number or the CVC, whether they succeed, are declined or are refused', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(database);
    const host = await insertUser(database.db, { role: 'host' });
    const room = await insertRoom(database.db, { hostId: host.id, availableFrom: day(1), availableTo: day(60) });
    await database.close();

    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'trace', SEED_DEMO: '0', AUTH_RATE_LIMIT: '0' });
    try {
      const headers = { 'content-type': 'application/json', origin: server.url };
      const cookie = await signUpVerified(server, dataDir, {
        name: 'Card Holder',
        email: `card-${randomUUID().slice(0, 8)}@example.com`,
        password: 'correct horse battery',
        image: storedImageUrl(randomUUID()),
      });

      const statuses: number[] = [];
      for (const number of ['4242 4242 4242 4242', '4000000000009995', '4242424242424241']) {
        const res = await fetch(`${server.url}/api/create-payment-intent`, {
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify({ roomId: room.id, from: day(2), to: day(4) }),
        });
        const intent = paymentIntentSchema.parse(await res.json());
        const confirm = await fetch(`${server.url}/api/test-processor/confirm`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ clientSecret: intent.clientSecret, card: testCard(number, '987') }),
        });
        statuses.push(confirm.status);
      }
      expect(statuses).toEqual([200, 402, 400]);
    } finally {
      await server.stop();
    }
    const log = server.output();
    expect(log).toContain('/api/test-processor/confirm');
    for (const secret of ['4242424242424242', '4242 4242 4242 4242', '4000000000009995', '4242424242424241', '"987"', 'cvc']) {
      expect(log).not.toContain(secret);
    }
  });
});
