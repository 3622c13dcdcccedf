import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The embedded database must be opened by one process at a time: a second one corrupts it.
 * The server holds a lock file naming its process id; another process finding a live owner refuses.
 */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dataDir} is in use by a running StayBook server (process ${pid}).`);
  }
}

/**
 * Whether a process has exited but its parent has not collected it yet (a zombie, state Z, or X while it is
 * removed). Its id still answers signals, yet it holds nothing: seen when the server's parent is killed first.
 * Without /proc (not Linux) nothing more can be told, and the signal check stands.
 */
function hasExited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "<pid> (<command, which may hold spaces or parentheses>) <state> …"
    const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !hasExited(pid);
}

export type DataDirLock = { release(): Promise<void> };

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(file, { force: true }) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && isAlive(owner)) {
        throw new DataDirInUseError(dataDir, owner);
      }
      // The owner is gone (a crash or a kill -9): the lock is stale.
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
