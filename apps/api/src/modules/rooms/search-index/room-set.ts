/*
 * The search index's rooms and the ways in: by id, by trigram of the search text, by a grid of one-degree cells over
 * the public circles' centres, and in each order a search may list them in (kept sorted, sorted again only after a
 * change of what orders them: a booking changes none).
 */
import { CATEGORY_LABELS, RATING_SHOWN_FROM, type Bounds } from '@staybook/domain';
import type { IndexedRoom } from './indexed-room.js';
import type { PlaceQuery } from './trigrams.js';

/** The orders kept sorted: newest first, by nightly price (ascending; descending walks it backwards), top rated. */
export type KeptOrder = 'newest' | 'price' | 'top-rated';

const compareIds = (a: IndexedRoom, b: IndexedRoom) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);

/** 'Top rated''s first three keys (room-orders.ts): rated enough to show, the average to four decimals, the count. */
export function topRatedKeys(room: IndexedRoom): [number, number, number] {
  const { reviewCount, ratingSum } = room.row;
  const rated = reviewCount >= RATING_SHOWN_FROM;
  return [rated ? 1 : 0, rated ? Math.floor((ratingSum * 10000) / reviewCount) : 0, reviewCount];
}

/** Each kept order, first listed first (room-orders.ts's keys in their direction). */
export const COMPARE: Record<KeptOrder, (a: IndexedRoom, b: IndexedRoom) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt || compareIds(b, a),
  price: (a, b) => a.row.priceCents - b.row.priceCents || compareIds(a, b),
  'top-rated': (a, b) => {
    const [x, y] = [topRatedKeys(a), topRatedKeys(b)];
    return y[0] - x[0] || y[1] - x[1] || y[2] - x[2] || b.createdAt - a.createdAt || compareIds(b, a);
  },
};

function cellOf(latitude: number, longitude: number): string {
  return `${Math.floor(latitude)} ${Math.floor(longitude)}`;
}

/**
 * What places a room in the kept orders, and what the search's filters read of it there (`Columns`): unchanged, it
 * keeps its places and its columns.
 */
function orderKey(room: IndexedRoom): string {
  const { row } = room;
  return `${room.createdAt} ${row.priceCents} ${row.reviewCount} ${row.ratingSum} ${row.category} ${row.guests} ${row.bedrooms} ${room.amenityMask} ${room.fromDay} ${room.toDay}`;
}

/** Each category's number in the columns (0: none of them). */
export const CATEGORY_CODES = new Map<string, number>(CATEGORY_LABELS.map((label, i) => [label, i + 1]));

/**
 * What a search's own filters read of each room of a kept order, one typed array per filter in the order's order: a
 * search that walks all the rooms reads these one after the other rather than each room's row where it lies.
 */
export type Columns = {
  category: Uint8Array;
  guests: Uint16Array;
  bedrooms: Uint16Array;
  amenities: Int32Array;
  priceCents: Float64Array;
  /** The availability window's first and last day (`dayNumber`). */
  fromDay: Int32Array;
  toDay: Int32Array;
};

/** The rooms in a kept order, and their columns. */
export type KeptList = { rooms: readonly IndexedRoom[]; columns: Columns };

function columnsOf(rooms: readonly IndexedRoom[]): Columns {
  const n = rooms.length;
  const columns: Columns = {
    category: new Uint8Array(n),
    guests: new Uint16Array(n),
    bedrooms: new Uint16Array(n),
    amenities: new Int32Array(n),
    priceCents: new Float64Array(n),
    fromDay: new Int32Array(n),
    toDay: new Int32Array(n),
  };
  rooms.forEach(({ row, amenityMask, fromDay, toDay }, i) => {
    columns.category[i] = CATEGORY_CODES.get(row.category) ?? 0;
    columns.guests[i] = row.guests;
    columns.bedrooms[i] = row.bedrooms;
    columns.amenities[i] = amenityMask;
    columns.priceCents[i] = row.priceCents;
    columns.fromDay[i] = fromDay;
    columns.toDay[i] = toDay;
  });
  return columns;
}

/** What decides whether a place matches a room: its search text and its public circle's centre. */
function placeKey(room: IndexedRoom): string {
  return `${room.row.areaLatitude} ${room.row.areaLongitude} ${room.row.folded}`;
}

/**
 * How many rooms the lists worked out from the rooms (`kept`) may name in all (some 16 bytes each: 32 MB), the least
 * recently used going first: enough for the places of a busy day's searches (the bench's mix asks some 4,000).
 */
const KEPT_ROOMS = 2_000_000;

export class RoomSet {
  private readonly byId = new Map<string, IndexedRoom>();
  private readonly postings = new Map<string, Set<IndexedRoom>>();
  private readonly cells = new Map<string, Set<IndexedRoom>>();
  private readonly sorted = new Map<KeptOrder, KeptList>();
  /** Each room's number, for counting trigrams met in an array; a removed room's number is not given again. */
  private nextSlot = 0;
  private counts = new Uint16Array(0);
  private readonly lists = new Map<string, { list: unknown; size: number }>();
  private keptRooms = 0;

  get size(): number {
    return this.byId.size;
  }

