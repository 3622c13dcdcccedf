import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '@staybook/domain';
import { bookings, jobs } from '../../db/schema.js';
import { openDatabase } from '../../db/client.js';
import { confirmCard, startPayment } from '../../test/bookings.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { listRoom } from '../../test/rooms.js';
import { startServer, type RunningServer } from '../../test/server-process.js';
import { startSmtpStandIn, type SmtpStandIn } from '../../test/smtp-stand-in.js';
import { createTestApp, TEST_ORIGIN, TEST_AUTH_SECRET, type TestApp } from '../../test/test-app.js';
import { messageIdFor } from './jobs.js';

/**
 * The outbox across a crash, with the real server process: a booking commits with its two mails in the
 * outbox, the server is killed (SIGKILL) while the first mail is in flight to an SMTP server that does not
 * answer, and a restarted server delivers each mail exactly once.
 */
describe.each(TEST_DATABASE_KINDS)('the outbox when the server is killed on %s', (kind) => {
  let t: TestApp | null = null;
  let smtp: SmtpStandIn | null = null;
  const servers: RunningServer[] = [];

  afterEach(async () => {
    for (const server of servers) if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
    await smtp?.close();
    await t?.cleanup().catch(() => {});
  });

  it('delivers the mail of a booking committed before a kill -9 once, after the restart', { timeout: 180_000 }, async () => {
    t = await createTestApp(kind);
    const host = await t.signUp({ role: 'host' });
    const guest = await t.signUp();
    const room = await listRoom(t, host, { title: 'Crash-proof cabin', from: addDays(todayIso(), 1), to: addDays(todayIso(), 30) });
    const intent = await startPayment(t, guest, { roomId: room._id, from: addDays(todayIso(), 3), to: addDays(todayIso(), 5) });
    expect((await confirmCard(t, intent)).statusCode).toBe(200);
    // The server process takes over the database from here.
    await t.app.close();
    if (kind === 'pglite') await t.database.close();

    smtp = await startSmtpStandIn('stall');
    const env = {
      ...(t.target.kind === 'postgres' ? { DATABASE_URL: t.target.url } : {}),
      DATA_DIR: t.dataDir,
      SMTP_URL: smtp.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_RATE_LIMIT: '0',
      PAYMENT_RATE_LIMIT: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    };
    const first = await startServer(env);
    servers.push(first);
    const inFlight = smtp.stalled();
    const booked = await fetch(`${first.url}/api/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: guest.cookie, origin: TEST_ORIGIN },
      body: JSON.stringify({ paymentIntentId: intent.paymentIntentId }),
    });
    expect(booked.status).toBe(201);
    const bookingId = ((await booked.json()) as { _id: string })._id;
    // The booking committed; its first mail is on its way to a server that never greets.
    await inFlight;
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    expect(smtp.received).toHaveLength(0);

    smtp.setMode('accept');
    const second = await startServer(env);
    servers.push(second);
    await vi.waitFor(() => expect(smtp!.received).toHaveLength(2), { timeout: 60_000, interval: 200 });
    await second.stop();

    expect(smtp.received.map((m) => m.to).sort()).toEqual([guest.email, host.email].sort());
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual(
      [`mail:booking-confirmed:${bookingId}:guest`, `mail:booking-confirmed:${bookingId}:host`].map(messageIdFor).sort(),
    );
    const database = await openDatabase(t.target);
    try {
      expect(await database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId))).toEqual([{ status: 'confirmed' }]);
      const outbox = await database.db.select({ key: jobs.key, status: jobs.status }).from(jobs);
      expect(outbox.filter((j) => j.key.startsWith('mail:') && j.key.includes(bookingId)).map((j) => j.status)).toEqual(['done', 'done']);
    } finally {
      await database.close();
    }
    // Nothing more arrived while the second server ran on.
    expect(smtp.received).toHaveLength(2);
  });
});
