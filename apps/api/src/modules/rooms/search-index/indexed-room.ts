/*
 * One listed room as the search index keeps it (docs/decisions/057-search-index.md): its card's row, its rules, the
 * nights its stays and imported blocks hold, its calendar, and its search text as trigrams; and the questions a
 * search asks of it: `findStayProblem`'s rules over facts of the stay worked out once per search, and the total by
 * the domain's own `quoteStay` where bounds of it cannot decide (search-index.test.ts holds them to the database's
 * dated search, which dated-search-sql.test.ts holds to the domain).
 */
import {
  addDays,
  firstNoticeCheckIn,
  isWeekendNight,
  lastBookableCheckIn,
  listingRulesOf,
  MAX_STAY_NIGHTS,
  MAX_STAY_TOTAL_CENTS,
  MIN_PAYMENT_CENTS,
  nightsBetween,
  nightsOf,
  PREPARATION_NIGHTS,
  quoteStay,
  weekdayOf,
  type IsoDate,
  type ListingRules,
  type NightSetting,
  type Stay,
} from '@staybook/domain';
import type { ListingRow } from '../rooms.service.js';
import type { NightlyBounds } from '../dated-search-sql.js';
import { textTrigrams, type WordChars } from './trigrams.js';

export type IndexedRoom = {
  /** Its number in the index's room set (room-set.ts). */
  slot: number;
  row: ListingRow;
  createdAt: number;
  rules: ListingRules;
  amenities: ReadonlySet<string>;
  /** The search text's distinct trigrams (for the trigram index), and each of its trigrams in order as one of those. */
  distinctTrigrams: string[];
  trigramOrder: Int32Array;
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
  return {
    slot: -1,
    row,
    createdAt: row.createdAt.getTime(),
    rules: listingRulesOf(row),
    amenities: new Set(row.amenities),
    ...textTrigrams(row.folded, chars),
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
 * What a search works out once about its stay, for every room it judges: its nights, the weekdays it starts and ends
 * on, how many of its nights are Friday or Saturday nights, the stay widened by each preparation time, the price
 * filter's ends for its total, and the rules of the clock (notice, booking window) per room's today, as met.
 */
export type StayFacts = {
  stay: Stay;
  nights: number;
  checkInBit: number;
  checkOutBit: number;
  weekendNights: number;
  widened: Stay[];
  lowest: number;
  highest: number;
  guests: number;
  guestFeeBp: number;
  /** `firstNoticeCheckIn` and `lastBookableCheckIn` of the domain, kept per search for each set of inputs. */
  noticeFrom(rules: ListingRules, clock: RoomClock): IsoDate;
  windowEnd(rules: ListingRules, clock: RoomClock): IsoDate | null;
};

export function stayFacts(stay: Stay, { guests, guestFeeBp, bounds }: { guests: number; guestFeeBp: number; bounds: NightlyBounds }): StayFacts {
  const nights = nightsBetween(stay.from, stay.to);
  const notices = new Map<string, IsoDate>();
  const windows = new Map<string, IsoDate | null>();
  return {
    stay,
    nights,
    checkInBit: 1 << weekdayOf(stay.from),
    checkOutBit: 1 << weekdayOf(stay.to),
    weekendNights: nightsOf(stay).filter(isWeekendNight).length,
    widened: PREPARATION_NIGHTS.map((p) => ({ from: addDays(stay.from, -p), to: addDays(stay.to, p) })),
    lowest: Math.max(MIN_PAYMENT_CENTS, (bounds.lowestCents ?? 0) * nights),
    highest: Math.min(MAX_STAY_TOTAL_CENTS, (bounds.highestCents ?? MAX_STAY_TOTAL_CENTS) * nights),
    guests,
    guestFeeBp,
    noticeFrom(rules, clock) {
      const key = `${rules.noticeDays} ${rules.sameDayUntil} ${clock.today} ${clock.timeOfDay}`;
      let day = notices.get(key);
      if (day === undefined) notices.set(key, (day = firstNoticeCheckIn(rules, clock.today, clock.timeOfDay)));
      return day;
    },
    windowEnd(rules, clock) {
      const key = `${rules.bookingWindowMonths} ${clock.today}`;
      let day = windows.get(key);
      if (day === undefined) windows.set(key, (day = lastBookableCheckIn(rules, clock.today)));
      return day;
    },
  };
}

function meetsAny(stays: readonly Stay[], range: Stay): boolean {
  for (const other of stays) {
    if (other.from >= range.to) return false;
    if (other.to > range.from) return true;
  }
  return false;
}

/**
 * Whether the room's rules take the stay, but for its price: `findStayProblem`'s rules (without the viewer's own room
 * and the guests, the search's own filters), on the search's facts of the stay, the calendar read only where it meets
 * the stay (the equivalence test of search-index.test.ts holds this to the domain's and the database's answers).
 */
function rulesTake(room: IndexedRoom, facts: StayFacts, clock: RoomClock): boolean {
  const { row, rules } = room;
  const { stay } = facts;
  if (stay.from < row.availableFrom || stay.to > row.availableTo) return false;
  if (meetsAny(room.taken, stay)) return false;
  // The calendar: a blocked night in the stay, and the minimum stay set on its check-in night (`minNightsFrom`).
  let minNights = rules.minNights;
  for (const setting of room.settings) {
    if (setting.from >= stay.to) break;
    if (setting.to <= stay.from) continue;
    if (setting.blocked) return false;
    if (setting.from <= stay.from && setting.minNights !== null) minNights = setting.minNights;
  }
  if (facts.nights > MAX_STAY_NIGHTS || facts.nights < minNights || facts.nights > rules.maxNights) return false;
  if ((rules.checkInDays & facts.checkInBit) === 0 || (rules.checkOutDays & facts.checkOutBit) === 0) return false;
  if (stay.from < facts.noticeFrom(rules, clock)) return false;
  const windowEnd = facts.windowEnd(rules, clock);
  if (windowEnd !== null && stay.from > windowEnd) return false;
  const widened = facts.widened[rules.preparationNights];
  return rules.preparationNights === 0 || !widened || !meetsAny(room.taken, widened);
}

/**
 * Bounds of the stay's total: at least its nights at their lowest price less the larger discount, at most its nights
 * at their highest price and the fees with the tax and the service fee on all of it (a cent either side for rounding);
 * without a calendar price in the stay, its nights' exact sum. Where they decide the price filter, no quote is made.
 */
function totalBounds(room: IndexedRoom, facts: StayFacts): [number, number] {
  const { rules } = room;
  const weekendPrice = rules.weekendPriceCents ?? rules.priceCents;
  let lowNights = (facts.nights - facts.weekendNights) * rules.priceCents + facts.weekendNights * weekendPrice;
  let highNights = lowNights;
  for (const setting of room.settings) {
    if (setting.from >= facts.stay.to) break;
    if (setting.to <= facts.stay.from || setting.priceCents === null) continue;
    lowNights = facts.nights * Math.min(rules.priceCents, weekendPrice, setting.priceCents, lowNights / facts.nights);
    highNights = facts.nights * Math.max(rules.priceCents, weekendPrice, setting.priceCents, highNights / facts.nights);
  }
  const discount = Math.max(rules.weeklyDiscountPct, rules.monthlyDiscountPct);
  const extraGuests = Math.max(0, facts.guests - rules.guestsIncluded);
  const charged = highNights + rules.cleaningFeeCents + rules.extraGuestFeeCents * extraGuests * facts.nights;
  return [Math.floor((lowNights * (100 - discount)) / 100) - 1, Math.ceil((charged * (10_000 + rules.taxRateBp + facts.guestFeeBp)) / 10_000) + 1];
}

/** The stay's total in the room, as the one quote prices it. */
export function quotedTotal(room: IndexedRoom, facts: StayFacts): number {
  return quoteStay(room.rules, room.settings, facts.stay, facts.guests, { guestFeeBp: facts.guestFeeBp }).totalCents;
}

/**
 * Whether the room takes the stay within the price filter (its average night, fees and tax included, between the
 * bounds; the payment's own bounds are the filter's outer ends): null when it does not, else its total when it was
 * quoted to decide, or 'unquoted' when the rules and the bounds of the total decided (`quotedTotal` gives it).
 */
export function stayFit(room: IndexedRoom, facts: StayFacts, clock: RoomClock): number | 'unquoted' | null {
  if (!rulesTake(room, facts, clock)) return null;
  const [low, high] = totalBounds(room, facts);
  if (high < facts.lowest || low > facts.highest) return null;
  if (low >= facts.lowest && high <= facts.highest) return 'unquoted';
  const total = quotedTotal(room, facts);
  return total >= facts.lowest && total <= facts.highest ? total : null;
}
