/*
 * What orders each room of the search index and what a search's filters read of it, by room number (decision 057):
 * written as each room is put, one array per key, so that sorting every room in a kept order and making its columns
 * compares and copies numbers in arrays rather than reading each of 100,000 rooms' rows where they lie.
 */
import { CATEGORY_LABELS, RATING_SHOWN_FROM } from '@staybook/domain';
import type { IndexedRoom } from './indexed-room.js';

/** The orders kept sorted: newest first, by nightly price (ascending; descending walks it backwards), top rated. */
export type KeptOrder = 'newest' | 'price' | 'top-rated';

/** 'Top rated''s first three keys (room-orders.ts): rated enough to show, the average to four decimals, the count. */
export function topRatedKeys(room: IndexedRoom): [number, number, number] {
  const { reviewCount, ratingSum } = room.row;
  const rated = reviewCount >= RATING_SHOWN_FROM;
  return [rated ? 1 : 0, rated ? Math.floor((ratingSum * 10000) / reviewCount) : 0, reviewCount];
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
  /** The room's number, for what is kept by it (`takenNights`). */
  slot: Int32Array;
};

type Keys = Omit<Columns, 'slot'> & { createdAt: Float64Array; rated: Uint8Array; average: Float64Array; reviews: Float64Array; idKey: Float64Array };

const UUID_START = /^[0-9a-f]{8}-[0-9a-f]{4}-/;

/**
 * An id's first twelve hex digits as a number, which order as the ids do where they differ (NaN, which decides
 * nothing, for an id of another form): most comparisons of two ids are then one of two numbers.
 */
function idKeyOf(id: string): number {
  return UUID_START.test(id) ? Number.parseInt(id.slice(0, 8), 16) * 65_536 + Number.parseInt(id.slice(9, 13), 16) : Number.NaN;
}

export class RoomKeys {
  private capacity = 0;
  private keys: Keys = {
    createdAt: new Float64Array(0),
    priceCents: new Float64Array(0),
    rated: new Uint8Array(0),
    average: new Float64Array(0),
    reviews: new Float64Array(0),
    idKey: new Float64Array(0),
    category: new Uint8Array(0),
    guests: new Uint16Array(0),
    bedrooms: new Uint16Array(0),
    amenities: new Int32Array(0),
    fromDay: new Int32Array(0),
    toDay: new Int32Array(0),
  };
  private readonly ids: string[] = [];

  /** Keeps the room's keys under its number (`slot`). */
  set(room: IndexedRoom): void {
    const { slot, row } = room;
    if (slot >= this.capacity) this.grow(Math.max(slot + 1, this.capacity * 2, 1024));
    const keys = this.keys;
    const [rated, average, reviews] = topRatedKeys(room);
    keys.createdAt[slot] = room.createdAt;
    keys.priceCents[slot] = row.priceCents;
    keys.rated[slot] = rated;
    keys.average[slot] = average;
    keys.reviews[slot] = reviews;
    keys.idKey[slot] = idKeyOf(row.id);
    keys.category[slot] = CATEGORY_CODES.get(row.category) ?? 0;
    keys.guests[slot] = row.guests;
    keys.bedrooms[slot] = row.bedrooms;
    keys.amenities[slot] = room.amenityMask;
    keys.fromDay[slot] = room.fromDay;
    keys.toDay[slot] = room.toDay;
    this.ids[slot] = row.id;
  }

  /** The rooms' numbers sorted in the order, as COMPARE sorts the rooms (room-set.ts). */
  sort(slots: Int32Array, order: KeptOrder): Int32Array {
    const { createdAt, priceCents, rated, average, reviews, idKey } = this.keys;
    const { ids } = this;
    const byId = (a: number, b: number) =>
      (idKey[a] as number) - (idKey[b] as number) || ((ids[a] as string) < (ids[b] as string) ? -1 : (ids[a] as string) > (ids[b] as string) ? 1 : 0);
    const newest = (a: number, b: number) => (createdAt[b] as number) - (createdAt[a] as number) || byId(b, a);
    if (order === 'price') return slots.sort((a, b) => (priceCents[a] as number) - (priceCents[b] as number) || byId(a, b));
    if (order === 'newest') return slots.sort(newest);
    return slots.sort(
      (a, b) =>
        (rated[b] as number) - (rated[a] as number) ||
        (average[b] as number) - (average[a] as number) ||
        (reviews[b] as number) - (reviews[a] as number) ||
        newest(a, b),
    );
  }

  /** The filters' columns of the rooms numbered `slots`, in that order. */
  columns(slots: Int32Array): Columns {
    const { category, guests, bedrooms, amenities, priceCents, fromDay, toDay } = this.keys;
    const pick = <T extends Uint8Array | Uint16Array | Int32Array | Float64Array>(from: T, to: T): T => {
      slots.forEach((slot, i) => (to[i] = from[slot] as number));
      return to;
    };
    const n = slots.length;
    return {
      category: pick(category, new Uint8Array(n)),
      guests: pick(guests, new Uint16Array(n)),
      bedrooms: pick(bedrooms, new Uint16Array(n)),
      amenities: pick(amenities, new Int32Array(n)),
      priceCents: pick(priceCents, new Float64Array(n)),
      fromDay: pick(fromDay, new Int32Array(n)),
      toDay: pick(toDay, new Int32Array(n)),
      slot: slots.slice(),
    };
  }

  private grow(capacity: number): void {
    // Each array again, longer, of its own kind (all read and written as numbers).
    const keys = this.keys as unknown as Record<string, Float64Array>;
    for (const [name, old] of Object.entries(keys)) {
      const next = new (old.constructor as Float64ArrayConstructor)(capacity);
      next.set(old);
      keys[name] = next;
    }
    this.capacity = capacity;
  }
}
