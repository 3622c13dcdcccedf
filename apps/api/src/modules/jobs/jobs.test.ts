import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, withTransaction, type Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { createMailer, type MailMessage } from '../../integrations/mail/mailer.js';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { handlersWithMail } from '../../test/job-handlers.js';
import { startSmtpStandIn, type SmtpStandIn } from '../../test/smtp-stand-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createJobWorker, JOB_MAX_ATTEMPTS, type JobWorker } from './job-worker.js';
import { enqueueMail, messageIdFor } from './jobs.js';

const quiet = { info() {}, warn() {}, error() {} };

function message(to: string, subject = 'Your stay is booked'): MailMessage {
  return { to, subject, text: 'See you soon.', html: '<p>See you soon.</p>' };
}

async function jobByKey(db: Db, key: string) {
  const [job] = await db.select().from(jobs).where(eq(jobs.key, `mail:${key}`));
  return job!;
}

describe.each(TEST_DATABASE_KINDS)('the outbox on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // These tests run the outbox with a worker of their own, sending over SMTP to the stand-in.
    await t.app.jobs.stop();
    smtp = await startSmtpStandIn();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'StayBook <no-reply@staybook.example>', dataDir: t.dataDir, log: quiet });
    worker = createJobWorker({ db: t.database.db, handlers: handlersWithMail(t.database.db, (m) => mailer.send(m)), log: quiet, ownsDatabase: false });
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('delays mail while the SMTP server refuses for ten minutes, and loses none', async () => {
    smtp.setMode('refuse');
    await enqueueMail(t.database.db, 'outage', message('outage@example.com'));
    // From the job's own due time: the database rounds it to the millisecond, which can put it just after Date.now().
    const start = (await jobByKey(t.database.db, 'outage')).runAt.getTime();
    let now = start;
    let tries = 0;
    while (now < start + 10 * 60_000) {
      expect(await worker.runDue({ now: new Date(now) })).toEqual({ done: 0, retried: 1, failed: 0 });
      tries += 1;
      const job = await jobByKey(t.database.db, 'outage');
      expect(job).toMatchObject({ status: 'pending', attempts: tries, lockedUntil: null });
      expect(job.lastError).toMatch(/421|not available/i);
      // Nothing runs before the backoff is over.
      expect(await worker.runDue({ now: new Date(job.runAt.getTime() - 1) })).toEqual({ done: 0, retried: 0, failed: 0 });
      now = job.runAt.getTime();
    }
    expect(smtp.received).toHaveLength(0);

    smtp.setMode('accept');
    expect(await worker.runDue({ now: new Date(now) })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(smtp.received.map(({ to, subject, messageId }) => ({ to, subject, messageId }))).toEqual([
      { to: 'outage@example.com', subject: 'Your stay is booked', messageId: messageIdFor('mail:outage') },
    ]);
    // Done, and what it carried (a mail may hold a sign-in link) is gone.
    expect(await jobByKey(t.database.db, 'outage')).toMatchObject({ status: 'done', payload: null, attempts: tries + 1 });
    expect(await worker.runDue({ now: new Date(now + 86_400_000) })).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await t.call('GET', '/api/health')).json()).toMatchObject({ failedJobs: 0 });
  });

  it('writes a job once per key, so a mail queued twice is sent once', async () => {
    smtp.setMode('accept');
    smtp.received.length = 0;
    await enqueueMail(t.database.db, 'twice', message('twice@example.com'));
    await withTransaction(t.database.db, (tx) => enqueueMail(tx, 'twice', message('twice@example.com', 'Another subject')));
    await worker.runDue();
    await enqueueMail(t.database.db, 'twice', message('twice@example.com'));
    await worker.runDue();
    expect(smtp.received.map((m) => m.subject)).toEqual(['Your stay is booked']);
  });

  it('marks a job failed after its last attempt, and operators see it in /api/health', async () => {
    smtp.setMode('refuse');
    await enqueueMail(t.database.db, 'doomed', message('doomed@example.com'));
    let now = (await jobByKey(t.database.db, 'doomed')).runAt.getTime();
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt += 1) {
      const result = await worker.runDue({ now: new Date(now) });
      expect(result).toEqual(attempt < JOB_MAX_ATTEMPTS ? { done: 0, retried: 1, failed: 0 } : { done: 0, retried: 0, failed: 1 });
      now = (await jobByKey(t.database.db, 'doomed')).runAt.getTime();
    }
    expect(await jobByKey(t.database.db, 'doomed')).toMatchObject({ status: 'failed', attempts: JOB_MAX_ATTEMPTS });
    expect((await t.call('GET', '/api/health')).json()).toMatchObject({ status: 'ok', failedJobs: 1 });
    // A failed job is not tried again.
    smtp.setMode('accept');
    smtp.received.length = 0;
    await worker.runDue({ now: new Date(now + 30 * 86_400_000) });
    expect(smtp.received.filter((m) => m.to === 'doomed@example.com')).toHaveLength(0);
  });

  it('never runs one job in two workers at once', async () => {
    smtp.setMode('accept');
    smtp.received.length = 0;
    const keys = Array.from({ length: 30 }, (_, i) => `together-${i}`);
    for (const key of keys) await enqueueMail(t.database.db, key, message(`${key}@example.com`));
    // On PostgreSQL the second worker has connections of its own, as a second server would.
    const second = kind === 'postgres' ? await openDatabase(t.target) : null;
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'StayBook <no-reply@staybook.example>', dataDir: t.dataDir, log: quiet });
    const other = createJobWorker({ db: second?.db ?? t.database.db, handlers: handlersWithMail(second?.db ?? t.database.db, (m) => mailer.send(m)), log: quiet, ownsDatabase: false });
    const [a, b] = await Promise.all([worker.runDue(), other.runDue()]);
    await second?.close();
    expect(a.done + b.done).toBe(30);
    expect(smtp.received.map((m) => m.to).sort()).toEqual(keys.map((k) => `${k}@example.com`).sort());
  });
  it("keeps a whole batch held while its mails are slow to send, so another worker takes none of them", { timeout: 60_000 }, async () => {
    const [slow, waiting] = ['held-slow', 'held-waiting'];
    await enqueueMail(t.database.db, slow, message(`${slow}@example.com`));
    await enqueueMail(t.database.db, waiting, message(`${waiting}@example.com`));
    const ranByOther: string[] = [];
    const second = kind === 'postgres' ? await openDatabase(t.target) : null;
    const other = createJobWorker({
      db: second?.db ?? t.database.db,
      handlers: handlersWithMail(second?.db ?? t.database.db, async (m) => void ranByOther.push(m.to)),
      log: quiet,
      ownsDatabase: false,
    });
    const ran: string[] = [];
    const first = createJobWorker({
      db: t.database.db,
      handlers: handlersWithMail(t.database.db, async (m) => {
          ran.push(m.to);
          if (m.to !== `${slow}@example.com`) return;
          // The first mail is slow: the batch's hold is renewed meanwhile, the waiting mail's too. Then another
          // worker looks after the hold the claim gave has lapsed, and finds the waiting mail still held.
          const claimedUntil = (await jobByKey(t.database.db, waiting)).lockedUntil!;
          for (let i = 0; i < 60; i += 1) {
            const heldUntil = (await jobByKey(t.database.db, waiting)).lockedUntil;
            if (heldUntil && heldUntil > claimedUntil) break;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          await other.runDue({ now: new Date(claimedUntil.getTime() + 1_000) });
      }),
      log: quiet,
      ownsDatabase: false,
    });
    await first.runDue();
    await second?.close();
    expect(ran).toEqual(expect.arrayContaining([`${slow}@example.com`, `${waiting}@example.com`]));
    expect(ranByOther).not.toContain(`${waiting}@example.com`);
    expect((await jobByKey(t.database.db, waiting)).status).toBe('done');
  });
});
