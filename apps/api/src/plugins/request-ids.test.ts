import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema.js';
import { createJobWorker } from '../modules/jobs/job-worker.js';
import { enqueueMail } from '../modules/jobs/jobs.js';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../test/databases.js';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app.js';
import { handlersWithMail } from '../test/job-handlers.js';
import { currentRequestId, withRequestId } from '../request-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(TEST_DATABASE_KINDS)('request ids on %s', (kind) => {
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    direct = await createTestApp(kind);
    // One proxy of ours in front: what it sends is believed.
    proxied = await createTestApp(kind, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('answers every request with an id of its own, errors included', async () => {
    const first = await direct.app.inject({ method: 'GET', url: '/api/rooms' });
    const second = await direct.app.inject({ method: 'GET', url: '/api/room/not-a-room' });
    expect(second.statusCode).toBe(400);
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("keeps the id a trusted proxy sent, and draws its own when nobody is trusted or the id is not plausible", async () => {
    const sent = (app: TestApp, id: string) => app.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect((await sent(proxied, 'edge-7f3a.42:1')).headers['x-request-id']).toBe('edge-7f3a.42:1');
    expect((await sent(direct, 'edge-7f3a.42:1')).headers['x-request-id']).toMatch(UUID);
    for (const implausible of ['two words', 'a'.repeat(129), 'line\u2028break', '']) {
      expect((await sent(proxied, implausible)).headers['x-request-id'], JSON.stringify(implausible)).toMatch(UUID);
    }
  });

  it('gives the jobs a request queues its id, so the worker’s lines about them name it', async () => {
    const user = await proxied.signUp();
    const asked = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { 'x-request-id': 'reset-request-1', origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: user.email, redirectTo: `${TEST_ORIGIN}/reset-password` },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // The mail is queued just after the answer.
    await vi.waitFor(async () => {
      const [job] = await proxied.database.db.select().from(jobs).where(eq(jobs.kind, 'mail')).orderBy(desc(jobs.id)).limit(1);
      expect(job?.requestId).toBe('reset-request-1');
    });
  });

  it('runs a job as part of the request that queued it, and names it on the lines about a failure', async () => {
    // A database of its own: no app's worker may take the job first.
    const database = await createTestDatabase(kind);
    const db = database.database.db;
    await withRequestId('queued-by-r1', () => enqueueMail(db, 'request-ids-test', { to: 'a@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' }));
    const lines: { level: string; obj: object }[] = [];
    const record = (level: string) => (obj: object) => lines.push({ level, obj });
    let during: string | null = null;
    const worker = createJobWorker({
      db,
      handlers: handlersWithMail(db, async () => {
        during = currentRequestId();
        throw new Error('the mail server is away');
      }),
      log: { info: record('info'), warn: record('warn'), error: record('error') },
      ownsDatabase: false,
    });
    await worker.runDue();
    expect(during).toBe('queued-by-r1');
    expect(lines.find((line) => line.level === 'warn')?.obj).toMatchObject({ reqId: 'queued-by-r1', jobKey: 'mail:request-ids-test' });
    await database.cleanup();
  });
});
