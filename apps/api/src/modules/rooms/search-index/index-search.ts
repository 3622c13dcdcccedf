/*
 * A search run on the search index (docs/decisions/057-search-index.md): the same rooms, in the same order, with the
 * same totals, cursors and count as the database's search (rooms.service.ts `searchRooms`), whose conditions are
 * written beside it. search-index.test.ts runs random searches on random rooms through both and requires equal
 * answers, on both database kinds.
 */
import { sql } from 'drizzle-orm';
import {
  boxesAround,
  distanceKm,
  NEAR_PLACE_RADIUS_KM,
  SEARCH_LIMITS,
  splitAtAntimeridian,
  timeOfDayIn,
  todayIn,
  type RoomSearch,
  type Stay,
} from '@staybook/domain';
import { NEAR_RANK, nightlyBoundsOf, planSearch, PLACE_MATCH_THRESHOLD, searchAnswer, type SearchAnswer } from '../room-search.js';
import type { OrderedRow } from '../rooms.service.js';
import { decodeCursor, encodeCursor, searchOrdering, type Ordering } from '../room-orders.js';
import { isBooked, quotedTotal, stayFacts, stayFit, type IndexedRoom, type RoomClock, type StayFacts } from './indexed-room.js';
import { topRatedKeys, type KeptOrder, type RoomSet } from './room-set.js';
import { asReal, placeQuery, wordSimilarity, type WordChars } from './trigrams.js';

/**
 * The day and time of day in each zone, for the minute they were read in: both stay the same to the next minute (every
 * zone's offset is whole minutes), and reading them costs more than judging a room.
 */
const zoneClocks = new Map<string, { minute: number; clock: RoomClock }>();

export type IndexSearch = { search: RoomSearch; cursor?: string | undefined; limit: number };

type Context = IndexSearch & {
  chars: WordChars;
  guestFeeBp: number;
  /** `search_fold` of a typed place, as the database folds it. */
  fold: (text: string) => Promise<string>;
  now?: Date;
};

type Key = (string | number)[];

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/** A room's sort keys in the ordering, as its cursor carries them (a time as its instant in ms). */
function keysOf(ordering: Ordering, room: IndexedRoom, score: number): Key {
  const { id, priceCents } = room.row;
  switch (ordering.tag) {
    case 'pa':
    case 'pd':
      return [priceCents, id];
    case 'm':
    case 'd':
      return [score, room.createdAt, id];
    case 'tr':
      return [...topRatedKeys(room), room.createdAt, id];
    default:
      return [room.createdAt, id];
  }
}

function cursorKeys(ordering: Ordering, cursor: string): Key {
  return decodeCursor(ordering, cursor).map((value, i) => (ordering.keys[i]?.type === 'timestamptz' ? Date.parse(value as string) : value));
}

/** The kept order a search without a place or an area walks, and whether backwards. */
function keptOrderOf(ordering: Ordering): { order: KeptOrder; backwards: boolean } {
  if (ordering.tag === 'pa') return { order: 'price', backwards: false };
  if (ordering.tag === 'pd') return { order: 'price', backwards: true };
  if (ordering.tag === 'tr') return { order: 'top-rated', backwards: false };
  return { order: 'newest', backwards: false };
}

/** The stay a room takes (for a dated or flexible search), its total if quoted, and which flexible stay it is. */
type Fit = { facts: StayFacts | null; total: number | 'unquoted' | null; choice: number | null };

/** What a room's fit adds to its row: its stay's total, or its first fitting flexible stay as the database writes it. */
function fitColumns(room: IndexedRoom, { facts, total, choice }: Fit): { stayTotalCents: number | null; stayChoice: string | null } {
  if (!facts) return { stayTotalCents: null, stayChoice: null };
  const cents = total === 'unquoted' || total === null ? quotedTotal(room, facts) : total;
  return choice === null ? { stayTotalCents: cents, stayChoice: null } : { stayTotalCents: null, stayChoice: `${choice} ${cents}` };
}

