import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Subscription } from '../../db/listen.js';
import type { ProcessPart } from '../../periodic.js';
import type { RoomChange } from '../../listing-changes.js';

/*
 * How the listing caches of several server processes on one PostgreSQL database hear of each other's changes
 * (decisions 018 and 025): every change is logged in `listing_changes` and NOTIFYed on LISTING_CHANNEL, each
 * process LISTENs on a connection of its own, and compares the log with what it heard every VERSION_CHECK_MS, so
 * a notice that never arrived still reaches it. What a change drops is the cache's (listing-cache.ts). On PGlite
 * there is one process: nothing is sent, and the cache always hears every change.
 */

export const LISTING_CHANNEL = 'staybook_listing';

/**
 * How a notice names a room's change after its sender's id: `room:<id>` (stays), `rating:<id>`, `listing:<id>`; `*`
 * is every room.
 */
const NOTICE_PREFIX: Record<RoomChange, string> = { stays: 'room:', rating: 'rating:', listing: 'listing:' };

/** How often each server compares the listing-change log with what it saw; a missed notice heals within it. */
export const VERSION_CHECK_MS = 20_000;
/** Changes older than this leave the log (the check compares the whole log, so a pruned row is one more drop). */
const CHANGE_LOG_KEPT = '5 minutes';

export type ListingNotices = ProcessPart & {
  /**
   * Whether every other process's change reaches this one: always without other processes (PGlite); on
   * PostgreSQL, while the LISTEN connection is up.
   */
  listening(): boolean;
  /**
   * The statement that logs a change and NOTIFYs it (inside a transaction, both happen when it commits); null
   * when there are no other servers to tell.
   */
  announcement(roomId: string | null, what: RoomChange): SQL | null;
  /** After a commit that did not announce: tells the other servers; a failure is logged (the write committed). */
  broadcast(roomId: string | null, what: RoomChange): Promise<void>;
  /**
   * Compares the listing-change log with what this process saw last time, and drops what each change it missed
   * touched. Runs every VERSION_CHECK_MS once started.
   */
  checkVersion(): Promise<void>;
  /** Invalidations heard from other processes so far. */
  remoteInvalidations(): number;
  /** Resolves at the next invalidation heard from another server process (tests wait on it). */
  nextRemoteInvalidation(): Promise<void>;
};

/**
 * `drop` is what this process forgets for a change another one made, or for changes it may have missed: the
 * answers touched by `what` in the room (null: every room, whatever `what`).
 */
export function createListingNotices({
  database,
  log,
  drop,
}: {
  database: Pick<Database, 'db' | 'listen'>;
  log: FastifyBaseLogger;
  drop: (roomId: string | null, what: RoomChange) => void;
}): ListingNotices {
  const instance = randomUUID();
  const shared = Boolean(database.listen);
  /** Without other processes to hear from (PGlite), always; on PostgreSQL, while the LISTEN connection is up. */
  let listening = !shared;
  let subscription: Subscription | null = null;
  let remoteInvalidations = 0;
  let remoteWaiters: (() => void)[] = [];

  /**
   * Logs the change and NOTIFYs it: inside a transaction, both happen when it commits. The notice is the insert's
   * own `returning`, so the statement also works inside a `with`, where PostgreSQL runs it whether read or not.
   */
  function recording(roomId: string | null, what: RoomChange): SQL {
    // The notice ends with the change's number in the log, so the version check knows it was heard.
    return sql`insert into listing_changes (room_id) values (${roomId}::uuid)
      returning pg_notify(${LISTING_CHANNEL}, ${`${instance} ${roomId ? `${NOTICE_PREFIX[what]}${roomId}` : '*'}`} || ' ' || id::text)`;
  }

  async function broadcast(roomId: string | null, what: RoomChange): Promise<void> {
    if (!shared) return;
    try {
      await database.db.execute(recording(roomId, what));
    } catch (err) {
      log.error({ err }, 'could not tell the other servers that the listing changed; their version check will');
    }
  }

  /**
   * The log's changes this server has accounted for: heard as notices (its own included) or handled by a check. Null
   * until the first check, which takes the log as it finds it (the server starts from nothing).
   */
  let accounted: Set<string> | null = null;
  /** Changes heard while a check reads the log: committed after its read, they are not in what it read. */
  let heardDuringCheck: string[] | null = null;
  let lastPrune = 0;
  let versionTimer: NodeJS.Timeout | null = null;

  function account(id: string | undefined): void {
    if (!id) return;
    accounted?.add(id);
    heardDuringCheck?.push(id);
  }

  /**
   * Finds the changes whose notices this server missed (a notice is lost when its connection drops at the wrong
   * moment) and forgets what each one touched: the room's answers, or everything for a change of every room. A change
   * it heard is not touched again, so a busy marketplace's writes never make a server read every room again.
   */
  async function checkVersion(): Promise<void> {
    if (!shared) return;
    if (Date.now() - lastPrune > VERSION_CHECK_MS * 15) {
      lastPrune = Date.now();
      await database.db.execute(sql`delete from listing_changes where created_at < now() - ${CHANGE_LOG_KEPT}::interval`);
    }
    const heardMeanwhile: string[] = [];
    heardDuringCheck = heardMeanwhile;
    let rows: { id: string; roomId: string | null }[];
    try {
      rows = (
        (await database.db.execute(sql`select id::text as id, room_id as "roomId" from listing_changes`)) as unknown as {
          rows: { id: string; roomId: string | null }[];
        }
      ).rows;
    } finally {
      heardDuringCheck = null;
    }
    const before = accounted;
    accounted = new Set([...rows.map((row) => row.id), ...heardMeanwhile]);
    if (before === null) return;
    const missed = rows.filter((row) => !before.has(row.id));
    if (missed.some((row) => row.roomId === null)) return drop(null, 'listing');
    for (const { roomId } of missed) drop(roomId as string, 'listing');
  }

  function heard(payload: string): void {
    const [from, message = '', id] = payload.split(' ', 3);
    account(id);
    if (from === instance) return;
    const what = (Object.keys(NOTICE_PREFIX) as RoomChange[]).find((change) => message.startsWith(NOTICE_PREFIX[change]));
    if (what) drop(message.slice(NOTICE_PREFIX[what].length), what);
    else drop(null, 'listing');
    remoteInvalidations += 1;
    const waiters = remoteWaiters;
    remoteWaiters = [];
    for (const resolve of waiters) resolve();
  }

  return {
    listening: () => listening,
    announcement: (roomId, what) => (shared ? recording(roomId, what) : null),
    broadcast,
    checkVersion,
    remoteInvalidations: () => remoteInvalidations,
    nextRemoteInvalidation: () => new Promise<void>((resolve) => remoteWaiters.push(resolve)),

    async start() {
      if (!database.listen) return;
      subscription = await database.listen(LISTING_CHANNEL, {
        message: heard,
        lost() {
          listening = false;
          drop(null, 'listing');
          log.warn('lost the listing-change channel; serving browsing answers uncached until it is back');
        },
        ready() {
          // Changes made while we were not listening were missed: start from nothing.
          drop(null, 'listing');
          listening = true;
        },
      });
      await checkVersion();
      versionTimer = setInterval(() => {
        checkVersion().catch((err: unknown) => log.warn({ err }, 'could not compare the listing-change log'));
      }, VERSION_CHECK_MS);
      versionTimer.unref();
    },
    async stop() {
      if (versionTimer) clearInterval(versionTimer);
      versionTimer = null;
      listening = !shared;
      await subscription?.close();
      subscription = null;
      drop(null, 'listing');
    },
  };
}
