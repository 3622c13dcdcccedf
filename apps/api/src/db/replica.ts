import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { queryRows, type Db } from './client.js';
import * as schema from './schema.js';

/**
 * Reads that may lag: browsing and search on a PostgreSQL streaming replica (DATABASE_REPLICA_URL), each read as
 * new as it must be (docs/decisions/055-read-replica.md). Which reads may lag is decided where the routes are built
 * (app.ts hands them a `BrowsingReads`); everything else (writes, transactions that write, and every read that
 * decides: a booking's checks, payments, who may do what) uses the primary's handle as before.
 *
 * A read goes to the replica only once the replica has replayed the WAL up to the newest of:
 * - the position this server read from the primary after the last change it heard of (the listing cache's
 *   notices and its own writes): no answer this server makes, and so none it keeps, is older than a change it
 *   has already dropped answers for;
 * - the position the person's own last write left them (a signed cookie, plugins/replica-reads.ts), so a person
 *   reads back what they wrote whichever server answers.
 * Otherwise, and while the replica does not answer, the read runs on the primary.
 */

/** A position in PostgreSQL's write-ahead log, as a number that orders (`pg_lsn` '16/B374D848'). */
export type WalPosition = bigint;

/** `pg_lsn`'s text ('16/B374D848') as a number, or null for anything else. */
export function parseWalPosition(text: string | null | undefined): WalPosition | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  return match ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : null;
}

/** A browsing read for the request asking: `work` gets the handle it may read from (the replica or the primary). */
export type BrowsingReads = <T>(request: { headers: { cookie?: string | undefined } }, work: (db: Db) => Promise<T>) => Promise<T>;

/** Without a replica every read is the primary's. */
export function primaryReads(db: Db): BrowsingReads {
  return (_request, work) => work(db);
}

/** Where a read ran, and why on the primary: for the metrics. */
export type ReadTarget = 'replica' | 'primary_behind' | 'primary_replica_down';

export type ReplicaReads = {
  /**
   * Runs `work` on the replica when it has replayed `since` (a person's last write) and every change this server
   * has heard of; else, or when the replica fails to answer, on the primary.
   */
  read<T>(since: WalPosition | null, work: (db: Db) => Promise<T>): Promise<T>;
  /** The primary's WAL position read after this call: every write committed before it is at or below it. */
  primaryPosition(): Promise<WalPosition>;
  /** A change this server heard of (or made): from now on no read is older than it. */
  changeHeard(): void;
  /** Whether reads may go to the replica now (false while it does not answer, until a probe finds it back). */
  isUp(): boolean;
  close(): Promise<void>;
};

/** Back-off of the probes while the replica does not answer: from the first to the last, doubling. */
const PROBE_FIRST_MS = 500;
const PROBE_LAST_MS = 15_000;

type Log = { warn(details: object, message: string): void; info(message: string): void };

/**
 * Errors that say the replica (not the read) failed: its connection (refused, lost, timed out; SQLSTATE class 08,
 * shutdown 57P01-57P03, too many connections 53300) or a query cancelled because it conflicted with the
 * standby's replay (40001 and 40P01 on a standby). `down`: the replica is taken out until a probe finds it back.
 */
function replicaFailure(error: unknown): 'down' | 'retry' | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (/^(08|57P0[123]|53300)/.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|AI_AGAIN|NOTFOUND)$/.test(code)) return 'down';
      if (code === '40001' || code === '40P01') return 'retry';
    }
    if (/Connection terminated|timeout exceeded when trying to connect|connection error|Connection ended/i.test(e.message)) return 'down';
  }
  return null;
}