export async function runSearch(set: RoomSet, context: Context): Promise<SearchAnswer> {
  const { search, cursor, limit, guestFeeBp } = context;
  const now = context.now ?? new Date();
  const plan = await planSearch(search, now);
  const { stay, flexibleStays, near } = plan;
  const minute = Math.floor(now.getTime() / 60_000);
  const clockOf = (zone: string): RoomClock => {
    const kept = zoneClocks.get(zone);
    if (kept?.minute === minute) return kept.clock;
    const clock = { today: todayIn(zone, now), timeOfDay: timeOfDayIn(zone, now) };
    zoneClocks.set(zone, { minute, clock });
    return clock;
  };
  const bounds = nightlyBoundsOf(search);
  const guests = search.guests ?? 1;
  const amenities = search.amenities ?? [];
  const areaBoxes = search.area ? splitAtAntimeridian(search.area) : null;

  /** The search's own filters: each a cheap test of the room's row. */
  const passesFilters = (room: IndexedRoom): boolean => {
    const { row } = room;
    if (search.category && row.category !== search.category) return false;
    if (search.guests !== undefined && row.guests < search.guests) return false;
    if (search.bedrooms !== undefined && row.bedrooms < search.bedrooms) return false;
    if (amenities.length > 0 && !amenities.every((key) => room.amenities.has(key))) return false;
    if (areaBoxes) {
      const { areaLatitude: y, areaLongitude: x } = row;
      if (y === null || x === null || !areaBoxes.some((b) => y >= b.south && y <= b.north && x >= b.west && x <= b.east)) return false;
    }
    if (!stay && !flexibleStays) {
      if (bounds.lowestCents !== undefined && row.priceCents < bounds.lowestCents) return false;
      if (bounds.highestCents !== undefined && row.priceCents > bounds.highestCents) return false;
    }
    return true;
  };

  /** The stay (or each flexible one), worked out once for every room. */
  const factsOf = (one: Stay) => stayFacts(one, { guests, guestFeeBp, bounds });
  const dated = stay ? factsOf(stay) : null;
  const flexible = flexibleStays ? flexibleStays.candidates.map(factsOf) : null;

  /**
   * Whether the room takes the stay, or which flexible stay first, and its total when it was quoted to decide; null
   * when it takes none. A total not quoted is quoted for the page's rooms only.
   */
  const fitOf = (room: IndexedRoom): Fit | null => {
    if (!dated && !flexible) return { facts: null, total: null, choice: null };
    const clock = clockOf(room.row.timeZone);
    if (dated) {
      const fit = stayFit(room, dated, clock);
      return fit === null ? null : { facts: dated, total: fit, choice: null };
    }
    const candidates = flexible ?? [];
    for (let i = 0; i < candidates.length; i++) {
      const facts = candidates[i] as StayFacts;
      const fit = stayFit(room, facts, clock);
      if (fit !== null) return { facts, total: fit, choice: i };
    }
    return null;
  };

  // The place: rooms whose text matches it and, when the gazetteer knows it, rooms within reach, each with its rank.
  let ranked: Map<IndexedRoom, number> | null = null;
  if (search.where) {
    ranked = new Map();
    const query = placeQuery(await context.fold(search.where), context.chars);
    for (const room of set.textCandidates(query, PLACE_MATCH_THRESHOLD)) {
      const similarity = asReal(wordSimilarity(query, room));
      if (similarity >= PLACE_MATCH_THRESHOLD) ranked.set(room, similarity);
    }
    if (near) {
      for (const room of set.inBoxes(boxesAround(near, NEAR_PLACE_RADIUS_KM))) {
        const km = distanceKm(near, { latitude: room.row.areaLatitude as number, longitude: room.row.areaLongitude as number });
        if (km <= NEAR_PLACE_RADIUS_KM) ranked.set(room, asReal(NEAR_RANK - km));
      }
    }
  }

  const ordering = searchOrdering(search, ranked ? { rank: sql`0`, near: near !== null } : undefined);
  const after = cursor ? cursorKeys(ordering, cursor) : null;
  const descending = ordering.direction === 'desc';
  const isAfter = (keys: Key) => after === null || (descending ? compareKeys(keys, after) < 0 : compareKeys(keys, after) > 0);

  const page: { room: IndexedRoom; score: number | null; fit: Fit }[] = [];
  let counted = 0;
  const zones = new Set<string>();
  const counting = !cursor;
  const consider = (room: IndexedRoom, score: number | null, keys: Key | null): boolean => {
    if (!passesFilters(room)) return true;
    const fit = fitOf(room);
    if (!fit) return true;
    if (counting && counted <= SEARCH_LIMITS.countCap) {
      counted += 1;
      zones.add(room.row.timeZone);
    }
    if (page.length <= limit && (keys === null || isAfter(keys))) page.push({ room, score, fit });
    // Done when the page (and one more, to know there is a next) is full and the count reached its cap.
    return page.length <= limit || (counting && counted <= SEARCH_LIMITS.countCap);
  };

  if (ranked || areaBoxes) {
    // A place or an area picks a bounded set of rooms: each is placed by its keys.
    const chosen = ranked ? [...ranked] : set.inBoxes(areaBoxes ?? []).map((room): [IndexedRoom, number] => [room, 0]);
    const sorted = chosen
      .map(([room, score]) => ({ room, score, keys: keysOf(ordering, room, score) }))
      .sort((a, b) => (descending ? -1 : 1) * compareKeys(a.keys, b.keys));
    for (const { room, score, keys } of sorted) if (!consider(room, ranked ? score : null, keys)) break;
  } else {
    const { order, backwards } = keptOrderOf(ordering);
    const list = set.ordered(order);
    // The page starts after the cursor's row: found by halving, as the kept order is the ordering's.
    let start = backwards ? list.length - 1 : 0;
    if (after) {
      let low = 0;
      let high = list.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        const keys = keysOf(ordering, list[middle] as IndexedRoom, 0);
        const cmp = compareKeys(keys, after);
        // Forwards: the first room past the cursor; backwards: the first room not before it.
        if (backwards ? cmp < 0 : descending ? cmp >= 0 : cmp <= 0) low = middle + 1;
        else high = middle;
      }
      start = backwards ? low - 1 : low;
    }
    for (let i = start; backwards ? i >= 0 : i < list.length; i += backwards ? -1 : 1) {
      if (!consider(list[i] as IndexedRoom, null, null)) break;
    }
  }

  const rows: OrderedRow[] = page.slice(0, limit).map(({ room, score, fit }) => ({
    ...room.row,
    booked: isBooked(room, clockOf(room.row.timeZone).today),
    serviceFeeBp: guestFeeBp,
    score,
    ...fitColumns(room, fit),
  }));
  const last = rows[rows.length - 1];
  const nextCursor = page.length > limit && last ? encodeCursor(ordering, last) : null;
  return searchAnswer(plan, { rows, nextCursor, count: counting ? { count: counted, zones: [...zones] } : null });
}
