/*
 * The search index's rooms and the ways in: by id, by trigram of the search text, by a grid of one-degree cells over
 * the public circles' centres, and in each order a search may list them in (kept sorted, sorted again only after a
 * change of what orders them: a booking changes none).
 */
import type { Bounds } from '@staybook/domain';
import type { IndexedRoom } from './indexed-room.js';
import { RoomKeys, topRatedKeys, type Columns, type KeptOrder } from './room-keys.js';
import { RoomRules } from './room-rules.js';
import { TakenNights } from './taken-nights.js';
import { distinctTrigrams, type PlaceQuery } from './trigrams.js';

const compareIds = (a: IndexedRoom, b: IndexedRoom) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);

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

/** The rooms in a kept order, and their columns. */
export type KeptList = { rooms: readonly IndexedRoom[]; columns: Columns };

/** What decides whether a place matches a room: its search text and its public circle's centre. */
function placeKey(room: IndexedRoom): string {
  return `${room.row.areaLatitude} ${room.row.areaLongitude} ${room.row.folded}`;
}

/**
 * How many rooms the lists worked out from the rooms (`kept`) may name in all (some 12 bytes each: 24 MB), the least
 * recently used going first: enough for the places of a busy day's searches (the bench's mix asks some 4,000).
 */
const KEPT_ROOMS = 2_000_000;

/** The rooms holding one trigram, as their numbers (`slot`), in no order: the first `size` of `slots`. */
type Posting = { slots: Int32Array; size: number };

function addSlot(posting: Posting, slot: number): void {
  if (posting.size === posting.slots.length) {
    const grown = new Int32Array(posting.size * 2);
    grown.set(posting.slots);
    posting.slots = grown;
  }
  posting.slots[posting.size++] = slot;
}

function removeSlot(posting: Posting, slot: number): void {
  const at = posting.slots.subarray(0, posting.size).indexOf(slot);
  if (at < 0) return;
  posting.size -= 1;
  posting.slots[at] = posting.slots[posting.size] as number;
}

export class RoomSet {
  private readonly byId = new Map<string, IndexedRoom>();
  /** Each trigram's rooms, by the trigram's number. */
  private readonly postings: (Posting | undefined)[] = [];
  private readonly cells = new Map<string, Set<IndexedRoom>>();
  private readonly sorted = new Map<KeptOrder, KeptList>();
  /** Each room's number, for the trigram index and marking rooms met in an array; a removed room's is not given again. */
  private nextSlot = 0;
  private readonly bySlot: (IndexedRoom | undefined)[] = [];
  private counts = new Uint16Array(0);
  private readonly lists = new Map<string, { list: unknown; size: number }>();
  private keptRooms = 0;
  /** The nights each room's stays and blocks hold, from a week before today (stays are kept from four days before). */
  readonly takenNights = new TakenNights(Math.floor(Date.now() / 86_400_000) - 7);
  /** What orders each room and what the filters read of it, by its number. */
  private readonly keys = new RoomKeys();
  /** Each room's rules as numbers, by its number: what a dated search judges it by. */
  readonly rules = new RoomRules();

  get size(): number {
    return this.byId.size;
  }

  /** The room with this number, which a list worked out since the last change of rooms names (`kept`). */
  at(slot: number): IndexedRoom {
    return this.bySlot[slot] as IndexedRoom;
  }

  /** Adds the room, or brings the one with its id up to date (keeping its identity, so the kept orders stay valid). */
  put(next: IndexedRoom): void {
    const old = this.byId.get(next.row.id);
    if (!old) {
      next.slot = this.nextSlot++;
      this.byId.set(next.row.id, next);
      this.bySlot[next.slot] = next;
      this.takenNights.set(next.slot, next.days);
      this.keys.set(next);
      this.rules.set(next);
      this.linkText(next);
      this.link(next);
      this.sorted.clear();
      this.forgetLists();
      return;
    }
    const reorder = orderKey(old) !== orderKey(next);
    const replace = placeKey(old) !== placeKey(next);
    // The trigram lists name the room by its number: they change only with its text.
    const retext = old.row.folded !== next.row.folded;
    if (retext) this.unlinkText(old);
    this.unlink(old);
    Object.assign(old, { ...next, slot: old.slot });
    this.takenNights.set(old.slot, old.days);
    this.keys.set(old);
    this.rules.set(old);
    if (retext) this.linkText(old);
    this.link(old);
    if (reorder) this.sorted.clear();
    // A booking changes neither: a place's matches in their order stay as they were worked out.
    if (reorder || replace) this.forgetLists();
  }

