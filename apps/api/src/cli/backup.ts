import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { BackupError, backupDataDir, restoreDataDir } from './backups.js';
import { runAsCommand } from './operator-command.js';

/**
 * `npm run backup -- [directory]` copies the data directory (DATA_DIR) into a new directory, by default
 * `backups/staybook-<time>`; `npm run restore -- <directory>` puts one back into an empty data directory. Both
 * refuse while a server runs on the data directory: stop it first.
 */
async function main([command, path]: string[]): Promise<number> {
  const config = loadConfig();
  const database = config.databaseUrl ? 'postgres' : 'pglite';
  if (command === 'backup') {
    const out = resolve(path ?? `backups/staybook-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}`);
    await backupDataDir({ dataDir: config.dataDir, out, database });
    console.log(`Backed up ${config.dataDir} to ${out}.`);
    if (database === 'postgres') {
      console.log('The database is a PostgreSQL server: back it up with pg_dump as well (README, Operating).');
    }
    return 0;
  }
  if (command === 'restore' && path) {
    const manifest = await restoreDataDir({ from: resolve(path), dataDir: config.dataDir });
    console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}.`);
    if (manifest.database === 'postgres') console.log('Its database was a PostgreSQL server: restore it with pg_restore (README, Operating).');
    return 0;
  }
  console.error('Usage: npm run backup -- [directory]   or   npm run restore -- <directory>');
  return 2;
}

runAsCommand(main, [BackupError]);
