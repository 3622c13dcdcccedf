/*
 * The search index's rooms and the ways in: by id, by trigram of the search text, by a grid of one-degree cells over
 * the public circles' centres, and in each order a search may list them in (kept sorted, sorted again only after a
 * change of what orders them: a booking changes none).
 */
import { RATING_SHOWN_FROM, type Bounds } from '@staybook/domain';
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

const COMPARE: Record<KeptOrder, (a: IndexedRoom, b: IndexedRoom) => number> = {
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

/** What places a room in the kept orders: unchanged, it keeps its places. */
function orderKey(room: IndexedRoom): string {
  return `${room.createdAt} ${room.row.priceCents} ${room.row.reviewCount} ${room.row.ratingSum}`;
}

export class RoomSet {
  private readonly byId = new Map<string, IndexedRoom>();
  private readonly postings = new Map<string, Set<IndexedRoom>>();
  private readonly cells = new Map<string, Set<IndexedRoom>>();
  private readonly sorted = new Map<KeptOrder, IndexedRoom[]>();
  /** Each room's number, for counting trigrams met in an array; a removed room's number is not given again. */
  private nextSlot = 0;
  private counts = new Uint16Array(0);

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
      return;
    }
    const reorder = orderKey(old) !== orderKey(next);
    this.unlink(old);
    Object.assign(old, { ...next, slot: old.slot });
    this.link(old);
    if (reorder) this.sorted.clear();
  }

  remove(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    this.unlink(old);
    this.sorted.clear();
  }

  /** Every room in the order, sorted when first asked after a change. */
  ordered(order: KeptOrder): readonly IndexedRoom[] {
    let list = this.sorted.get(order);
    if (!list) {
      list = [...this.byId.values()].sort(COMPARE[order]);
      this.sorted.set(order, list);
    }
    return list;
  }

  /**
   * The rooms whose search text may match the place: those holding at least half its trigrams, since a word
   * similarity is at most the share of the place's trigrams found (pg_trgm's CALCSML with the extent's trigrams ≥ the
   * common ones). The exact test is the caller's.
   */
  textCandidates(query: PlaceQuery, threshold: number): IndexedRoom[] {
    const needed = Math.ceil(query.trigrams.size * threshold - 1e-9);
    if (this.counts.length < this.nextSlot) this.counts = new Uint16Array(this.nextSlot * 2);
    const counts = this.counts;
    const met: IndexedRoom[] = [];
    for (const trigram of query.trigrams) {
      for (const room of this.postings.get(trigram) ?? []) {
        if (counts[room.slot] === 0) met.push(room);
        counts[room.slot] = (counts[room.slot] as number) + 1;
      }
    }
    const out: IndexedRoom[] = [];
    for (const room of met) {
      if ((counts[room.slot] as number) >= needed) out.push(room);
      counts[room.slot] = 0;
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