  /** Adds the room, or brings the one with its id up to date (keeping its identity, so the kept orders stay valid). */
  put(next: IndexedRoom): void {
    const old = this.byId.get(next.row.id);
    if (!old) {
      next.slot = this.nextSlot++;
      this.byId.set(next.row.id, next);
      this.link(next);
      this.sorted.clear();
      this.forgetLists();
      return;
    }
    const reorder = orderKey(old) !== orderKey(next);
    const replace = placeKey(old) !== placeKey(next);
    this.unlink(old);
    Object.assign(old, { ...next, slot: old.slot });
    this.link(old);
    if (reorder) this.sorted.clear();
    // A booking changes neither: a place's matches in their order stay as they were worked out.
    if (reorder || replace) this.forgetLists();
  }

  remove(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    this.unlink(old);
    this.sorted.clear();
    this.forgetLists();
  }

  /**
   * A list worked out from the rooms' search texts, public circles and what orders them (a place's matches in an
   * order), kept under `key` until a room is added, removed, or changes one of those; the most recently used are
   * kept, up to KEPT_ROOMS rooms named in all (`sizeOf` says how many a list names). What `work` answers must depend
   * on nothing else (a room's stays, say).
   */
  kept<T>(key: string, work: () => T, sizeOf: (list: T) => number): T {
    const found = this.lists.get(key);
    if (found !== undefined) {
      // Most recently used last.
      this.lists.delete(key);
      this.lists.set(key, found);
      return found.list as T;
    }
    const list = work();
    const size = sizeOf(list) + 1;
    for (const [oldest, { size: freed }] of this.lists) {
      if (this.keptRooms + size <= KEPT_ROOMS) break;
      this.lists.delete(oldest);
      this.keptRooms -= freed;
    }
    this.lists.set(key, { list, size });
    this.keptRooms += size;
    return list;
  }

  /** Every room in the order, with its columns, sorted when first asked after a change. */
  ordered(order: KeptOrder): KeptList {
    let list = this.sorted.get(order);
    if (!list) {
      const rooms = [...this.byId.values()].sort(COMPARE[order]);
      list = { rooms, columns: columnsOf(rooms) };
      this.sorted.set(order, list);
    }
    return list;
  }

  private forgetLists(): void {
    this.lists.clear();
    this.keptRooms = 0;
  }

  /**
   * The rooms whose search text may match the place: those holding at least half its trigrams, since a word
   * similarity is at most the share of the place's trigrams found (pg_trgm's CALCSML with the extent's trigrams ≥ the
   * common ones). The exact test is the caller's.
   *
   * A room holding `needed` of the place's n trigrams holds one of any n - needed + 1 of them: the rooms of the
   * shortest n - needed + 1 lists are counted, and only those are looked up in the longer lists (a common trigram
   * such as '  l' lists most rooms, and is never walked).
   */
  textCandidates(query: PlaceQuery, threshold: number): IndexedRoom[] {
    const needed = Math.ceil(query.trigrams.size * threshold - 1e-9);
    if (query.trigrams.size === 0) return [];
    const lists = [...query.trigrams].map((trigram) => this.postings.get(trigram)).sort((a, b) => (a?.size ?? 0) - (b?.size ?? 0));
    const walked = lists.length - needed + 1;
    if (this.counts.length < this.nextSlot) this.counts = new Uint16Array(this.nextSlot * 2);
    const counts = this.counts;
    const met: IndexedRoom[] = [];
    for (let i = 0; i < walked; i++) {
      for (const room of lists[i] ?? []) {
        if (counts[room.slot] === 0) met.push(room);
        counts[room.slot] = (counts[room.slot] as number) + 1;
      }
    }
    const out: IndexedRoom[] = [];
    for (const room of met) {
      let count = counts[room.slot] as number;
      counts[room.slot] = 0;
      for (let i = walked; i < lists.length && count < needed; i++) if (lists[i]?.has(room)) count++;
      if (count >= needed) out.push(room);
    }
    return out;
  }

  /** The rooms whose public circle's centre is in one of the boxes (each west ≤ east), edges included. */
  inBoxes(boxes: readonly Bounds[]): IndexedRoom[] {
    const out = new Set<IndexedRoom>();
    for (const box of boxes) {
      for (let lat = Math.floor(box.south); lat <= Math.floor(box.north); lat++) {
        for (let lng = Math.floor(box.west); lng <= Math.floor(box.east); lng++) {
          for (const room of this.cells.get(`${lat} ${lng}`) ?? []) {
            const { areaLatitude: y, areaLongitude: x } = room.row;
            if (y !== null && x !== null && y >= box.south && y <= box.north && x >= box.west && x <= box.east) out.add(room);
          }
        }
      }
    }
    return [...out];
  }

  private link(room: IndexedRoom): void {
    for (const trigram of room.distinctTrigrams) {
      let rooms = this.postings.get(trigram);
      if (!rooms) this.postings.set(trigram, (rooms = new Set()));
      rooms.add(room);
    }
    const { areaLatitude, areaLongitude } = room.row;
    if (areaLatitude !== null && areaLongitude !== null) {
      const key = cellOf(areaLatitude, areaLongitude);
      let rooms = this.cells.get(key);
      if (!rooms) this.cells.set(key, (rooms = new Set()));
      rooms.add(room);
    }
  }

  private unlink(room: IndexedRoom): void {
    for (const trigram of room.distinctTrigrams) {
      const rooms = this.postings.get(trigram);
      rooms?.delete(room);
      if (rooms?.size === 0) this.postings.delete(trigram);
    }
    const { areaLatitude, areaLongitude } = room.row;
    if (areaLatitude !== null && areaLongitude !== null) {
      const key = cellOf(areaLatitude, areaLongitude);
      const rooms = this.cells.get(key);
      rooms?.delete(room);
      if (rooms?.size === 0) this.cells.delete(key);
    }
  }
}
