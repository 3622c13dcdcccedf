/*
 * One listed room as the search index keeps it (docs/decisions/057-search-index.md): its card's row, its rules, the
 * nights its stays and imported blocks hold, its calendar, and its search text as trigrams; and the questions a
 * search asks of it, answered by the domain's own functions (`findStayProblem`, `quoteStay`), which
 * dated-search-sql.test.ts proves the database's dated search agrees with.
 */
import {
  findStayProblem,
  listingRulesOf,
  MAX_STAY_TOTAL_CENTS,
  MIN_PAYMENT_CENTS,
  nightsBetween,
  quoteStay,
  type IsoDate,
  type ListingRules,
  type NightSetting,
  type Stay,
} from '@staybook/domain';
import type { ListingRow } from '../rooms.service.js';
import type { NightlyBounds } from '../dated-search-sql.js';
import { trigramsInOrder, type WordChars } from './trigrams.js';

export type IndexedRoom = {
  row: ListingRow;
  createdAt: number;
  rules: ListingRules;
  amenities: ReadonlySet<string>;
  /** The search text's trigrams in order, and the distinct ones (for the trigram index). */
  trigrams: string[];
  distinctTrigrams: string[];
  /** Stays holding nights (booked or requested), by check-in. */
  stays: Stay[];
  /** Those and the imported blocks, by check-in: what a stay must not meet. */
  taken: Stay[];
  /** The host's calendar runs, by check-in. */
  settings: NightSetting[];
};

const byCheckIn = (a: Stay, b: Stay) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0);

export function indexedRoom(
  row: ListingRow,
  { stays, blocks, settings }: { stays: Stay[]; blocks: Stay[]; settings: NightSetting[] },
  chars: WordChars,
): IndexedRoom {
  const trigrams = trigramsInOrder(row.folded, chars);
  return {
    row,
    createdAt: row.createdAt.getTime(),
    rules: listingRulesOf(row),
    amenities: new Set(row.amenities),
    trigrams,
    distinctTrigrams: [...new Set(trigrams)],
    stays: [...stays].sort(byCheckIn),
    taken: [...stays, ...blocks].sort(byCheckIn),
    settings: [...settings].sort(byCheckIn),
  };
}

/**
 * Whether no night of the room can be booked any more (decision 011): every night from the later of its first day
 * and today up to its last day is held by a stay, or that window has ended. As `bookedExpr` in rooms.service.ts.
 */
export function isBooked(room: IndexedRoom, today: IsoDate): boolean {
  const { availableFrom, availableTo } = room.row;
  const start = availableFrom > today ? availableFrom : today;
  if (start >= availableTo) return true;
  let held = 0;
  for (const stay of room.stays) {
    if (stay.from >= availableTo || stay.to <= start) continue;
    held += nightsBetween(stay.from > start ? stay.from : start, stay.to < availableTo ? stay.to : availableTo);
  }
  return held >= nightsBetween(start, availableTo);
}

/** The clock where a room is, for the rules that hang on it. */
export type RoomClock = { today: IsoDate; timeOfDay: string };

/**
 * The stay's total in the room when it can take the stay within the price filter (its average night, fees and tax
 * included, between the bounds), else null: every rule of `findStayProblem` but the viewer's own room and the guests,
 * which the search filters on its own.
 */
export function stayTotalIn(
  room: IndexedRoom,
  stay: Stay,
  { guests, guestFeeBp, clock, bounds }: { guests: number; guestFeeBp: number; clock: RoomClock; bounds: NightlyBounds },
): number | null {
  const { row, rules } = room;
  // The cheap refusals first: most rooms fail one of them before a quote is made.
  if (stay.from < row.availableFrom || stay.to > row.availableTo) return null;
  for (const other of room.taken) {
    if (other.from >= stay.to) break;
    if (other.to > stay.from) return null;
  }
  // Every rule but the price, which is quoted once below: the payment's bounds are the filter's outer ends.
  const problem = findStayProblem({
    stay,
    room: { from: row.availableFrom, to: row.availableTo, ...clock, rules, nightSettings: room.settings },
    taken: room.taken,
  });
  if (problem !== null) return null;
  const { totalCents } = quoteStay(rules, room.settings, stay, guests, { guestFeeBp });
  const nights = nightsBetween(stay.from, stay.to);
  const lowest = Math.max(MIN_PAYMENT_CENTS, (bounds.lowestCents ?? 0) * nights);
  const highest = Math.min(MAX_STAY_TOTAL_CENTS, (bounds.highestCents ?? MAX_STAY_TOTAL_CENTS) * nights);
  return totalCents >= lowest && totalCents <= highest ? totalCents : null;
}
