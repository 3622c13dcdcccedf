import { sql } from 'drizzle-orm';
import { preparedSql, queryRows, type Db } from '../../db/client.js';
import type { JobKind, JobLane, JobPayloads } from './jobs.js';
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
/** Strings as one `text[]` parameter, each quoted. */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Whom a job is for, in a lane that takes turns by person: its payload's owner, else (a job written before it named one) itself. */
const partyOfJob = sql`coalesce(payload->>'ownerId', 'job:' || id)`;

type ClaimedJob = { id: number; key: string; kind: JobKind; payload: unknown; attempts: number; requestId: string | null; party: string };

export type PassResult = { done: number; retried: number; failed: number };
const noneRun = (): PassResult => ({ done: 0, retried: 0, failed: 0 });

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
  lanes = [{ kinds: null }],
}: {
  db: Db;
  handlers: JobHandlers;
  log: Log;
  /** The embedded database belongs to this process alone: any hold left in it is a dead process's. */
  ownsDatabase: boolean;
  pollMs?: number;
  /**
   * The kinds of job each lane runs (null: every kind), and how many at once (JobLane). Each lane claims and runs
   * its own jobs, beside the others: a slow job in one lane never keeps another lane's jobs waiting.
   */
  lanes?: readonly JobLane[];
}): JobWorker {
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let lastPrune = 0;

  /** The moment a pass runs at: the database's clock, unless a test names one. */
  const at = (now: Date | undefined) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

  /** Due jobs of `kinds`, held for this worker: a batch, or one job of someone not in `busy` (a lane that takes turns). */
  async function claim(kinds: readonly JobKind[] | null, now: Date | undefined, busy?: ReadonlySet<string>): Promise<ClaimedJob[]> {
    const claimed = await queryRows<ClaimedJob>(
      db,
      sql`
        update jobs set locked_until = ${at(now)} + ${`${JOB_LEASE_MS} milliseconds`}::interval, attempts = attempts + 1
        where id in (
          select id from jobs
          where status = 'pending' and run_at <= ${at(now)}
            and (locked_until is null or locked_until <= ${at(now)})
            ${kinds ? sql`and kind = any(${`{${kinds.join(',')}}`}::text[])` : sql``}
            ${busy && busy.size > 0 ? sql`and ${partyOfJob} <> all(${textArray([...busy])}::text[])` : sql``}
          order by run_at, id
          limit ${busy ? 1 : BATCH}
          for update skip locked)
        returning id, key, kind, payload, attempts, request_id as "requestId", ${partyOfJob} as party`,
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
  function lane({ kinds, parallel }: JobLane) {
    let running: Promise<PassResult> | null = null;
    let again = false;
    /** Told when a job may have come due while a pass takes turns, so a free slot takes it now. */
    let wake: (() => void) | null = null;

    /** Batch after batch, each in order, until none is left. */
    async function inOrder(now: Date | undefined): Promise<PassResult> {
      const result = noneRun();
      for (;;) {
        const batch = await claim(kinds, now);
        if (batch.length === 0) break;
        await runBatch(batch, now, result);
        if (batch.length < BATCH) break;
      }
      return result;
    }

    /**
     * Up to `width` jobs at once, one a person: a slot that frees takes the oldest due job of someone with none
     * running, until none is left and none is running. One person's slow receiver holds one slot, and their other
     * jobs wait their turn; a job written meanwhile (a kick, or the poll) takes a free slot at once.
     */
    async function takingTurns(now: Date | undefined, width: number): Promise<PassResult> {
      const result = noneRun();
      const busy = new Map<string, Promise<void>>();
      try {
        for (;;) {
          while (busy.size < width) {
            const [job] = await claim(kinds, now, new Set(busy.keys()));
            if (!job) break;
            const run = runBatch([job], now, result)
              .catch((err: unknown) => log.error({ err, jobKey: job.key }, 'the job worker could not finish a job; its hold lapses and it runs again'))
              .finally(() => busy.delete(job.party));
            busy.set(job.party, run);
          }
          if (busy.size === 0) break;
          await Promise.race([...busy.values(), new Promise<void>((resolve) => (wake = resolve))]);
          wake = null;
        }
      } finally {
        await Promise.all(busy.values());
      }
      return result;
    }

    async function pass(now: Date | undefined): Promise<PassResult> {
      const result = parallel && parallel > 1 ? await takingTurns(now, parallel) : await inOrder(now);
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
        wake?.();
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
      const total = noneRun();
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
