import { createHash, randomUUID } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { nextDayStartIn } from '@staybook/domain';
import type { Database } from '../../db/client.js';
import type { ListingChanges, RoomChange } from '../../listing-changes.js';
import type { Subscription } from '../../db/listen.js';

/**
 * The answers visitors get from the browsing routes (`GET /api/rooms`, a visitor's `GET /api/room/:id`, the
 * home page's HTML with its first rooms),
 * kept as bytes (and their br/gzip forms, made once) with a strong ETag, until a write changes what they
 * show. See docs/decisions/018-listing-cache.md.
 *
 * Correctness rests on three rules:
 * - every write that changes what a visitor sees calls `roomsChanged()` or `staysChanged(roomId)` after it
 *   commits, or `announce` inside its transaction and `forget` after; on PostgreSQL the change is NOTIFYed to
 *   every other server process on the database and logged in `listing_changes`, which each server compares
 *   every VERSION_CHECK_MS, so a notice that never arrived still empties its cache;
 * - an answer computed while an invalidation happened is served but not kept (the generation moved on), so
 *   a read that began before a write cannot refill the cache with what the write replaced;
 * - `booked` depends on today's date where each room is: an answer is kept until the first midnight, in the
 *   time zones of the rooms it shows, after it was computed (docs/decisions/026-room-time-zone.md).
 * While a process cannot listen for other processes' changes (its LISTEN connection is down), it keeps
 * nothing and serves every answer fresh.
 */

export const LISTING_CHANNEL = 'staybook_listing';

/**
 * How a notice names a room's change after its sender's id: `room:<id>` (stays), `rating:<id>`, `listing:<id>`; `*`
 * is every room.
 */
const NOTICE_PREFIX: Record<RoomChange, string> = { stays: 'room:', rating: 'rating:', listing: 'listing:' };

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

type Representation = { body: Buffer; etag: string };

/**
 * What a computation hands the cache: the bytes, the rooms they show and those rooms' time zones. `anyStay`
 * marks an answer that a booking or cancellation in any room may change (a search with dates: a room it left
 * out for a stay comes back when that stay is cancelled), so every stay change drops it; `anyRating` one that a
 * rating in any room may reorder ('Top rated'), so every rating change drops it, and a booking does not.
 * `keepUntil`: an instant before the zones' next midnight after which the answer may be wrong (a same-day
 * booking's cut-off time may pass), so it goes then.
 */
export type Computed = { body: string; roomIds: string[]; timeZones?: string[]; anyStay?: boolean; anyRating?: boolean; keepUntil?: number };

export type CachedAnswer = {
  key: string;
  identity: Representation;
  encoded: Partial<Record<Encoding, Representation | null>>;
  /** The rooms the answer shows, so a booking in one of them drops it. */
  roomIds: string[];
  /** A stay change in any room drops it (see Computed). */
  anyStay: boolean;
  /** A rating change in any room drops it (see Computed). */
  anyRating: boolean;
  /** When `booked` may change for one of its rooms: the earliest next midnight in their time zones (ms). */
  validUntil: number;
  bytes: number;
};

export type ListingCache = ListingChanges & {
  /**
   * The answer for `key`: the kept one, or `compute`'s (kept when nothing changed meanwhile). Requests that
   * miss the same key at once share one computation.
   */
  answer(key: string, compute: () => Promise<Computed>): Promise<CachedAnswer>;
  /** An answer made now and kept nowhere (a personal one). */
  fresh(compute: () => Promise<Computed>): Promise<CachedAnswer>;
  /**
   * Sends an answer: 304 when the client's If-None-Match names it, else its bytes in the best encoding, as
   * `type` (JSON unless said otherwise: the home page's HTML is kept here too).
   */
  send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, type?: string): FastifyReply;
  /** Figures for tests and the bench: answers kept, their bytes, and invalidations heard from others. */
  stats(): { entries: number; bytes: number; remoteInvalidations: number; listening: boolean };
  /** Resolves at the next invalidation heard from another server process (tests wait on it). */
  nextRemoteInvalidation(): Promise<void>;
  /**
   * Compares the listing-change log with what this process saw last time and drops every kept answer when it
   * moved on: a change whose NOTIFY never arrived still reaches this cache. Runs every VERSION_CHECK_MS.
   */
  checkVersion(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** How often each server compares the listing-change log with what it saw; a missed notice heals within it. */
export const VERSION_CHECK_MS = 20_000;
/** Changes older than this leave the log (the check compares the whole log, so a pruned row is one more drop). */
const CHANGE_LOG_KEPT = '5 minutes';

/**
 * The first midnight after `from` in any of the zones (UTC when there are none: an empty page). Answers are
 * few and computed rarely; a hit only compares a number.
 */
function validUntil(from: number, timeZones: readonly string[]): number {
  const zones = new Set(timeZones.length > 0 ? timeZones : ['UTC']);
  let until = Infinity;
  for (const zone of zones) until = Math.min(until, nextDayStartOf(zone, from));
  return until;
}

/**
 * Each zone's next midnight, as last worked out: still the first after any moment from when it was worked out until
 * it comes. A dated search counts rooms in many zones, and working a midnight out costs more than the search's
 * judging of a room.
 */
const nextMidnights = new Map<string, { from: number; at: number }>();

function nextDayStartOf(zone: string, from: number): number {
  const known = nextMidnights.get(zone);
  if (known && known.from <= from && from < known.at) return known.at;
  const at = nextDayStartIn(zone, new Date(from)).getTime();
  nextMidnights.set(zone, { from, at });
  return at;
}

function representation(body: Buffer, tag: string): Representation {
  return { body, etag: `"${tag}"` };
}

/**
 * A kept answer is compressed once, so the strongest settings cost nothing per request. A personal answer
 * (`fresh`, a signed-in viewer's room or painted room page) is compressed for the one request it answers: at the
 * fast settings, where the strongest would cost several times the CPU for a few percent of bytes.
 */
function compress(body: Buffer, encoding: Encoding, once: boolean): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: once ? 4 : 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: once ? 6 : 9 });
}

