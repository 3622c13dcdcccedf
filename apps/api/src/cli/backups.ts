/*
 * Backups of the product's data directory: the embedded database, the uploaded images, the local outbox's mails and
 * the generated session secret, as one directory an operator can keep, archive or move (`npm run backup`,
 * `npm run restore`). A copy is consistent only while nothing writes: both refuse while a server holds the data
 * directory (its lock), and hold it themselves while they copy. A PostgreSQL server's database is backed up with
 * its own tools (pg_dump, README 'Operating'); the data directory's copy then holds the rest.
 */
import { cp, mkdir, readdir, rm, stat, writeFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lockDataDir } from '../db/data-dir-lock.js';

/** What a backup directory holds besides the copy: how to tell it is one, and of what. */
const MANIFEST = 'staybook-backup.json';
const COPY = 'data';
const LOCK_FILE = 'server.lock';

export class BackupError extends Error {
  override name = 'BackupError';
}

type Manifest = { format: 1; createdAt: string; database: 'pglite' | 'postgres' };

/** Copies `dataDir` into the new directory `out` (which must not exist yet). Answers what it wrote. */
export async function backupDataDir({ dataDir, out, database }: { dataDir: string; out: string; database: Manifest['database'] }): Promise<Manifest> {
  if (await exists(out)) throw new BackupError(`${out} already exists: name a new directory for the backup.`);
  if (!(await exists(dataDir))) throw new BackupError(`There is no data directory at ${dataDir} to back up.`);
  const lock = await lockDataDir(dataDir);
  try {
    await mkdir(out, { recursive: true });
    // Everything but the lock, which names this process.
    await cp(dataDir, join(out, COPY), { recursive: true, filter: (source) => source !== join(dataDir, LOCK_FILE) });
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database };
    await writeFile(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await lock.release();
  }
}

/**
 * Puts the backup in `from` back as `dataDir`. The data directory must be empty or absent: a restore never mixes a
 * backup with other data, and never overwrites data someone may still need (move it aside first).
 */
export async function restoreDataDir({ from, dataDir }: { from: string; dataDir: string }): Promise<Manifest> {
  const manifest = await readManifest(from);
  const present = (await exists(dataDir)) ? (await readdir(dataDir)).filter((name) => name !== LOCK_FILE) : [];
  const lock = await lockDataDir(dataDir);
  try {
    if (present.length > 0) {
      throw new BackupError(`The data directory ${dataDir} is not empty (${present.slice(0, 3).join(', ')}…). Move it aside, then restore into an empty one.`);
    }
    await cp(join(from, COPY), dataDir, { recursive: true, filter: (source) => source !== join(from, COPY, LOCK_FILE) });
    return manifest;
  } catch (err) {
    // Half a restore is no restore: leave the directory as empty as it was.
    if (!(err instanceof BackupError)) {
      for (const name of await readdir(dataDir)) if (name !== LOCK_FILE) await rm(join(dataDir, name), { recursive: true, force: true });
    }
    throw err;
  } finally {
    await lock.release();
  }
}

async function readManifest(from: string): Promise<Manifest> {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(await readFile(join(from, MANIFEST), 'utf8')) as Partial<Manifest>;
  } catch {
    throw new BackupError(`${from} is not a StayBook backup (no ${MANIFEST} in it).`);
  }
  if (manifest.format !== 1 || !(await exists(join(from, COPY)))) throw new BackupError(`${from} is not a backup this version can restore.`);
  return manifest as Manifest;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
