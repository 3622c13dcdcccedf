import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

/**
 * A PostgreSQL primary and its streaming replica of their own, for the read-replica test: initdb in a temporary
 * directory, the primary on a free port, `pg_basebackup -R` of it started as a standby on another. The shared
 * test server (TEST_DATABASE_URL) is never touched. PostgreSQL refuses to run as root, so as root every program
 * runs as the `postgres` user (runuser) in a directory it owns.
 */
const run = promisify(execFile);

export type ReplicaCluster = {
  primaryUrl: string;
  replicaUrl: string;
  /** Holds the standby's replay (it keeps receiving WAL) until `resumeReplay`. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops the standby at once, as a crash would (`pg_ctl stop -m immediate`). */
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Stops both servers and removes their directories; safe to call whatever state the start-up reached. */
  remove(): Promise<void>;
};

/** The directory of initdb, pg_ctl and pg_basebackup: `pg_config --bindir`, else the newest under /usr/lib/postgresql. */
async function serverPrograms(): Promise<string> {
  const candidates: string[] = [];
  try {
    candidates.push((await run('pg_config', ['--bindir'])).stdout.trim());
  } catch {
    // No pg_config on the PATH: look where Debian puts each version.
  }
  for (const version of ['17', '16', '15', '14']) candidates.push(`/usr/lib/postgresql/${version}/bin`);
  const found = candidates.find((dir) => ['initdb', 'pg_ctl', 'pg_basebackup', 'pg_isready'].every((p) => existsSync(join(dir, p))));
  if (!found) {
    throw new Error(
      "the replica test needs PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup, pg_isready): install the postgresql package, or unset TEST_DATABASE_URL",
    );
  }
  return found;
}

const asRoot = userInfo().uid === 0;

/** Starts both servers; on a failure part-way, what was started is stopped and removed before the error is thrown. */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = await serverPrograms();
  const root = await mkdtemp(join(tmpdir(), 'staybook-replica-'));
  if (asRoot) {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    await chown(root, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
    await chmod(root, 0o700);
  }
  const program = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args);

  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const serverOptions = (port: number) =>
    // Its own port and socket directory (not the shared server's); no durability needed by a test.
    `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off -c full_page_writes=off`;
  const pgCtl = (dir: string, ...args: string[]) => program('pg_ctl', ['-D', dir, ...args]);
  const startServer = async (dir: string, port: number) => {
    // -w: pg_ctl itself waits until the server accepts connections; pg_isready confirms it.
    await pgCtl(dir, '-l', join(root, `${port}.log`), '-w', '-t', '120', '-o', serverOptions(port), 'start');
    for (let waited = 0; ; waited += 100) {
      try {
        await program('pg_isready', ['-h', '127.0.0.1', '-p', String(port), '-t', '5']);
        return;
      } catch (error) {
        if (waited > 60_000) throw error;
        await sleep(100);
      }
    }
  };
  const stopServer = (dir: string) => pgCtl(dir, '-m', 'immediate', '-w', 'stop').then(() => undefined, () => undefined);

  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
  const query = async <T>(url: string, text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };

  const cluster: ReplicaCluster = {
    primaryUrl,
    replicaUrl,
    async pauseReplay() {
      await query(replicaUrl, 'select pg_wal_replay_pause()');
      // Pausing is asked for; it holds once the state says so.
      for (let waited = 0; ; waited += 20) {
        const [row] = await query<{ state: string }>(replicaUrl, 'select pg_get_wal_replay_pause_state() as state');
        if (row?.state === 'paused') return;
        if (waited > 30_000) throw new Error(`the standby did not pause its replay: ${String(row?.state)}`);
        await sleep(20);
      }
    },
    async resumeReplay() {
      await query(replicaUrl, 'select pg_wal_replay_resume()');
    },
    async caughtUp() {
      const [written] = await query<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
      for (let waited = 0; ; waited += 20) {
        const [row] = await query<{ behind: boolean }>(replicaUrl, `select pg_last_wal_replay_lsn() < '${written!.lsn}'::pg_lsn as behind`);
        if (row && !row.behind) return;
        if (waited > 60_000) throw new Error('the standby did not catch up with the primary');
        await sleep(20);
      }
    },
    stopStandby: () => stopServer(standbyDir),
    startStandby: () => startServer(standbyDir, standbyPort),
    async remove() {
      await stopServer(standbyDir);
      await stopServer(primaryDir);
      await rm(root, { recursive: true, force: true });
    },
  };

  try {
    await program('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions']);
    // initdb's pg_hba.conf already lets 127.0.0.1 replicate with trust; said here so the test does not rest on it.
    await appendFile(join(primaryDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    await appendFile(join(primaryDir, 'postgresql.conf'), '\nwal_level = replica\nmax_wal_senders = 5\nhot_standby = on\n');
    await startServer(primaryDir, primaryPort);
    await program('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
    await startServer(standbyDir, standbyPort);
    const [standby] = await query<{ recovering: boolean }>(replicaUrl, 'select pg_is_in_recovery() as recovering');
    if (!standby?.recovering) throw new Error('the second server did not start as a standby');
    return cluster;
  } catch (error) {
    const logs = await run('sh', ['-c', `tail -n 20 ${root}/*.log 2>/dev/null || true`]).then((r) => r.stdout, () => '');
    await cluster.remove();
    throw new Error(`could not start a primary and its replica: ${error instanceof Error ? error.message : String(error)}\n${logs}`);
  }
}