/** True when If-None-Match names this representation (weak comparison, as RFC 9110 asks for this header). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  reply.header('vary', current ? `${String(current)}, ${field}` : field);
}

export function createListingCache({
  database,
  log,
  maxBytes = DEFAULT_MAX_BYTES,
  onChange = () => {},
  onRoomChange = () => {},
}: {
  database: Pick<Database, 'db' | 'listen'>;
  log: FastifyBaseLogger;
  maxBytes?: number;
  /** Called at every invalidation: a read replica's answers must be at least this new from now on (db/replica.ts). */
  onChange?: () => void;
  /** Called at every invalidation with the room it names (null: every room): the search index reads it again. */
  onRoomChange?: (roomId: string | null) => void;
}): ListingCache {
  /** Insertion order is recency order: a hit moves its entry to the end, eviction takes from the front. */
  const entries = new Map<string, CachedAnswer>();
  let bytes = 0;
  /** Moves on at every invalidation; a computation that began under an older one is not kept. */
  let generation = 0;
  const pending = new Map<string, Promise<CachedAnswer>>();
  const instance = randomUUID();
  const shared = Boolean(database.listen);
  /** Without other processes to hear from (PGlite), always; on PostgreSQL, while the LISTEN connection is up. */
  let listening = !shared;
  let subscription: Subscription | null = null;
  let remoteInvalidations = 0;
  let remoteWaiters: (() => void)[] = [];

  function remove(key: string, entry: CachedAnswer): void {
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function dropAll(roomId: string | null = null): void {
    generation += 1;
    onChange();
    onRoomChange(roomId);
    entries.clear();
    pending.clear();
    bytes = 0;
  }

  function dropRoom(roomId: string, what: RoomChange): void {
    // A room listed, edited or removed may enter or leave any answer.
    if (what === 'listing') return dropAll(roomId);
    generation += 1;
    onChange();
    onRoomChange(roomId);
    pending.clear();
    for (const [key, entry] of entries) {
      if ((what === 'stays' ? entry.anyStay : entry.anyRating) || entry.roomIds.includes(roomId)) remove(key, entry);
    }
  }

  function keep(key: string, entry: CachedAnswer): void {
    const old = entries.get(key);
    if (old) remove(key, old);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [oldest, e] of entries) {
      if (bytes <= maxBytes) break;
      remove(oldest, e);
    }
  }

  /**
   * Logs the change and NOTIFYs it: inside a transaction, both happen when it commits. The notice is the insert's
   * own `returning`, so the statement also works inside a `with`, where PostgreSQL runs it whether read or not.
   */
  function recording(roomId: string | null, what: RoomChange): SQL {
    // The notice ends with the change's number in the log, so the version check knows it was heard.
    return sql`insert into listing_changes (room_id) values (${roomId}::uuid)
      returning pg_notify(${LISTING_CHANNEL}, ${`${instance} ${roomId ? `${NOTICE_PREFIX[what]}${roomId}` : '*'}`} || ' ' || id::text)`;
  }

  /** After a commit that did not announce: tells the other servers; a failure is logged (the write committed). */
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
    if (missed.some((row) => row.roomId === null)) return dropAll();
    for (const { roomId } of missed) dropRoom(roomId as string, 'listing');
  }

  function heard(payload: string): void {
    const [from, message = '', id] = payload.split(' ', 3);
    account(id);
    if (from === instance) return;
    const what = (Object.keys(NOTICE_PREFIX) as RoomChange[]).find((change) => message.startsWith(NOTICE_PREFIX[change]));
    if (what) dropRoom(message.slice(NOTICE_PREFIX[what].length), what);
    else dropAll();
    remoteInvalidations += 1;
    const waiters = remoteWaiters;
    remoteWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async function compute(key: string | null, run: () => Promise<Computed>): Promise<CachedAnswer> {
    const startedIn = generation;
    const startedAt = Date.now();
    const { body, roomIds, timeZones = [], anyStay = false, anyRating = false, keepUntil = Infinity } = await run();
    const identity = Buffer.from(body);
    const tag = createHash('sha1').update(identity).digest('base64url');
    const until = key === null ? 0 : Math.min(keepUntil, validUntil(startedAt, timeZones));
    const answer: CachedAnswer = { key: key ?? '', identity: representation(identity, tag), encoded: {}, roomIds, anyStay, anyRating, validUntil: until, bytes: identity.length };
    // A midnight passed while it was computed: one of its rooms may already show another `booked`.
    if (key !== null && listening && startedIn === generation && Date.now() < until) keep(key, answer);
    return answer;
  }

  function encodedForm(answer: CachedAnswer, encoding: Encoding): Representation | null {
    let form = answer.encoded[encoding];
    if (form === undefined) {
      // A fresh answer has no key: nothing keeps it past this request.
      const body = compress(answer.identity.body, encoding, answer.key === '');
      // Not worth a Content-Encoding when it saves nothing.
      form = body.length < answer.identity.body.length ? representation(body, `${answer.identity.etag.slice(1, -1)}-${encoding}`) : null;
      answer.encoded[encoding] = form;
      const size = form?.body.length ?? 0;
      answer.bytes += size;
      // Counted only while the answer is still kept (it may have been dropped since it was looked up).
      if (entries.get(answer.key) === answer) bytes += size;
    }
    return form;
  }

  return {
    async roomsChanged(roomId) {
      if (roomId) dropRoom(roomId, 'listing');
      else dropAll();
      await broadcast(roomId ?? null, 'listing');
    },
    async staysChanged(roomId) {
      dropRoom(roomId, 'stays');
      await broadcast(roomId, 'stays');
    },
    async announce(tx, roomId, what = 'stays') {
      if (shared) await tx.execute(recording(roomId, what));
    },
    announcement(roomId, what = 'stays') {
      return shared ? recording(roomId, what) : null;
    },
    forget(roomId, what = 'stays') {
      if (roomId) dropRoom(roomId, what);
      else dropAll();
    },

    answer(key, run) {
      const kept = entries.get(key);
      if (kept && Date.now() < kept.validUntil) {
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, kept);
        return Promise.resolve(kept);
      }
      if (kept) remove(key, kept);
      if (!listening) return compute(key, run);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const started = compute(key, run).finally(() => {
        if (pending.get(key) === started) pending.delete(key);
      });
      pending.set(key, started);
      return started;
    },

    fresh: (run) => compute(null, run),

    send(request, reply, answer, type = 'application/json; charset=utf-8') {
      // Kept by browsers and revalidated with the ETag; a personal answer keeps its no-store.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
      appendVary(reply, 'Accept-Encoding');
      const accepted = request.headers['accept-encoding'];
      const encoding = accepted ? negotiate(accepted, ENCODINGS) : null;
      const form = (encoding && encodedForm(answer, encoding)) || null;
      const chosen = form ?? answer.identity;
      reply.header('etag', chosen.etag);
      if (notModified(request.headers['if-none-match'], chosen.etag)) return reply.code(304).send();
      if (form) reply.header('content-encoding', encoding);
      return reply.type(type).send(chosen.body);
    },

    stats: () => ({ entries: entries.size, bytes, remoteInvalidations, listening }),
    nextRemoteInvalidation: () => new Promise<void>((resolve) => remoteWaiters.push(resolve)),
    checkVersion,

    async start() {
      if (!database.listen) return;
      subscription = await database.listen(LISTING_CHANNEL, {
        message: heard,
        lost() {
          listening = false;
          dropAll();
          log.warn('lost the listing-change channel; serving browsing answers uncached until it is back');
        },
        ready() {
          // Changes made while we were not listening were missed: start from nothing.
          dropAll();
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
      dropAll();
    },
  };
}
