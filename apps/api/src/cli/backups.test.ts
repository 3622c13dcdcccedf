import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '@staybook/domain';
import { openDatabase } from '../db/client.js';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.js';
import { insertBooking, insertRoom, insertUser } from '../db/factories.js';
import { migrateDatabase } from '../db/migrate.js';
import { bookings, messages } from '../db/schema.js';
import { BackupError, backupDataDir, restoreDataDir } from './backups.js';

/* `npm run backup` then `npm run restore` on the embedded database bring back every booking, message and upload. */

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'staybook-backup-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A data directory as a server leaves it: a booking with a message in the database, and an uploaded photo. */
async function dataDirWithAStay(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(database);
  const db = database.db;
  const host = await insertUser(db, { name: 'Hana Host', role: 'host' });
  const guest = await insertUser(db, { name: 'Ana Lima' });
  const room = await insertRoom(db, { hostId: host.id, availableFrom: addDays(todayIso(), 2), availableTo: addDays(todayIso(), 30) });
  const { booking } = await insertBooking(db, { room, guestId: guest.id, checkIn: addDays(todayIso(), 3), checkOut: addDays(todayIso(), 5) });
  await db.insert(messages).values({ bookingId: booking.id, senderId: guest.id, body: 'We arrive around six.' });
  await database.close();
  await mkdir(join(dataDir, 'uploads'), { recursive: true });
  await writeFile(join(dataDir, 'uploads', 'photo.webp'), 'a photo');
  return booking;
}

describe('backing up and restoring the data directory', () => {
  it('brings back every booking, message and upload into an empty data directory', async () => {
    const dataDir = join(await tempDir(), 'data');
    const booking = await dataDirWithAStay(dataDir);
    const out = join(await tempDir(), 'backup');
    await backupDataDir({ dataDir, out, database: 'pglite' });

    // The machine is lost: a new, empty data directory.
    const restored = join(await tempDir(), 'data');
    await restoreDataDir({ from: out, dataDir: restored });
    const database = await openDatabase({ kind: 'pglite', dataDir: restored });
    try {
      expect((await database.db.select().from(bookings)).map((b) => b.reference)).toEqual([booking.reference]);
      expect((await database.db.select().from(messages)).map((m) => m.body)).toEqual(['We arrive around six.']);
    } finally {
      await database.close();
    }
    expect(await readFile(join(restored, 'uploads', 'photo.webp'), 'utf8')).toBe('a photo');
  });

  it('refuses while a server holds the data directory, and never restores over data or from what is no backup', async () => {
    const dataDir = join(await tempDir(), 'data');
    await dataDirWithAStay(dataDir);
    const lock = await lockDataDir(dataDir);
    // The lock names this process, which is alive: as a running server's would.
    const lockedOut = join(await tempDir(), 'backup');
    await expect(backupDataDir({ dataDir, out: lockedOut, database: 'pglite' })).rejects.toBeInstanceOf(DataDirInUseError);
    await lock.release();

    const out = join(await tempDir(), 'backup');
    await backupDataDir({ dataDir, out, database: 'pglite' });
    await expect(backupDataDir({ dataDir, out, database: 'pglite' })).rejects.toThrow(/already exists/);
    await expect(restoreDataDir({ from: out, dataDir })).rejects.toThrow(/is not empty/);
    await expect(restoreDataDir({ from: dataDir, dataDir: join(await tempDir(), 'data') })).rejects.toBeInstanceOf(BackupError);
    // The data directory it refused to restore over is as it was.
    expect(await readFile(join(dataDir, 'uploads', 'photo.webp'), 'utf8')).toBe('a photo');
  });
});
