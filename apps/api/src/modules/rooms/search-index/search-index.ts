/*
 * The search index (docs/decisions/057-search-index.md): every listed room, its stays, imported blocks and calendar,
 * held in this server process, so a search that no one made before is answered without a database round trip.
 *
 * Kept current by the listing-change notices every write already sends (listing-cache.ts): a change of a room marks
 * it, and the next search first reads the marked rooms again (one query per table for all of them), so a search made
 * after a write this process heard of sees it, as the listing cache's answers do. A change of every room (a fee, a
 * host's name, a notice that never arrived) reads everything again; until that is done, and whenever this process
 * cannot hear the other servers, `search` answers null and the database answers instead (rooms.service.ts).
 */
import { and, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { NightSetting, Stay } from '@staybook/domain';
import type { Db } from '../../../db/client.js';
import { bookings, calendarBlocks, nightSettingColumns, roomNightSettings, rooms as roomsTable } from '../../../db/schema.js';
import { currentFeeRates } from '../../fees/fees.service.js';
import type { BrowsingReads } from '../../../db/replica.js';
import { searchRooms, type SearchAnswer } from '../room-search.js';
import { readListings } from '../rooms.service.js';
import { IntSlab, indexedRoom } from './indexed-room.js';
import { runSearch, type IndexSearch } from './index-search.js';
import { RoomSet } from './room-set.js';
import type { WordChars } from './trigrams.js';

/** Stays and blocks that ended this many days before today (UTC) can refuse no stay any more and are not read. */
const PAST_DAYS_KEPT = 4;
/** How many typed places outside ASCII keep their database fold. */
const KEPT_FOLDS = 1000;

export type SearchIndex = {
  /** The answer from the index, or null while it cannot give one (the database answers then). */
  search(input: IndexSearch): Promise<SearchAnswer | null>;
  /** A room's listing, stays or calendar changed (null: every room's may have). */
  changed(roomId: string | null): void;
  start(): Promise<void>;
  stop(): void;
  stats(): { rooms: number; ready: boolean; fullLoads: number; roomLoads: number };
};

type RoomFacts = { stays: Stay[]; blocks: Stay[]; settings: NightSetting[] };

/** A room with no stays, blocks or calendar runs (fresh arrays each time: a room keeps its own). */
const noFacts = (): RoomFacts => ({ stays: [], blocks: [], settings: [] });

/** The stays, imported blocks and calendar runs of the rooms `where` picks (all rooms: none), by room. */
async function readFacts(db: Db, roomIds: string[] | null): Promise<Map<string, RoomFacts>> {
  const recent = (checkOut: SQLWrapper) => sql`${checkOut} >= current_date - ${sql.raw(String(PAST_DAYS_KEPT))}`;
  const [stays, blocks, settings] = await Promise.all([
    db
      .select({ roomId: bookings.roomId, from: bookings.checkIn, to: bookings.checkOut })
      .from(bookings)
      .where(and(ne(bookings.status, 'cancelled'), recent(bookings.checkOut), roomIds ? inArray(bookings.roomId, roomIds) : undefined)),
    db
      .select({ roomId: calendarBlocks.roomId, from: calendarBlocks.checkIn, to: calendarBlocks.checkOut })
      .from(calendarBlocks)
      .where(and(recent(calendarBlocks.checkOut), roomIds ? inArray(calendarBlocks.roomId, roomIds) : undefined)),
    db
      .select({ roomId: roomNightSettings.roomId, ...nightSettingColumns })
      .from(roomNightSettings)
      .where(and(recent(roomNightSettings.checkOut), roomIds ? inArray(roomNightSettings.roomId, roomIds) : undefined)),
  ]);
  const facts = new Map<string, RoomFacts>();
  const of = (roomId: string) => {
    let found = facts.get(roomId);
    if (!found) facts.set(roomId, (found = noFacts()));
    return found;
  };
  for (const { roomId, from, to } of stays) of(roomId).stays.push({ from, to });
  for (const { roomId, from, to } of blocks) of(roomId).blocks.push({ from, to });
  for (const { roomId, ...setting } of settings) of(roomId).settings.push(setting);
  return facts;
}

/** Whether the database's trigrams count letters outside ASCII as parts of words (its locale decides). */
async function readWordChars(db: Db): Promise<WordChars> {
  const result = (await db.execute(sql`select word_similarity('ж', 'ж') > 0 as letters`)) as unknown as { rows: { letters: boolean }[] };
  return { nonAsciiLetters: result.rows[0]?.letters === true };
}

export function createSearchIndex({
  db,
  log,
  canHearChanges = () => true,
}: {
  db: Db;
  log: FastifyBaseLogger;
  /** Whether this process hears every other server's changes now (the listing cache's LISTEN is up). */
  canHearChanges?: () => boolean;
}): SearchIndex {
  let rooms = new RoomSet();
  let chars: WordChars = { nonAsciiLetters: true };
  let guestFeeBp = 0;
  let loaded = false;
  let stopped = false;
  /** Every room must be read again: nothing is answered from the index until it has been. */
  let everything = true;
  const marked = new Set<string>();
  let reading: Promise<void> | null = null;
  let fullLoads = 0;
  let roomLoads = 0;
  /** Typed places outside ASCII, folded by the database (unaccent's rules are its own), the most recent kept. */
  const folds = new Map<string, string>();

  async function fold(text: string): Promise<string> {
    // unaccent maps only characters outside ASCII, and lower() of ASCII is the same everywhere.
    if (/^\p{ASCII}*$/u.test(text)) return text.toLowerCase();
    const known = folds.get(text);
    if (known !== undefined) return known;
    const result = (await db.execute(sql`select search_fold(${text}) as folded`)) as unknown as { rows: { folded: string }[] };
    const folded = result.rows[0]?.folded ?? text.toLowerCase();
    if (folds.size >= KEPT_FOLDS) folds.delete(folds.keys().next().value as string);
    folds.set(text, folded);
    return folded;
  }

  /** A read of every room is under way: searches go to the database until it is done. */
  let readingEverything = false;

  async function loadEverything(): Promise<void> {
    everything = false;
    marked.clear();
    readingEverything = true;
    const [listings, facts, fees, wordChars] = await Promise.all([readListings(db), readFacts(db, null), currentFeeRates(db), readWordChars(db)]);
    const next = new RoomSet();
    const slab = new IntSlab();
    for (const row of listings) next.put(indexedRoom(row, facts.get(row.id) ?? noFacts(), wordChars, slab));
    rooms = next;
    chars = wordChars;
    guestFeeBp = fees.guestFeeBp;
    loaded = true;
    fullLoads += 1;
    readingEverything = false;
  }

  async function loadMarked(): Promise<void> {
    const ids = [...marked];
    marked.clear();
    const [listings, facts] = await Promise.all([readListings(db, inArray(roomsTable.id, ids)), readFacts(db, ids)]);
    const found = new Set<string>();
    for (const row of listings) {
      found.add(row.id);
      rooms.put(indexedRoom(row, facts.get(row.id) ?? noFacts(), chars));
    }
    // Removed (or never listed): out of every search.
    for (const id of ids) if (!found.has(id)) rooms.remove(id);
    roomLoads += ids.length;
  }

  /** Reads what changed since the last read, one read at a time, until nothing is marked. */
  function catchUp(): Promise<void> {
    reading ??= (async () => {
      try {
        while (everything || marked.size > 0) {
          if (everything) await loadEverything();
          else await loadMarked();
        }
      } catch (err) {
        // Read again from nothing at the next search; the database answers meanwhile.
        everything = true;
        readingEverything = false;
        log.error({ err }, 'the search index could not read the rooms; searches go to the database until it can');
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  return {
    async search(input) {
      if (stopped || !canHearChanges()) return null;
      if (everything || readingEverything || !loaded) {
        // Loading every room takes a while on a large marketplace: the database answers meanwhile.
        void catchUp();
        return null;
      }
      if (marked.size > 0 || reading) await catchUp();
      if (everything || readingEverything) return null;
      return runSearch(rooms, { ...input, chars, guestFeeBp, fold });
    },
    changed(roomId) {
      if (roomId === null) everything = true;
      else marked.add(roomId);
    },
    async start() {
      await catchUp();
    },
    stop() {
      stopped = true;
    },
    stats: () => ({ rooms: rooms.size, ready: loaded && !everything, fullLoads, roomLoads }),
  };
}

/** A search's answer: the index's when it can give one, else the database's (through `browse`: the replica when there is one). */
export type RoomFinder = (request: FastifyRequest, input: IndexSearch) => Promise<SearchAnswer>;

export function roomFinder(index: SearchIndex | null, browse: BrowsingReads): RoomFinder {
  return async (request, input) => (await index?.search(input)) ?? browse(request, (db) => searchRooms(db, input));
}
