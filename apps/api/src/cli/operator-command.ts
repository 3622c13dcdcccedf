import type { Config } from '../config.js';
import { ConfigError } from '../config.js';
import { databaseTarget, openDatabase, type Database } from '../db/client.js';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.js';
import { migrateDatabase } from '../db/migrate.js';

/**
 * Runs an operator command's `main` and exits with its code. A refusal the operator can act on (a bad setting, a
 * server holding the data directory, or one of `explained`) is printed as one line; anything else with its stack.
 */
export function runAsCommand(main: (argv: string[]) => Promise<number>, explained: readonly (new (...args: never[]) => Error)[] = []): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof DataDirInUseError) console.error(`${err.message} Stop the server, then run this again.`);
      else if (err instanceof ConfigError || explained.some((kind) => err instanceof kind)) console.error((err as Error).message);
      else console.error(err);
      process.exit(1);
    },
  );
}

/**
 * The product's database, migrated, for the length of `work`: on the embedded database under the data directory's
 * lock, so a command never runs beside a server on it.
 */
export async function withOperatorDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const database = await openDatabase(databaseTarget(config));
  try {
    await migrateDatabase(database);
    return await work(database);
  } finally {
    await database.close();
    await lock?.release();
  }
}
