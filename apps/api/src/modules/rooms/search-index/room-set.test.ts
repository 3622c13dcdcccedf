import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchOrdering } from '../room-orders.js';
import type { ListingRow } from '../rooms.service.js';
import { seededRandom } from '../../../seeded-random.js';
import { compareKeys, inOrder, keysOf } from './index-search.js';
import { indexedRoom, type IndexedRoom } from './indexed-room.js';
import { COMPARE, RoomSet } from './room-set.js';

/*
 * The search index's lists (decision 057): a place's or an area's rooms put in an ordering's order by a comparison
 * of the rooms themselves, as the cursor's keys order them; and a place's list kept until a room's text, place or
 * order changes, but not when a booking comes in.
 */

const ORDERINGS = [
  searchOrdering({}, undefined),
  searchOrdering({ sort: 'price-asc' }, undefined),
  searchOrdering({ sort: 'price-desc' }, undefined),
  searchOrdering({ sort: 'top-rated' }, undefined),
  searchOrdering({ where: 'x' }, { rank: sql`0`, near: false }),
  searchOrdering({ where: 'x' }, { rank: sql`0`, near: true }),
];

/** A room with only what orders it, drawn from few values so that ties are common. */
function randomRoom(random: () => number, i: number): IndexedRoom {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const reviewCount = pick([0, 1, 3, 5, 12]);
  return {
    slot: i,
    row: {
      id: `00000000-0000-4000-8000-${String(pick([1, 2, 3]) * 1000 + i).padStart(12, '0')}`,
      priceCents: pick([5_000, 7_500, 10_000]),
      reviewCount,
      ratingSum: reviewCount * pick([3, 4, 5]) - pick([0, 1]),
    },
    createdAt: pick([1_700_000_000_000, 1_700_000_060_000]),
  } as IndexedRoom;
}

describe("the index's orders", () => {
  it('list rooms as their keys order them, in every ordering, on random rooms with many ties', () => {
    const random = seededRandom(65);
    for (let run = 0; run < 50; run++) {
      const rooms = Array.from({ length: 1 + Math.floor(random() * 200) }, (_, i) => randomRoom(random, i));
      const scores = Float64Array.from(rooms, () => [0.5, 0.75, 1, 995.5][Math.floor(random() * 4)] as number);
      for (const ordering of ORDERINGS) {
        const scored = ordering.tag === 'm' || ordering.tag === 'd';
        const chosen = inOrder(ordering, { rooms, scores: scored ? scores : null });
        const sign = ordering.direction === 'desc' ? -1 : 1;
        const expected = rooms
          .map((room, i) => ({ room, score: scored ? (scores[i] as number) : 0 }))
          .sort((a, b) => sign * compareKeys(keysOf(ordering, a.room, a.score), keysOf(ordering, b.room, b.score)));
        expect(Array.from(chosen.slots, (slot) => (rooms[slot] as IndexedRoom).row.id), ordering.tag).toEqual(expected.map(({ room }) => room.row.id));
        if (scored) expect([...(chosen.scores ?? [])], ordering.tag).toEqual(expected.map(({ score }) => score));
        else expect(chosen.scores).toBeNull();
      }
    }
  });
});

describe("a room set's kept lists", () => {
  const chars = { nonAsciiLetters: true };
  const row = (id: string, changes: Partial<ListingRow> = {}) =>
    ({
      id,
      folded: 'lisbon sunny loft',
      areaLatitude: 38.7,
      areaLongitude: -9.1,
      createdAt: new Date(1_700_000_000_000),
      priceCents: 10_000,
      reviewCount: 0,
      ratingSum: 0,
      availableFrom: '2030-01-01',
      availableTo: '2030-12-31',
      amenities: [],
      ...changes,
    }) as unknown as ListingRow;
  const facts = (from = '2030-02-01') => ({ stays: [{ from, to: '2030-02-03' }], blocks: [], settings: [] });

  it('are worked out again after a change of text, place, order or rooms, and not after a booking', () => {
    const set = new RoomSet();
    set.put(indexedRoom(row('a'), facts(), chars));
    set.put(indexedRoom(row('b'), facts(), chars));
    let works = 0;
    const list = () => set.kept('lisbon', () => ++works, () => 1);
    expect(list()).toBe(1);
    expect(list()).toBe(1);
    // A booking: the same text, place and order.
    set.put(indexedRoom(row('a'), facts('2030-03-01'), chars));
    expect(list()).toBe(1);
    const changes: (() => void)[] = [
      () => set.put(indexedRoom(row('a', { folded: 'porto sunny loft' }), facts(), chars)),
      () => set.put(indexedRoom(row('a', { areaLatitude: 41.1 }), facts(), chars)),
      () => set.put(indexedRoom(row('a', { priceCents: 9_000 }), facts(), chars)),
      () => set.put(indexedRoom(row('a', { reviewCount: 3, ratingSum: 14 }), facts(), chars)),
      () => set.put(indexedRoom(row('c'), facts(), chars)),
      () => set.remove('c'),
    ];
    for (const [i, change] of changes.entries()) {
      change();
      expect(list(), `change ${i}`).toBe(i + 2);
      expect(list(), `change ${i}, asked again`).toBe(i + 2);
    }
  });

  it('hold every room in each kept order as COMPARE sorts them, with many ties, ids of any form, after changes', () => {
    const random = seededRandom(66);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const set = new RoomSet();
    const ids = Array.from({ length: 300 }, (_, i) =>
      // UUIDs alike in their first twelve hex digits, unlike, or not UUIDs at all.
      pick([`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `${pick(['0a', 'ff', '10'])}345678-9abc-4000-8000-${String(i).padStart(12, '0')}`, `room-${i}`]),
    );
    const put = (id: string) => {
      const reviewCount = pick([0, 1, 3, 5, 12]);
      set.put(
        indexedRoom(
          row(id, { priceCents: pick([5_000, 7_500, 10_000]), reviewCount, ratingSum: reviewCount * pick([3, 4, 5]) - pick([0, 1]), createdAt: new Date(pick([1_700_000_000_000, 1_700_000_060_000])) }),
          facts(),
          chars,
        ),
      );
    };
    ids.forEach(put);
    for (let round = 0; round < 3; round++) {
      for (const order of ['newest', 'price', 'top-rated'] as const) {
        const rooms = set.ordered(order).rooms;
        expect(rooms.map((room) => room.row.id), `${order}, round ${round}`).toEqual([...rooms].sort(COMPARE[order]).map((room) => room.row.id));
        expect(new Set(rooms.map((room) => room.row.id)).size).toBe(set.size);
      }
      for (let i = 0; i < 40; i++) {
        const id = pick(ids);
        if (random() < 0.3) set.remove(id);
        else put(id);
      }
    }
  });

  it('keep the most recently used lists, up to a number of rooms named in all', () => {
    const set = new RoomSet();
    // 300 lists of 10,000 rooms: more than are kept.
    for (let i = 0; i < 300; i++) set.kept(`place ${i}`, () => i, () => 10_000);
    set.kept('place 150', () => -1, () => 10_000);
    for (let i = 300; i < 400; i++) set.kept(`place ${i}`, () => i, () => 10_000);
    // The first ones went, but for the one asked again; the recent ones stayed.
    expect(set.kept('place 0', () => -1, () => 10_000)).toBe(-1);
    expect(set.kept('place 150', () => -2, () => 10_000)).toBe(150);
    expect(set.kept('place 399', () => -1, () => 10_000)).toBe(399);
  });
});
