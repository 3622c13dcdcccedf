import { mkdir } from 'node:fs/promises';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseTarget, openDatabase, type Database } from './db/client.js';
import { DataDirInUseError, lockDataDir, type DataDirLock } from './db/data-dir-lock.js';
import { migrateDatabase } from './db/migrate.js';
import { findDemoAccountsWithPublishedPasswords, seedDemoData } from './db/seed.js';
import { createLocalImageStore, localUploadsDir } from './integrations/images/image-store.js';
import { resolveAuthSecret } from './modules/auth/auth-secret.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  let lock: DataDirLock | null = null;
  let database: Database | null = null;
  try {
    lock = await lockDataDir(config.dataDir);
    await mkdir(localUploadsDir(config.dataDir), { recursive: true });
    database = await openDatabase(databaseTarget(config));
    await migrateDatabase(database);
  } catch (err) {
    await lock?.release();
    console.error(err instanceof DataDirInUseError ? `${err.message} Stop it first, or set DATA_DIR.` : err);
    process.exit(1);
  }

  const imageStore = createLocalImageStore(config.dataDir);
  const authSecret = await resolveAuthSecret(config.authSecret, config.dataDir);
  const app = await buildApp({ config, database, authSecret, imageStore });
  if (config.seedDemo) {
    await seedDemoData(database.db, imageStore, app.log);
    await app.listing.roomsChanged();
  }
  if (config.env === 'production') {
    const open = await findDemoAccountsWithPublishedPasswords(database.db);
    if (open.length > 0) {
      app.log.warn(
        `WARNING: DEMO ACCOUNTS IN PRODUCTION. ${open.join(', ')} sign in with the passwords the README publishes, ` +
          'and one may be an admin. Delete these accounts or change their passwords now, and leave SEED_DEMO unset.',
      );
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now.`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing the database.`);
    try {
      await app.close();
      await database.close();
    } finally {
      await lock?.release();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`StayBook is ready at http://${shown}:${config.port} (database: ${database.kind}, data: ${config.dataDir})`);
}

void main().catch((err: unknown) => {
  console.error('The server could not start:', err);
  process.exit(1);
});
