import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.js';

/**
 * Race tests on PostgreSQL hold a lock on one connection (`holder`) while the code under test runs on another, to
 * prove the code waits for it. These helpers read the wait from the server (pg_blocking_pids), not from a clock.
 */

/**
 * How many sessions are waiting, right now, for a lock `holder`'s session holds. The holder is usually inside a
 * transaction, where PostgreSQL keeps the first reading of pg_stat_activity for the whole transaction: the snapshot is
 * cleared first, or a session that began waiting after the first question would never be seen.
 */
export async function sessionsBlockedBy(holder: pg.Client): Promise<number> {
  await holder.query('select pg_stat_clear_snapshot()');
  const { rows } = await holder.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))');
  return rows[0]!.n;
}

/**
 * Resolves once some session waits for a lock `holder` holds; throws if `pending`, the work expected to wait, settles
 * first. While the holder keeps its lock, work that waits for it cannot settle, so settling first means it never
 * waited: the race the test is named for did not happen, and the test must fail rather than go on. No time limit of
 * its own: work that neither waits nor settles hangs until the test's timeout fails it.
 */
export async function untilBlockedBy(holder: pg.Client, pending: Promise<unknown>): Promise<void> {
  let settled = false;
  pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (;;) {
    // Read before asking the server: if it had settled before the question and nobody waits, it never waited.
    const settledBefore = settled;
    if ((await sessionsBlockedBy(holder)) > 0) return;
    if (settledBefore) throw new Error('The work under test finished without waiting for the lock the test holds, so the race was never run.');
    await sleep(10);
  }
}

/**
 * Makes the test database's backends give up a statement whose client is gone (checked every 100 ms): by default a
 * backend finishes what it waited for once the lock is free, for a client that died, and a crash test's process would
 * not be wholly dead.
 */
export async function abandonDeadClientsStatements(db: Db): Promise<void> {
  await db.execute(sql.raw(`do $$ begin execute format('alter database %I set client_connection_check_interval = %L', current_database(), '100ms'); end $$`));
}