export function openReplicaReads({
  primary,
  url,
  log,
  onRead = () => {},
}: {
  primary: Db;
  url: string;
  log: Log;
  onRead?: (target: ReadTarget) => void;
}): ReplicaReads {
  // As the primary's pool (db/client.ts), JIT off. A replica that does not answer must not hold a read for long:
  // the read then runs on the primary.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off', connectionTimeoutMillis: 2_000, keepAlive: true });
  // An idle client losing its connection must not take the process down; the next read finds out.
  pool.on('error', () => {});
  const replica: Db = drizzle(pool, { schema });

  let up = true;
  let closed = false;
  let probeTimer: NodeJS.Timeout | undefined;
  let probeMs = PROBE_FIRST_MS;
  /** The replica's replayed position as last read: it only grows, so a read needing no more costs no round trip. */
  let replayed: WalPosition | null = null;
  let replayQuery: Promise<WalPosition> | null = null;
  /** No read is older than this: the primary's position after the last change heard of. */
  let floor: WalPosition = 0n;
  let floorPending: Promise<void> | null = null;

  async function readReplayed(): Promise<WalPosition> {
    const [row] = await queryRows<{ lsn: string | null }>(replica, sql`select pg_last_wal_replay_lsn()::text as lsn`);
    const position = parseWalPosition(row?.lsn);
    if (position === null) throw Object.assign(new Error('the server in DATABASE_REPLICA_URL is not a standby (it replays no WAL)'), { code: '08000' });
    if (replayed === null || position > replayed) replayed = position;
    return replayed;
  }

  async function replayedAtLeast(needed: WalPosition): Promise<boolean> {
    if (replayed !== null && replayed >= needed) return true;
    // Reads that arrive together share one question to the replica.
    replayQuery ??= readReplayed().finally(() => {
      replayQuery = null;
    });
    return (await replayQuery) >= needed;
  }

  function markDown(error: unknown): void {
    replayed = null;
    if (!up) return;
    up = false;
    log.warn({ err: error }, 'The read replica (DATABASE_REPLICA_URL) does not answer: browsing reads go to the primary until it is back.');
    scheduleProbe();
  }

  function scheduleProbe(): void {
    if (closed) return;
    probeTimer = setTimeout(() => {
      readReplayed().then(
        () => {
          up = true;
          probeMs = PROBE_FIRST_MS;
          log.info('The read replica answers again: browsing reads go to it.');
        },
        () => {
          probeMs = Math.min(probeMs * 2, PROBE_LAST_MS);
          scheduleProbe();
        },
      );
    }, probeMs);
    probeTimer.unref();
  }

  // The primary's position, asked for after the caller's call: a question already on its way may have left before
  // the caller's write committed, so callers join only the next one. At most two are in flight, however many ask.
  let current: Promise<WalPosition> | null = null;
  let queued: Promise<WalPosition> | null = null;
  const askPrimary = (): Promise<WalPosition> => {
    const asked = queryRows<{ lsn: string }>(primary, sql`select pg_current_wal_lsn()::text as lsn`).then(([row]) => {
      const position = parseWalPosition(row?.lsn);
      if (position === null) throw new Error(`the primary answered no WAL position: ${String(row?.lsn)}`);
      return position;
    });
    current = asked;
    void asked.then(
      () => void (current === asked && (current = null)),
      () => void (current === asked && (current = null)),
    );
    return asked;
  };
  function primaryPosition(): Promise<WalPosition> {
    if (!current) return askPrimary();
    queued ??= current.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = null;
      return askPrimary();
    });
    return queued;
  }

  function changeHeard(): void {
    if (closed) return;
    const pending: Promise<void> = primaryPosition().then(
      (position) => {
        if (position > floor) floor = position;
      },
      // The primary not answering fails the writes too; the reads keep the floor they had.
      () => {},
    );
    floorPending = pending;
    void pending.finally(() => {
      if (floorPending === pending) floorPending = null;
    });
  }

  async function onPrimary<T>(target: ReadTarget, work: (db: Db) => Promise<T>): Promise<T> {
    onRead(target);
    return work(primary);
  }

  async function read<T>(since: WalPosition | null, work: (db: Db) => Promise<T>): Promise<T> {
    if (!up) return onPrimary('primary_replica_down', work);
    if (floorPending) await floorPending;
    const needed = since !== null && since > floor ? since : floor;
    let fallback: ReadTarget;
    try {
      if (await replayedAtLeast(needed)) {
        const answer = await work(replica);
        onRead('replica');
        return answer;
      }
      fallback = 'primary_behind';
    } catch (error) {
      const failure = replicaFailure(error);
      if (failure === null) throw error;
      if (failure === 'down') markDown(error);
      fallback = failure === 'down' ? 'primary_replica_down' : 'primary_behind';
    }
    return onPrimary(fallback, work);
  }

  // Start from the primary's position now: a replica restored from an old backup serves nothing older than this.
  changeHeard();

  return {
    read,
    primaryPosition,
    changeHeard,
    isUp: () => up,
    async close() {
      closed = true;
      clearTimeout(probeTimer);
      await pool.end();
    },
  };
}
