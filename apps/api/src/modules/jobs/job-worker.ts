import { sql } from 'drizzle-orm';
import { preparedSql, queryRows, type Db } from '../../db/client.js';
import type { JobKind, JobPayloads } from './jobs.js';
import { withRequestId } from '../../request-context.js';
import type { Log } from '../../log.js';
import type { ProcessPart } from '../../periodic.js';

/** How often a worker looks for due jobs when nothing told it about a new one. */
export const JOB_POLL_MS = 2_000;
/**
 * A worker holds a job it runs for this long and renews the hold while the job runs, so a worker that dies
 * (kill -9, a lost machine) lets go within this time and another worker, or the restarted one, takes the job.
 */
export const JOB_LEASE_MS = 15_000;
const LEASE_RENEW_MS = 5_000;
/** Attempts before a job is marked failed: the backoff below spreads them over more than two days. */
export const JOB_MAX_ATTEMPTS = 25;
const BATCH = 10;
/** Done jobs are kept this long (their keys keep a late duplicate from running again), then deleted. */
const DONE_KEPT_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** The wait before attempt `attempts + 1`: 5 s, 10 s, 20 s… doubling up to 4 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 4 * 60 * 60_000);
}

export type JobHandlers = { [K in JobKind]: (payload: JobPayloads[K], job: { key: string; attempts: number }) => Promise<void> };

/** Jobs that ran. Their payloads go: a mail can hold a link that signs someone in. */
const markDone = preparedSql(
  'jobs_done',
  sql`update jobs set status = 'done', payload = null, locked_until = null, last_error = null, finished_at = now()
    where id = any(${sql.placeholder('ids')}::bigint[])`,
);

/** A batch's jobs still pending and held, held for another lease. */
const renewHold = preparedSql(
  'jobs_hold_renewed',
  sql`update jobs set locked_until = now() + ${`${JOB_LEASE_MS} milliseconds`}::interval
    where id = any(${sql.placeholder('ids')}::bigint[]) and status = 'pending' and locked_until is not null`,
);

/** Job ids as one `bigint[]` parameter. */
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

type ClaimedJob = { id: number; key: string; kind: JobKind; payload: unknown; attempts: number; requestId: string | null };

export type PassResult = { done: number; retried: number; failed: number };

export type JobWorker = ProcessPart & {
  /**
   * Waits for the pass in progress, then runs the jobs due at `now` (default: the database's clock), batch after
   * batch, until none is left (tests: every job written so far has been tried).
   */
  runDue(options?: { now?: Date }): Promise<PassResult>;
  /** A change just committed a job: look now rather than at the next poll. */
  kick(): void;
};

/**
 * Runs the outbox's jobs: claims due rows (`FOR UPDATE SKIP LOCKED`, so several servers never take the same
 * job), runs each through its handler, and marks it done, or due again after a backoff, or failed after
 * JOB_MAX_ATTEMPTS. One pass at a time per lane and process; jobs in a pass run in the order they were written.
 */
