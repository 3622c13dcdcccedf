import cluster from 'node:cluster';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseTarget, openDatabase, type Database } from './db/client.js';
import { DataDirInUseError, lockDataDir, type DataDirLock } from './db/data-dir-lock.js';
import { migrateDatabase } from './db/migrate.js';
import { findDemoAccountsWithPublishedPasswords, seedDemoData } from './seed/seed.js';
import { withStartupLock } from './db/startup-lock.js';
import { openConfiguredImageStore } from './integrations/images/configured-store.js';
import { localUploadsDir } from './integrations/images/image-store.js';
import { ImageBucketError } from './integrations/images/s3-files.js';
import { RedisUnavailableError } from './integrations/redis/redis.js';
import { resolveAuthSecret } from './modules/auth/auth-secret.js';
import { gazetteer } from './modules/places/gazetteer.js';
import { superviseServerProcesses } from './server-processes.js';

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

/** Start-up failures an operator fixes in the settings: their message says which, without a stack. */
function describeStartupError(err: unknown): unknown {
  if (err instanceof DataDirInUseError) return `${err.message} Stop it first, or set DATA_DIR.`;
  if (err instanceof ImageBucketError || err instanceof RedisUnavailableError) return err.message;
  return err;
}

/**
 * With SERVER_PROCESSES above one, this process holds the data directory and starts the server processes, which
 * share its port (server-processes.ts).
 */
async function superviseProcesses(config: Config): Promise<void> {
  let lock: DataDirLock;
  try {
    lock = await lockDataDir(config.dataDir);
  } catch (err) {
    console.error(describeStartupError(err));
    process.exit(1);
  }
  console.log(`Starting ${config.serverProcesses} server processes on port ${config.port}.`);
  // Each runs this file (`npm start` loads it from scripts/start.mjs, which would check the build again).
  superviseServerProcesses(config.serverProcesses, { entry: fileURLToPath(import.meta.url), onExit: () => lock.release() });
}

async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isPrimary && config.serverProcesses > 1) return superviseProcesses(config);
  let lock: DataDirLock | null = null;
  let database: Database | null = null;
  let app: FastifyInstance;
  try {
    // One of several server processes: the process that started it holds the data directory.
    if (cluster.isPrimary) lock = await lockDataDir(config.dataDir);
    if (!config.s3) await mkdir(localUploadsDir(config.dataDir), { recursive: true });
    database = await openDatabase(databaseTarget(config));
    const imageStore = await openConfiguredImageStore(config);
    const db = database;
    // Servers starting together on one PostgreSQL database take turns here: one migrates and seeds, the others find it done.
    app = await withStartupLock(databaseTarget(config), async () => {
      const applied = await migrateDatabase(db);
      const authSecret = await resolveAuthSecret(config.authSecret, { database: db, dataDir: config.dataDir });
      const built = await buildApp({ config, database: db, authSecret, imageStore });
      built.log.info(applied > 0 ? `Applied ${applied} database migrations.` : 'The database schema is up to date.');
      if (config.seedDemo) {
        await seedDemoData(db.db, imageStore, built.log);
        await built.listing.roomsChanged();
      }
      return built;
    });
  } catch (err) {
    await database?.close().catch(() => {});
    await lock?.release();
    console.error(describeStartupError(err));
    process.exit(1);
  }
  if (config.env === 'production') {
    const open = await findDemoAccountsWithPublishedPasswords(database.db);
    if (open.length > 0) {
      app.log.warn(
        `WARNING: DEMO ACCOUNTS IN PRODUCTION. ${open.join(', ')} sign in with the passwords the README publishes, ` +
          'and one may be an admin. Delete these accounts or change their passwords now, and leave SEED_DEMO unset.',
      );
    }
    if (!config.stripe) {
      app.log.warn(
        'WARNING: TEST PAYMENTS IN PRODUCTION (TEST_PAYMENTS=1). The built-in test processor takes the cards: no money ' +
          'moves, and card numbers typed into the booking form reach this server. Set STRIPE_SECRET_KEY and ' +
          'STRIPE_PUBLISHABLE_KEY to take payments.',
      );
    }
  }

  // A second signal while closing means 'stop now', unless it is the same stop delivered twice: under `npm start`
  // the terminal's Ctrl-C (or a stop sent to the whole process group) reaches this process and npm alike, and npm
  // passes on what it gets (scripts/start.mjs), within moments. A person's second Ctrl-C comes later than that.
  const SAME_STOP_MS = 1_000;
  let closingSince: number | undefined;
  const shutdown = async (signal: string) => {
    if (closingSince !== undefined) {
      if (performance.now() - closingSince < SAME_STOP_MS) return;
      app.log.warn(`${signal} again: exiting now.`);
      process.exit(1);
    }
    closingSince = performance.now();
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
  // The gazetteer takes about a second to read: read it now, so the first search near a place does not wait for it.
  gazetteer().catch((err: unknown) => app.log.error({ err }, 'The gazetteer could not be read; searches near a place will fail.'));
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const images = config.s3 ? `bucket ${config.s3.bucket}` : 'local disk';
  const limits = config.redis ? 'shared in Redis' : 'per process';
  const serving = cluster.isWorker ? `, process ${cluster.worker?.id} of ${config.serverProcesses}` : '';
  app.log.info(
    `StayBook is ready at http://${shown}:${config.port}${serving} (database: ${database.kind}${config.databaseReplicaUrl ? ' with a read replica' : ''}, data: ${config.dataDir}, images: ${images}, rate limits: ${limits})`,
  );
}

void main().catch((err: unknown) => {
  console.error('The server could not start:', err);
  process.exit(1);
});