  remove(id: string): void {
    const old = this.byId.get(id);
    if (!old) return;
    this.byId.delete(id);
    this.bySlot[old.slot] = undefined;
    this.unlinkText(old);
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
      // As COMPARE[order] sorts the rooms, on numbers kept by room (`RoomKeys`).
      const slots = this.keys.sort(Int32Array.from(this.byId.values(), (room) => room.slot), order);
      list = { rooms: Array.from(slots, (slot) => this.bySlot[slot] as IndexedRoom), columns: this.keys.columns(slots) };
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
   * shortest n - needed + 1 lists are met, and the longer lists (a common trigram such as '  l' lists most rooms)
   * only add to their counts.
   */
  textCandidates(query: PlaceQuery, threshold: number): IndexedRoom[] {
    const needed = Math.ceil(query.size * threshold - 1e-9);
    if (query.size === 0) return [];
    const lists = Array.from(query.codes, (code) => this.postings[code]).sort((a, b) => (a?.size ?? 0) - (b?.size ?? 0));
    // A trigram no text has lists no room: those are the shortest lists.
    const walked = query.size - needed + 1 - (query.size - lists.length);
    if (this.counts.length < this.nextSlot) this.counts = new Uint16Array(this.nextSlot * 2);
    const { counts, bySlot } = this;
    const met: number[] = [];
    for (let i = 0; i < walked; i++) {
      const posting = lists[i];
      if (!posting) continue;
      const { slots, size } = posting;
      for (let j = 0; j < size; j++) {
        const slot = slots[j] as number;
        if (counts[slot] === 0) met.push(slot);
        counts[slot] = (counts[slot] as number) + 1;
      }
    }
    // The longer lists add to the rooms met only: read in a row, they cost less than looking at each room met.
    for (let i = Math.max(walked, 0); i < lists.length; i++) {
      const posting = lists[i];
      if (!posting) continue;
      const { slots, size } = posting;
      for (let j = 0; j < size; j++) {
        const slot = slots[j] as number;
        const count = counts[slot] as number;
        if (count !== 0) counts[slot] = count + 1;
      }
    }
    const out: IndexedRoom[] = [];
    for (const slot of met) {
      if ((counts[slot] as number) >= needed) out.push(bySlot[slot] as IndexedRoom);
      counts[slot] = 0;
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

  private linkText(room: IndexedRoom): void {
    for (const code of distinctTrigrams(room)) {
      let posting = this.postings[code];
      if (!posting) this.postings[code] = posting = { slots: new Int32Array(4), size: 0 };
      addSlot(posting, room.slot);
    }
  }

  private unlinkText(room: IndexedRoom): void {
    for (const code of distinctTrigrams(room)) {
      const posting = this.postings[code];
      if (posting) removeSlot(posting, room.slot);
    }
  }

  private link(room: IndexedRoom): void {
    const { areaLatitude, areaLongitude } = room.row;
    if (areaLatitude !== null && areaLongitude !== null) {
      const key = cellOf(areaLatitude, areaLongitude);
      let rooms = this.cells.get(key);
      if (!rooms) this.cells.set(key, (rooms = new Set()));
      rooms.add(room);
    }
  }

  private unlink(room: IndexedRoom): void {
    const { areaLatitude, areaLongitude } = room.row;
    if (areaLatitude !== null && areaLongitude !== null) {
      const key = cellOf(areaLatitude, areaLongitude);
      const rooms = this.cells.get(key);
      rooms?.delete(room);
      if (rooms?.size === 0) this.cells.delete(key);
    }
  }
}
