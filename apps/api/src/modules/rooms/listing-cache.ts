import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ListingChanges, RoomChange } from '../../listing-changes.js';
import type { ProcessPart } from '../../periodic.js';
import { makeAnswer, sendAnswer, type CachedAnswer, type Computed } from './listing-answers.js';
import { createListingNotices } from './listing-notices.js';

/**
 * The answers visitors get from the browsing routes (`GET /api/rooms`, a visitor's `GET /api/room/:id`, the
 * home page's HTML with its first rooms),
 * kept as bytes (and their br/gzip forms, made once) with a strong ETag, until a write changes what they
 * show. See docs/decisions/018-listing-cache.md. This file keeps the answers and drops them; one answer's bytes,
 * lifetime and sending are `listing-answers.ts`, the notices between server processes `listing-notices.ts`.
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

export type { CachedAnswer, Computed } from './listing-answers.js';

export type ListingCache = ListingChanges & ProcessPart & {
  /**
   * The answer for `key`: the kept one, or `compute`'s (kept when nothing changed meanwhile). Requests that
   * miss the same key at once share one computation. `searched` says the answer is to a search (anything but the
   * marketplace's own first page, in any language): the marketplace's own first page is asked by every visitor and
   * kept from its first time, a search by one party, most of them once, and kept only from its second (see SEEN_KEYS).
   */
  answer(key: string, compute: () => Promise<Computed>, options?: { searched?: boolean }): Promise<CachedAnswer>;
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
};

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * How many keys asked once are remembered, for answers kept from their second time. Most searches are asked once
 * (every party its own place, dates and size). Keeping each one's bytes until they were pushed out made the cache
 * churn through its 64 MB, and V8 starts a full garbage collection on that much memory outside its heap coming
 * and going: under the bench's mix of new searches one every four seconds, each holding requests up for up to
 * hundreds of milliseconds. An answer made once is made at the fast compression and dropped with its request.
 */
const SEEN_KEYS = 50_000;

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
  /** Searches asked once, whose answers are kept from their second time. */
  const seen = new Set<string>();
  const notices = createListingNotices({ database, log, drop: forget });

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

  function forget(roomId: string | null, what: RoomChange): void {
    if (roomId) dropRoom(roomId, what);
    else dropAll();
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

  async function compute(key: string | null, run: () => Promise<Computed>): Promise<CachedAnswer> {
    const startedIn = generation;
    const startedAt = Date.now();
    const answer = makeAnswer(key, await run(), startedAt);
    // A midnight passed while it was computed: one of its rooms may already show another `booked`.
    if (key !== null && notices.listening() && startedIn === generation && Date.now() < answer.validUntil) keep(key, answer);
    return answer;
  }

  return {
    async roomsChanged(roomId) {
      forget(roomId ?? null, 'listing');
      await notices.broadcast(roomId ?? null, 'listing');
    },
    async staysChanged(roomId) {
      dropRoom(roomId, 'stays');
      await notices.broadcast(roomId, 'stays');
    },
    async announce(tx, roomId, what = 'stays') {
      const statement = notices.announcement(roomId, what);
      if (statement) await tx.execute(statement);
    },
    announcement: (roomId, what = 'stays') => notices.announcement(roomId, what),
    forget(roomId, what = 'stays') {
      forget(roomId, what);
    },

    answer(key, run, { searched = false } = {}) {
      const kept = entries.get(key);
      if (kept && Date.now() < kept.validUntil) {
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, kept);
        return Promise.resolve(kept);
      }
      if (kept) remove(key, kept);
      if (!notices.listening()) return compute(key, run);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      if (searched && !seen.has(key)) {
        if (seen.size >= SEEN_KEYS) seen.clear();
        seen.add(key);
        return compute(null, run);
      }
      const started = compute(key, run).finally(() => {
        if (pending.get(key) === started) pending.delete(key);
      });
      pending.set(key, started);
      return started;
    },

    fresh: (run) => compute(null, run),

    send(request, reply, answer, type = 'application/json; charset=utf-8') {
      return sendAnswer(request, reply, answer, type, (size) => {
        // Counted only while the answer is still kept (it may have been dropped since it was looked up).
        if (entries.get(answer.key) === answer) bytes += size;
      });
    },

    stats: () => ({ entries: entries.size, bytes, remoteInvalidations: notices.remoteInvalidations(), listening: notices.listening() }),
    nextRemoteInvalidation: () => notices.nextRemoteInvalidation(),
    checkVersion: () => notices.checkVersion(),
    start: () => notices.start(),
    stop: () => notices.stop(),
  };
}