export function createJobWorker({
  db,
  handlers,
  log,
  ownsDatabase,
  pollMs = JOB_POLL_MS,
  lanes = [null],
}: {
  db: Db;
  handlers: JobHandlers;
  log: Log;
  /** The embedded database belongs to this process alone: any hold left in it is a dead process's. */
  ownsDatabase: boolean;
  pollMs?: number;
  /**
   * The kinds of job each lane runs (null: every kind). Each lane claims and runs its own jobs, beside the others:
   * a slow job in one lane never keeps another lane's jobs waiting.
   */
  lanes?: readonly (readonly JobKind[] | null)[];
}): JobWorker {
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let lastPrune = 0;

  /** The moment a pass runs at: the database's clock, unless a test names one. */
  const at = (now: Date | undefined) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

  async function claim(kinds: readonly JobKind[] | null, now: Date | undefined): Promise<ClaimedJob[]> {
    const claimed = await queryRows<ClaimedJob>(
      db,
      sql`
        update jobs set locked_until = ${at(now)} + ${`${JOB_LEASE_MS} milliseconds`}::interval, attempts = attempts + 1
        where id in (
          select id from jobs
          where status = 'pending' and run_at <= ${at(now)}
            and (locked_until is null or locked_until <= ${at(now)})
            ${kinds ? sql`and kind = any(${`{${kinds.join(',')}}`}::text[])` : sql``}
          order by run_at, id
          limit ${BATCH}
          for update skip locked)
        returning id, key, kind, payload, attempts, request_id as "requestId"`,
    );
    return claimed.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /**
   * Keeps the hold on a batch's jobs, those waiting their turn and those run but not yet marked, until each is
   * marked done, due again or failed: a batch whose mails are slow to send never lets another worker take one of
   * them meanwhile.
   */
  function holdBatch(batch: ClaimedJob[]): () => void {
    const ids = batch.map((job) => job.id);
    const renew = setInterval(() => {
      renewHold(db)
        .execute({ ids: idArray(ids) })
        .catch((err: unknown) => log.warn({ err, jobIds: ids }, 'could not renew the hold on a batch of jobs'));
    }, LEASE_RENEW_MS);
    renew.unref();
    return () => clearInterval(renew);
  }

  /** Runs one job: true when it is done (marked with its batch), false when it was marked due again or failed. */
  async function runOne(job: ClaimedJob, now: Date | undefined, result: PassResult): Promise<boolean> {
    const handler = handlers[job.kind] as ((payload: unknown, job: { key: string; attempts: number }) => Promise<void>) | undefined;
    try {
      if (!handler) throw new Error(`No handler for jobs of kind '${job.kind}'`);
      // As part of the request that queued it: what the handler queues in turn names that request too.
      await withRequestId(job.requestId, () => handler(job.payload, { key: job.key, attempts: job.attempts }));
      result.done += 1;
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempts >= JOB_MAX_ATTEMPTS) {
        result.failed += 1;
        log.error({ err, jobKey: job.key, attempts: job.attempts, reqId: job.requestId }, 'a job failed for good; it stays in the outbox as failed');
        await db.execute(sql`
          update jobs set status = 'failed', locked_until = null, last_error = ${message}, finished_at = now() where id = ${job.id}`);
      } else {
        result.retried += 1;
        const delay = retryDelayMs(job.attempts);
        log.warn({ err, jobKey: job.key, attempts: job.attempts, retryInMs: delay, reqId: job.requestId }, 'a job failed; it will be tried again');
        await db.execute(sql`
          update jobs set run_at = ${at(now)} + ${`${delay} milliseconds`}::interval, locked_until = null, last_error = ${message}
          where id = ${job.id}`);
      }
      return false;
    }
  }

  /**
   * Runs a batch in order, then marks the jobs that ran done in one statement (a statement per mail was a tenth
   * of a booking's round trips). A process killed mid-batch has its batch's sent mails sent again once their hold
   * lapses, each with the same Message-ID (docs/decisions/025-outbox.md).
   */
  async function runBatch(batch: ClaimedJob[], now: Date | undefined, result: PassResult): Promise<void> {
    const release = holdBatch(batch);
    const done: number[] = [];
    try {
      for (const job of batch) if (await runOne(job, now, result)) done.push(job.id);
    } finally {
      // The hold stops first, so a failed mark leaves no timer behind: the batch's last renewal keeps it for
      // at least 10 s more, and a mark that fails lets it lapse (those mails are sent again, as after a crash).
      release();
      if (done.length > 0) await markDone(db).execute({ ids: idArray(done) });
    }
  }

  async function prune(): Promise<void> {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await db.execute(sql`delete from jobs where status = 'done' and finished_at < now() - ${`${DONE_KEPT_MS} milliseconds`}::interval`);
  }

  /** One lane: its passes, one at a time. */
  function lane(kinds: readonly JobKind[] | null) {
    let running: Promise<PassResult> | null = null;
    let again = false;

    async function pass(now: Date | undefined): Promise<PassResult> {
      const result: PassResult = { done: 0, retried: 0, failed: 0 };
      for (;;) {
        const batch = await claim(kinds, now);
        if (batch.length === 0) break;
        await runBatch(batch, now, result);
        if (batch.length < BATCH) break;
      }
      await prune();
      return result;
    }

    function runPass(now?: Date): Promise<PassResult> {
      const started = pass(now).finally(() => {
        if (running === started) running = null;
      });
      running = started;
      return started;
    }

    function tick(): void {
      if (running) {
        again = true;
        return;
      }
      void runPass()
        .catch((err: unknown) => log.error({ err, kinds }, 'the job worker could not run its jobs'))
        .finally(() => {
          if (again && !stopped) {
            again = false;
            tick();
          }
        });
    }

    async function idle(): Promise<void> {
      while (running) await running.catch(() => {});
    }

    return {
      tick,
      idle,
      async runDue(now: Date | undefined) {
        await idle();
        return runPass(now);
      },
    };
  }

  const laneRuns = lanes.map(lane);
  const tick = () => {
    for (const each of laneRuns) each.tick();
  };

  return {
    async runDue({ now } = {}) {
      const total: PassResult = { done: 0, retried: 0, failed: 0 };
      // One lane after the other: a test reads what ran in the order the lanes are named.
      for (const each of laneRuns) {
        const result = await each.runDue(now);
        total.done += result.done;
        total.retried += result.retried;
        total.failed += result.failed;
      }
      return total;
    },
    kick() {
      if (!stopped) setImmediate(tick);
    },
    async start() {
      if (ownsDatabase) {
        // Holds left by this database's previous process, which is gone: its jobs are due again now.
        await db.execute(sql`update jobs set locked_until = null where status = 'pending' and locked_until is not null`);
      }
      stopped = false;
      timer ??= setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      for (const each of laneRuns) await each.idle();
    },
  };
}
