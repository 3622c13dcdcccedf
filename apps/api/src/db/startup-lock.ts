import pg from 'pg';
import type { DatabaseTarget } from './client.js';

/**
 * Held from before the migrations until the demo seed is done. Not the seed's own transaction lock (7316),
 * which another connection of the same server takes while this one is held.
 */
const STARTUP_LOCK = 7315;

/**
 * Runs the start-up work that must happen once per database (migrations, the demo seed) under a PostgreSQL
 * advisory lock, so servers starting at the same moment take turns: the first migrates and seeds, the next
 * ones find nothing left to do. The lock lives on a connection of its own and dies with it, so a server
 * that crashes half-way never leaves the others waiting. The embedded database needs none: one process
 * holds it (the data-directory lock).
 */
export async function withStartupLock<T>(target: DatabaseTarget, work: () => Promise<T>): Promise<T> {
  if (target.kind !== 'postgres') return work();
  const client = new pg.Client({ connectionString: target.url });
  // A lost connection surfaces as the failure of the query waiting on it, not as a crash of the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}
