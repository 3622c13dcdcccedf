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
  type Place,
  type RoomSearch,
  type Stay,
} from '@staybook/domain';
import { NEAR_RANK, nightlyBoundsOf, planSearch, PLACE_MATCH_THRESHOLD, searchAnswer, type SearchAnswer } from '../room-search.js';
import type { OrderedRow } from '../rooms.service.js';
import { decodeCursor, encodeCursor, searchOrdering, type Ordering } from '../room-orders.js';
import { amenityBits, dayNumber, isBooked, stayFacts, type IndexedRoom, type RoomClock, type StayFacts } from './indexed-room.js';
import { COMPARE, type RoomSet } from './room-set.js';
import { quotedTotal, stayFit, zoneOf, type Judging } from './room-rules.js';
import { CATEGORY_CODES, topRatedKeys, type KeptOrder } from './room-keys.js';
import { asReal, placeQuery, wordSimilarity, type PlaceQuery, type WordChars } from './trigrams.js';

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

export type Key = (string | number)[];

export function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/** A room's sort keys in the ordering, as its cursor carries them (a time as its instant in ms). */
export function keysOf(ordering: Ordering, room: IndexedRoom, score: number): Key {
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

/** `asReal` of word similarities, which are ratios of small counts: few values, each read once. */
const realSimilarities = new Map<number, number>();

function similarityAsReal(similarity: number): number {
  let real = realSimilarities.get(similarity);
  if (real === undefined) {
    if (realSimilarities.size >= 100_000) realSimilarities.clear();
    realSimilarities.set(similarity, (real = asReal(similarity)));
  }
  return real;
}

/** Rooms a place or an area chose, with each one's match score or distance rank (none for an area). */
type Found = { rooms: IndexedRoom[]; scores: Float64Array | null };

/**
 * The rooms a place or an area chose in the ordering's order, as their numbers in the room set (`slot`), with their
 * scores. A place's list is kept (RoomSet.kept): numbers, which a garbage collection does not walk, where a list of
 * rooms would be millions of references for every full one to follow.
 */
export type Chosen = { slots: Int32Array; scores: Float64Array | null };

/**
 * The rooms whose text matches the place (by pg_trgm's word similarity, as the database reads it) and, when the
 * gazetteer knows it, those within reach of it, ranked NEAR_RANK less their distance, as `placeSearch` does.
 */
function placeMatches(set: RoomSet, query: PlaceQuery, near: Place | null): Found {
  // Within reach ranks a room by its distance, whatever its text.
  const reached = new Map<IndexedRoom, number>();
  if (near) {
    for (const room of set.inBoxes(boxesAround(near, NEAR_PLACE_RADIUS_KM))) {
      const km = distanceKm(near, { latitude: room.row.areaLatitude as number, longitude: room.row.areaLongitude as number });
      if (km <= NEAR_PLACE_RADIUS_KM) reached.set(room, asReal(NEAR_RANK - km));
    }
  }
  const rooms: IndexedRoom[] = [];
  const scores: number[] = [];
  for (const room of set.textCandidates(query, PLACE_MATCH_THRESHOLD)) {
    if (reached.has(room)) continue;
    // A float4 at or above the threshold (exactly 0.5) reads back at or above it.
    const similarity = wordSimilarity(query, room);
    if (similarity < PLACE_MATCH_THRESHOLD) continue;
    rooms.push(room);
    scores.push(similarityAsReal(similarity));
  }
  for (const [room, rank] of reached) {
    rooms.push(room);
    scores.push(rank);
  }
  return { rooms, scores: Float64Array.from(scores) };
}

/** The ordering's order of two rooms with their scores, first listed first: as `compareKeys` of their `keysOf`. */
export function orderOf(ordering: Ordering): (a: IndexedRoom, x: number, b: IndexedRoom, y: number) => number {
  switch (ordering.tag) {
    case 'pa':
      return (a, _x, b) => COMPARE.price(a, b);
    case 'pd':
      return (a, _x, b) => COMPARE.price(b, a);
    case 'm':
    case 'd':
      return (a, x, b, y) => (x === y ? COMPARE.newest(a, b) : y - x);
    case 'tr':
      return (a, _x, b) => COMPARE['top-rated'](a, b);
    default:
      return (a, _x, b) => COMPARE.newest(a, b);
  }
}

/** The rooms found, in the ordering's order. */
export function inOrder(ordering: Ordering, { rooms, scores }: Found): Chosen {
  const order = orderOf(ordering);
  const places = Array.from(rooms, (_room, i) => i).sort((i, j) => order(rooms[i] as IndexedRoom, scores?.[i] ?? 0, rooms[j] as IndexedRoom, scores?.[j] ?? 0));
  return {
    slots: Int32Array.from(places, (i) => (rooms[i] as IndexedRoom).slot),
    scores: scores ? Float64Array.from(places, (i) => scores[i] as number) : null,
  };
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
    const today = todayIn(zone, now);
    const clock = { today, day: dayNumber(today), timeOfDay: timeOfDayIn(zone, now) };
    zoneClocks.set(zone, { minute, clock });
    return clock;
  };
  const bounds = nightlyBoundsOf(search);
  const guests = search.guests ?? 1;
  const amenities = search.amenities ?? [];
  const areaBoxes = search.area ? splitAtAntimeridian(search.area) : null;

  /** The search's own filters: each a cheap test of the room's row (a search may walk every room). */
  const { category, bedrooms } = search;
  const minGuests = search.guests;
  // Every amenity asked for, as bits; one the index does not know (none is stored) leaves no room.
  const wanted = amenityBits(amenities);
  const pricedByNight = !stay && !flexibleStays;
  const lowestNight = pricedByNight ? (bounds.lowestCents ?? -Infinity) : -Infinity;
  const highestNight = pricedByNight ? (bounds.highestCents ?? Infinity) : Infinity;
  const passesFilters = (room: IndexedRoom): boolean => {
    const { row } = room;
    if (category && row.category !== category) return false;
    if (minGuests !== undefined && row.guests < minGuests) return false;
    if (bedrooms !== undefined && row.bedrooms < bedrooms) return false;
    if (wanted === null || (room.amenityMask & wanted) !== wanted) return false;
    if (row.priceCents < lowestNight || row.priceCents > highestNight) return false;
    if (areaBoxes) {
      const { areaLatitude: y, areaLongitude: x } = row;
      if (y === null || x === null || !areaBoxes.some((b) => y >= b.south && y <= b.north && x >= b.west && x <= b.east)) return false;
    }
    return true;
  };

  /** The stay (or each flexible one), worked out once for every room. */
  const factsOf = (one: Stay) => stayFacts(one, { guests, guestFeeBp, bounds });
  const dated = stay ? factsOf(stay) : null;
  const flexible = flexibleStays ? flexibleStays.candidates.map(factsOf) : null;
  const nightsDecide = dated !== null && set.takenNights.covers(dated.fromDay, dated.toDay);

  /**
   * Whether the room takes the stay, or which flexible stay first, and its total when it was quoted to decide; null
   * when it takes none. A total not quoted is quoted for the page's rooms only.
   */
  const fitOf = (slot: number, room: IndexedRoom, nightsFree: boolean): Fit | null => {
    if (!dated && !flexible) return { facts: null, total: null, choice: null };
    if (dated) {
      const fit = stayFit(judging, slot, room, dated, nightsFree);
      return fit === null ? null : { facts: dated, total: fit, choice: null };
    }
    const candidates = flexible ?? [];
    for (let i = 0; i < candidates.length; i++) {
      const facts = candidates[i] as StayFacts;
      const fit = stayFit(judging, slot, room, facts);
      if (fit !== null) return { facts, total: fit, choice: i };
    }
    return null;
  };

  // The place: rooms whose text matches it and, when the gazetteer knows it, rooms within reach, each with its rank.
  const folded = search.where ? await context.fold(search.where) : null;
  // The rooms' rules as numbers, read after the search's last wait (a room put meanwhile may have replaced the array).
  const { zones: zoneNames } = set.rules;
  const clocksByZone: (RoomClock | undefined)[] = [];
  const judging: Judging = { numbers: set.rules.all, clockOf: (zone) => (clocksByZone[zone] ??= clockOf(zoneNames[zone] as string)) };
  const ordering = searchOrdering(search, folded !== null ? { rank: sql`0`, near: near !== null } : undefined);
  const after = cursor ? cursorKeys(ordering, cursor) : null;
  const descending = ordering.direction === 'desc';
  const isAfter = (keys: Key) => after === null || (descending ? compareKeys(keys, after) < 0 : compareKeys(keys, after) > 0);

  const page: { room: IndexedRoom; score: number | null; fit: Fit }[] = [];
  let counted = 0;
  const zones = new Set<string>();
  const counting = !cursor;
  /**
   * `filtered`: the room passed the filters on the columns, and for a dated search the night bitmaps (which decide
   * alone when they cover the stay: `nightsDecide`).
   */
  const consider = (slot: number, room: IndexedRoom, score: number | null, filtered = false): boolean => {
    if (!filtered && !passesFilters(room)) return true;
    const fit = fitOf(slot, room, filtered && nightsDecide);
    if (!fit) return true;
    if (counting && counted <= SEARCH_LIMITS.countCap) {
      counted += 1;
      // The zone where the room's row was read already (the filters read it when the columns did not), else by number.
      zones.add(filtered ? (zoneNames[zoneOf(judging.numbers, slot)] as string) : room.row.timeZone);
    }
    if (page.length <= limit) page.push({ room, score, fit });
    // Done when the page (and one more, to know there is a next) is full and the count reached its cap.
    return page.length <= limit || (counting && counted <= SEARCH_LIMITS.countCap);
  };

  if (folded !== null || areaBoxes) {
    // A place or an area picks a bounded set of rooms, listed in the ordering's order; a place's, worked out once
    // for as long as no room's text, place or order changes (the next search for it only walks them).
    const chosen =
      folded !== null
        ? set.kept(`${ordering.tag} ${near ? `${near.latitude} ${near.longitude}` : '-'} ${folded}`, () =>
            inOrder(ordering, placeMatches(set, placeQuery(folded, context.chars), near)),
            (list) => list.slots.length,
          )
        : inOrder(ordering, { rooms: set.inBoxes(areaBoxes ?? []), scores: null });
    // The page starts after the cursor's row: found by halving, as the list is in the ordering's order.
    const { slots, scores } = chosen;
    let start = 0;
    if (after) {
      let low = 0;
      let high = slots.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (isAfter(keysOf(ordering, set.at(slots[middle] as number), scores?.[middle] ?? 0))) high = middle;
        else low = middle + 1;
      }
      start = low;
    }
    for (let i = start; i < slots.length; i++) {
      const slot = slots[i] as number;
      if (!consider(slot, set.at(slot), folded !== null ? (scores?.[i] ?? 0) : null)) break;
    }
  } else {
    const { order, backwards } = keptOrderOf(ordering);
    const { rooms: list, columns } = set.ordered(order);
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
    // The filters on the columns first: a narrow search walks many rooms, and most of them stop there.
    const { category: categories, guests: guestCounts, bedrooms: bedroomCounts, amenities: masks, priceCents: prices, fromDay: opens, toDay: closes, slot: slots } = columns;
    const { takenNights } = set;
    // A dated search's stay lies within the room's window (flexible stays are each judged by `fitOf`).
    const stayFrom = dated ? dated.fromDay : Infinity;
    const stayTo = dated ? dated.toDay : -Infinity;
    const categoryCode = category ? (CATEGORY_CODES.get(category) ?? -1) : 0;
    const fewestGuests = minGuests ?? 0;
    const fewestBedrooms = bedrooms ?? 0;
    const step = backwards ? -1 : 1;
    for (let i = start; wanted !== null && i >= 0 && i < list.length; i += step) {
      if (categoryCode !== 0 && categories[i] !== categoryCode) continue;
      if ((guestCounts[i] as number) < fewestGuests || (bedroomCounts[i] as number) < fewestBedrooms) continue;
      if (((masks[i] as number) & wanted) !== wanted) continue;
      const price = prices[i] as number;
      if (price < lowestNight || price > highestNight) continue;
      if (stayFrom < (opens[i] as number) || stayTo > (closes[i] as number)) continue;
      // A stay or block of the room holds one of the stay's nights (a dated search refuses many rooms so).
      if (dated && takenNights.holdsAny(slots[i] as number, stayFrom, stayTo)) continue;
      if (!consider(slots[i] as number, list[i] as IndexedRoom, null, true)) break;
    }
  }

  const rows: OrderedRow[] = page.slice(0, limit).map(({ room, score, fit }) => ({
    ...room.row,
    createdAt: new Date(room.createdAt),
    booked: isBooked(room, clockOf(room.row.timeZone).day),
    serviceFeeBp: guestFeeBp,
    score,
    ...fitColumns(room, fit),
  }));
  const last = rows[rows.length - 1];
  const nextCursor = page.length > limit && last ? encodeCursor(ordering, last) : null;
  return searchAnswer(plan, { rows, nextCursor, count: counting ? { count: counted, zones: [...zones] } : null });
}
