import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.js';
import { hostBalances } from '../db/ledger.js';
import { payouts, testTransfers } from '../db/schema.js';
import { PaymentProviderError } from '../integrations/payments/payment-provider.js';
import { TestPaymentProcessor } from '../integrations/payments/test-processor.js';
import { runPayouts } from '../modules/payouts/payout-run.js';
import { bookStay } from '../test/bookings.js';
import { day } from '../test/dates.js';
import { abandonDeadClientsStatements, sessionsBlockedBy, untilBlockedBy } from '../test/lock-waits.js';
import { describeNeeding, SERVER_DATABASE } from '../test/needs.js';
import { listRoom } from '../test/rooms.js';
import { runOperatorCommand, spawnOperatorCommand } from '../test/server-process.js';
import { createTestApp, TEST_AUTH_SECRET, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app.js';

describe('npm run payouts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'staybook-payouts-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('explains a wrong call, and refuses a day in the future in production', { timeout: 60_000 }, async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0' };
    expect(await runOperatorCommand('payouts', ['--asof=2030-01-01'], env)).toMatchObject({ code: 2, output: expect.stringContaining('Usage: npm run payouts -- [--as-of=YYYY-MM-DD]') });
    expect(await runOperatorCommand('payouts', ['--as-of=2030-02-30'], env)).toMatchObject({ code: 2 });
    const production = { ...env, NODE_ENV: 'production', AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: 'https://staybook.example', SMTP_URL: 'smtp://127.0.0.1:1', TEST_PAYMENTS: '1' };
    const future = await runOperatorCommand('payouts', ['--as-of=2999-01-01'], production);
    expect(future.code).toBe(2);
    expect(future.output).toContain('2999-01-01 is in the future: in production a run pays only what is due by today');
    const today = await runOperatorCommand('payouts', [], env);
    expect(today.output, today.output).toMatch(/^Payouts for \d{4}-\d{2}-\d{2}: 0 shares released, 0 payouts sent, 0 failed, 0 waiting for the provider\./m);
    expect(today.code).toBe(0);
  });
});

/**
 * The crash window between the provider's transfer and our record of it, opened on purpose on PostgreSQL: the command
 * sends the transfer, then waits for the payout's row, which the test holds, and is killed (SIGKILL) there. The next
 * run asks the provider again with the same idempotency key and records the one transfer.
 */
describeNeeding(SERVER_DATABASE, 'npm run payouts killed after the provider paid, on PostgreSQL', {}, () => {
  let t: TestApp;
  let host: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await abandonDeadClientsStatements(t.database.db);
    [host, guest] = await Promise.all([t.signUp({ role: 'host' }), t.signUp()]);
  });
  afterAll(() => t.close());

  it('repairs the payout on the next run without paying twice', { timeout: 120_000 }, async () => {
    if (t.target.kind !== 'postgres') throw new Error('PostgreSQL only');
    const body = { holderName: 'Hana Host', routingNumber: '110000000', accountNumber: '000123456789' };
    expect((await t.call('PUT', '/api/payouts/bank-account', { as: host, body })).statusCode).toBe(200);
    const room = await listRoom(t, host, { title: 'Payout window cabin', from: day(1), to: day(30) });
    await bookStay(t, guest, { roomId: room._id, from: day(3), to: day(5) });

    // A first run wrote the payout and its journal and never reached the provider.
    const processor = new TestPaymentProcessor(t.database.db);
    const unreachable = Object.assign(Object.create(processor) as TestPaymentProcessor, {
      transfer: () => Promise.reject(new PaymentProviderError('connect ECONNREFUSED', 'api_connection_error', true)),
    });
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const deps = { db: t.database.db, jobs: { kick: () => {} }, publicUrl: TEST_ORIGIN, log };
    expect(await runPayouts({ ...deps, payments: unreachable }, { asOf: day(4), release: true })).toMatchObject({ released: 1, waiting: 1 });
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.hostId, host.id));
    expect(payout).toMatchObject({ status: 'sending' });

    // The next run sends the transfer and dies while it waits to record it.
    const holder = new pg.Client({ connectionString: t.target.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from payouts where id = $1 for update', [payout!.id]);
    const env = { DATABASE_URL: t.target.url, DATA_DIR: t.dataDir, PUBLIC_URL: TEST_ORIGIN, AUTH_SECRET: TEST_AUTH_SECRET };
    const run = spawnOperatorCommand('payouts', [`--as-of=${day(4)}`], env);
    const exited = new Promise((resolve) => run.child.once('exit', resolve));
    try {
      await untilBlockedBy(holder, exited);
    } finally {
      run.child.kill('SIGKILL');
      await exited;
      await vi.waitFor(async () => expect(await sessionsBlockedBy(holder)).toBe(0), { timeout: 10_000, interval: 100 });
      await holder.query('rollback');
      await holder.end();
    }
    // The provider paid; our records still say the payout is on its way.
    expect(await t.database.db.select().from(testTransfers)).toHaveLength(1);
    expect((await t.database.db.select().from(payouts).where(eq(payouts.id, payout!.id)))[0]).toMatchObject({ status: 'sending', transferId: null });
    expect(await hostBalances(t.database.db, host.id)).toMatchObject({ inTransitCents: payout!.amountCents, paidCents: 0 });

    const again = await runOperatorCommand('payouts', [`--as-of=${day(4)}`], env);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('1 payouts sent');
    const transfers = await t.database.db.select().from(testTransfers);
    expect(transfers).toHaveLength(1);
    expect((await t.database.db.select().from(payouts).where(eq(payouts.id, payout!.id)))[0]).toMatchObject({ status: 'paid', transferId: transfers[0]!.id });
    expect(await hostBalances(t.database.db, host.id)).toMatchObject({ inTransitCents: 0, availableCents: 0, paidCents: payout!.amountCents });
    expect(await queryRows(t.database.db, sql`select key from ledger_journals where payout_id = ${payout!.id} order by posted_at`)).toEqual([
      { key: `payout:${payout!.id}` },
      { key: `payout-paid:${payout!.id}` },
    ]);
  });
});
