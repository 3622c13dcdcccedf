import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from './client.js';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How many migrations the database has recorded as applied (drizzle's own table). */
async function appliedMigrations(database: Database): Promise<number> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const [exists] = await rows<{ found: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return 0;
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row?.n ?? 0;
}

/**
 * Applies the committed migrations that have not run yet; the same files serve both engines. Answers how
 * many it applied. Servers sharing a PostgreSQL database call it under the start-up lock (startup-lock.ts).
 */
export async function migrateDatabase(database: Database): Promise<number> {
  const before = await appliedMigrations(database);
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
  return (await appliedMigrations(database)) - before;
}
