import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { bookingSchema, roomSchema } from '@staybook/domain';
import { bookings, payments, testPaymentEvents, testPaymentIntents } from '../../db/schema.js';
import { bookStay, startPayment, testCard } from '../../test/bookings.js';
import { day } from '../../test/dates.js';
import { abandonDeadClientsStatements, sessionsBlockedBy, untilBlockedBy } from '../../test/lock-waits.js';
import { describeNeeding, SERVER_DATABASE } from '../../test/needs.js';
import { listRoom } from '../../test/rooms.js';
import { startServer } from '../../test/server-process.js';
import { createSecondTestApp, createTestApp, TEST_AUTH_SECRET, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';
import { CANCEL_GRACE_MS } from './payment-sweeper.js';

/**
 * The windows a crash can leave between a provider's answer and our own record, opened on purpose on
 * PostgreSQL with two servers: a server process does the first half and is killed (SIGKILL) while a row lock
 * the test holds keeps it from writing the second; the other server, and the sweeper, must repair the state.
 */
describeNeeding(SERVER_DATABASE, 'crash windows on PostgreSQL with two servers', {}, () => {
  let t: TestApp;
  let other: TestApp;
  let host: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await abandonDeadClientsStatements(t.database.db);
    other = await createSecondTestApp(t);
    host = await t.signUp({ role: 'host' });
    guest = await t.signUp();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  /**
   * The mail both servers sent: each one's job worker polls the shared outbox, so either may send a mail the
   * other's change wrote.
   */
  async function mailOfBoth() {
    return [...(await other.mailSent()), ...(await t.mailSent())];
  }

  /** A server process on the test database, killed once the statement it is blocked on waits for `lockedRow`. */
  async function killWhileBlocked(lockedRow: pg.Client, request: (base: string) => Promise<unknown>): Promise<void> {
    if (t.target.kind !== 'postgres') throw new Error('PostgreSQL only');
    const server = await startServer({
      DATABASE_URL: t.target.url,
      DATA_DIR: t.dataDir,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_RATE_LIMIT: '0',
      PAYMENT_RATE_LIMIT: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'fatal',
    });
    const answer = request(server.url).catch(() => null);
    // The server's statement waits for the row the test holds (and the test fails if the request ends without waiting).
    try {
      await untilBlockedBy(lockedRow, answer);
    } finally {
      const exited = new Promise((resolve) => server.process.once('exit', resolve));
      server.process.kill('SIGKILL');
      await exited;
      // The dead server's backends notice within client_connection_check_interval and abort what they waited on.
      await vi.waitFor(
        async () => {
          expect(await sessionsBlockedBy(lockedRow)).toBe(0);
        },
        { timeout: 10_000, interval: 100 },
      );
      await lockedRow.query('rollback');
    }
    await answer;
  }

  async function lockPayment(paymentId: string): Promise<pg.Client> {
    if (t.target.kind !== 'postgres') throw new Error('PostgreSQL only');
    const client = new pg.Client({ connectionString: t.target.url });
    await client.connect();
    await client.query('begin');
    await client.query('select id from payments where id = $1 for update', [paymentId]);
    return client;
  }

  const as = (user: TestUser, json = true) => ({ ...(json ? { 'content-type': 'application/json' } : {}), cookie: user.cookie, origin: TEST_ORIGIN });

  it('finishes a cancellation the provider refunded before the server died, without a second refund', { timeout: 120_000 }, async () => {
    const room = await listRoom(t, host, { title: 'Refund window loft', from: day(1), to: day(30) });
    const stay = await bookStay(t, guest, { roomId: room._id, from: day(4), to: day(6) });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, stay.transactionId));
    const lock = await lockPayment(payment!.id);
    await killWhileBlocked(lock, (base) => fetch(`${base}/api/booking/${stay._id}`, { method: 'DELETE', headers: as(guest, false) }));
    await lock.end();

    // The provider refunded; our records still say confirmed, with the request written down.
    const [intent] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, stay.transactionId));
    expect(intent!.amountRefundedCents).toBe(stay.priceCents);
    const [before] = await t.database.db.select().from(bookings).where(eq(bookings.id, stay._id));
    expect(before).toMatchObject({ status: 'confirmed', cancelRequestedBy: 'guest' });

    await Promise.all([t.clearMail(), other.clearMail()]);
    const swept = await other.app.paymentSweeper.sweep({ now: new Date(Date.now() + CANCEL_GRACE_MS + 1_000) });
    expect(swept).toMatchObject({ refunded: 1, failed: 0 });
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, stay._id));
    expect(after).toMatchObject({ status: 'cancelled' });
    expect(await t.database.db.select({ status: payments.status, refundedCents: payments.refundedCents }).from(payments).where(eq(payments.id, payment!.id))).toEqual([
      { status: 'refunded', refundedCents: stay.priceCents },
    ]);
    const refunds = await t.database.db.select().from(testPaymentEvents).where(eq(testPaymentEvents.intentId, stay.transactionId));
    expect(refunds.filter((e) => e.type === 'charge.refunded')).toHaveLength(1);
    expect((await mailOfBoth()).map((m) => m.to).sort()).toEqual([guest.email, host.email].sort());
    // The nights are free again on both servers.
    const availability = (await other.call('GET', `/api/room/${room._id}/availability`)).json() as { taken: unknown[] };
    expect(availability.taken).toEqual([]);
  });

  it('books a card the processor held while the server died before recording it, when the guest tries again', { timeout: 120_000 }, async () => {
    const room = await listRoom(t, host, { title: 'Held card cottage', from: day(1), to: day(30) });
    const intent = await startPayment(t, guest, { roomId: room._id, from: day(8), to: day(10) });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intent.paymentIntentId));
    const lock = await lockPayment(payment!.id);
    const confirm = (base: string) =>
      fetch(`${base}/api/test-processor/confirm`, {
        method: 'POST',
        headers: as(guest),
        body: JSON.stringify({ clientSecret: intent.clientSecret, card: testCard() }),
      });
    await killWhileBlocked(lock, confirm);
    await lock.end();
    const [held] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.paymentIntentId));
    expect(held!.status).toBe('requires_capture');
    expect((await t.database.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!.status).toBe('requires_payment');

    // The guest's retry, on the other server: the hold is found, and the booking is made at once.
    await Promise.all([t.clearMail(), other.clearMail()]);
    const retry = await other.call('POST', '/api/test-processor/confirm', { as: guest, body: { clientSecret: intent.clientSecret, card: testCard() } });
    expect(retry.statusCode, retry.body).toBe(200);
    const booked = await other.call('POST', '/api/booking', { as: guest, body: { paymentIntentId: intent.paymentIntentId } });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(bookingSchema.parse(booked.json())).toMatchObject({ status: 'confirmed', from: day(8), to: day(10) });
    expect((await mailOfBoth()).map((m) => m.to).sort()).toEqual([guest.email, host.email].sort());
    const captured = await t.database.db.select().from(testPaymentEvents).where(eq(testPaymentEvents.intentId, intent.paymentIntentId));
    expect(captured.filter((e) => e.type === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('tells the other server about a booking when it commits, and heals a notice that never arrived', { timeout: 60_000 }, async () => {
    const room = await listRoom(t, host, { title: 'Notice house', from: day(1), to: day(3) });
    const seen = async () => roomSchema.parse((await other.call('GET', `/api/room/${room._id}`)).json());
    expect(await seen()).toMatchObject({ booked: false, to: day(3) });

    // NOTIFY inside the booking's transaction reaches the other server with the commit.
    const heard = other.app.listing.nextRemoteInvalidation();
    await bookStay(t, guest, { roomId: room._id, from: day(1), to: day(3) });
    await heard;
    expect(await seen()).toMatchObject({ booked: true });

    // A change whose notice was lost (logged, never NOTIFYed): the other server's next version check drops it.
    await t.database.db.execute(sql`update rooms set available_to = ${day(5)} where id = ${room._id}`);
    await t.database.db.execute(sql`insert into listing_changes (room_id) values (${room._id})`);
    expect(await seen()).toMatchObject({ booked: true, to: day(3) });
    await other.app.listing.checkVersion();
    expect(await seen()).toMatchObject({ booked: false, to: day(5) });
  });
});
