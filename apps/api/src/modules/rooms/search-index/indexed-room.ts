/*
 * One listed room as the search index keeps it (docs/decisions/057-search-index.md): its card's row, its rules, the
 * nights its stays and imported blocks hold, its calendar, and its search text as trigrams; and the questions a
 * search asks of it: `findStayProblem`'s rules over facts of the stay worked out once per search, and the total by
 * the domain's own `quoteStay` where bounds of it cannot decide (search-index.test.ts holds them to the database's
 * dated search, which dated-search-sql.test.ts holds to the domain).
 */
import {
  addDays,
  AMENITY_KEYS,
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
  stayTotalOnNights,
  weekdayOf,
  type IsoDate,
  type ListingRules,
  type NightSetting,
  type Stay,
} from '@staybook/domain';
import type { CardRow, ListingRow } from '../rooms.service.js';
import type { NightlyBounds } from '../dated-search-sql.js';
import { textTrigrams, type WordChars } from './trigrams.js';

/**
 * What the index keeps of a room's row: what its card shows and its orders read (`booked` is worked out per search),
 * and its search text. Its creation time is the room's `createdAt`, a number, not a `Date` a room.
 */
export type IndexedRow = Omit<CardRow, 'booked'> & { folded: string };

export type IndexedRoom = {
  /** Its number in the index's room set (room-set.ts). */
  slot: number;
  row: IndexedRow;
  /** When it was listed, in milliseconds since 1970: the newest order's key and its cursor's. */
  createdAt: number;
  rules: ListingRules;
  /** Its amenities as bits (`amenityBits`). */
  amenityMask: number;
  /** The search text's trigrams (`TextTrigrams`: its distinct trigrams' numbers, for the trigram index, and its trigrams in order). */
  trigrams: Int32Array;
  /** The host's calendar runs, by check-in (most rooms have none, and share one empty list). */
  settings: readonly NightSetting[];
  /**
   * Dates as day numbers (`dayNumber`), which a search compares for thousands of rooms: the availability window's
   * first and last day; and in `days`, [from, to) pairs by check-in: up to `staysEnd` the stays holding nights
   * (booked or requested), then the imported blocks (a new stay must meet neither). Numbers in one array a room, not
   * an object a stay: a large marketplace's million stays would otherwise be millions of objects for
   * every full garbage collection to walk (a room with neither shares one empty array).
   */
  fromDay: number;
  toDay: number;
  days: Int32Array;
  staysEnd: number;
};

const AMENITY_BITS = new Map<string, number>(AMENITY_KEYS.map((key, i) => [key, 1 << i]));

/** Amenities as one bit each: a room has them all when its mask holds theirs. Null: one is not an amenity at all. */
export function amenityBits(keys: readonly string[]): number | null {
  let mask = 0;
  for (const key of keys) {
    const bit = AMENITY_BITS.get(key);
    if (bit === undefined) return null;
    mask |= bit;
  }
  return mask;
}

/** A date as the number of days since 1970-01-01: dates compare as their numbers do. */
export function dayNumber(date: IsoDate): number {
  return Math.round(Date.parse(date) / 86_400_000);
}

const byCheckIn = (a: Stay, b: Stay) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0);

/** What rooms without calendar runs, stays or blocks share: one empty list each, not one a room. */
const NO_SETTINGS: readonly NightSetting[] = Object.freeze([]);
const NO_DAYS = new Int32Array(0);

/**
 * Typed arrays of many rooms as views of a few large buffers, for an index's first read of every room: a typed array of
 * its own is three objects (the array, its buffer and the buffer's memory outside the heap, which the collector tracks
 * and sweeps one by one), a view of a shared buffer one. Rooms read again later get arrays of their own, and the space
 * their old ones held stays until the next read of every room makes a new slab: at most the first read's size is lost.
 */
export class IntSlab {
  private chunk = new Int32Array(0);
  private used = 0;

  /** `values` as a view of the slab (an empty array as it is). */
  keep(values: Int32Array): Int32Array {
    if (values.length === 0) return values;
    if (this.used + values.length > this.chunk.length) {
      this.chunk = new Int32Array(Math.max(SLAB_CHUNK_INTS, values.length));
      this.used = 0;
    }
    const view = this.chunk.subarray(this.used, this.used + values.length);
    view.set(values);
    this.used += values.length;
    return view;
  }
}

/** Numbers a slab's buffer holds (4 MB). */
const SLAB_CHUNK_INTS = 1 << 20;

/** The room as the index keeps it; its typed arrays in `slab` when one is given (`IntSlab`). */
export function indexedRoom(
  row: ListingRow,
  { stays, blocks, settings }: { stays: Stay[]; blocks: Stay[]; settings: NightSetting[] },
  chars: WordChars,
  slab?: IntSlab,
): IndexedRoom {
  const kept = (values: Int32Array) => (slab ? slab.keep(values) : values);
  return {
    slot: -1,
    row: compactRow(row),
    createdAt: row.createdAt.getTime(),
    rules: listingRulesOf(row),
    amenityMask: amenityBits(row.amenities.filter((key) => AMENITY_BITS.has(key))) ?? 0,
    trigrams: kept(textTrigrams(row.folded, chars).trigrams),
    settings: settings.length === 0 ? NO_SETTINGS : [...settings].sort(byCheckIn),
    fromDay: dayNumber(row.availableFrom),
    toDay: dayNumber(row.availableTo),
    days: stays.length + blocks.length === 0 ? NO_DAYS : kept(dayPairs([...stays].sort(byCheckIn).concat([...blocks].sort(byCheckIn)))),
    staysEnd: 2 * stays.length,
  };
}

/**
 * One string for each text that rooms share. Emptied when it grows past its cap, so that texts no room has any more
 * (a host's old name) do not stay for the life of the process: a text met again after that is kept again.
 */
const sharedTexts = new Map<string, string>();
const SHARED_TEXTS_CAP = 200_000;

function shared<T extends string | null>(text: T): T {
  if (text === null) return text;
  const known = sharedTexts.get(text);
  if (known !== undefined) return known as T;
  if (sharedTexts.size >= SHARED_TEXTS_CAP) sharedTexts.clear();
  sharedTexts.set(text, text);
  return text;
}

/** Stays as their [from, to) day numbers, one after another. */
function dayPairs(stays: readonly Stay[]): Int32Array {
  const days = new Int32Array(stays.length * 2);
  stays.forEach((stay, i) => {
    days[2 * i] = dayNumber(stay.from);
    days[2 * i + 1] = dayNumber(stay.to);
  });
  return days;
}

/**
 * The row as the index keeps it, one object of a fixed shape. The database driver's rows are built a column at a
 * time, and an object given this many properties so is kept by V8 as a dictionary, about three times the size: on a
 * marketplace of 100,000 rooms the index took 790 MB of heap with them and 520 MB with these. Only what the card
 * shows and the orders read is kept (`CardRow`; the type checker says when one is missing): the photos, house rules,
 * pin and address are many strings and numbers a room that every full garbage collection would walk, and a search
 * answers none of them. The texts many rooms have alike (a category, a zone, a date, a host) are one string each,
 * not one a room.
 */
function compactRow(r: ListingRow): IndexedRow {
  return {
    id: r.id,
    title: r.title,
    location: shared(r.location),
    category: shared(r.category),
    availableFrom: shared(r.availableFrom),
    availableTo: shared(r.availableTo),
    priceCents: r.priceCents,
    guests: r.guests,
    bedrooms: r.bedrooms,
    bathrooms: r.bathrooms,
    description: r.description,
    image: r.image,
    timeZone: shared(r.timeZone),
    cancellationPolicy: shared(r.cancellationPolicy),
    areaLatitude: r.areaLatitude,
    areaLongitude: r.areaLongitude,
    hostName: shared(r.hostName),
    hostImage: shared(r.hostImage),
    reviewCount: r.reviewCount,
    ratingSum: r.ratingSum,
    cleanlinessSum: r.cleanlinessSum,
    accuracySum: r.accuracySum,
    communicationSum: r.communicationSum,
    locationSum: r.locationSum,
    checkInSum: r.checkInSum,
    valueSum: r.valueSum,
    folded: r.folded,
  };
}

/**
 * Whether no night of the room can be booked any more (decision 011): every night from the later of its first day
 * and today (day numbers) up to its last day is held by a stay, or that window has ended. As `bookedExpr` in rooms.service.ts.
 */
export function isBooked(room: IndexedRoom, today: number): boolean {
  const { fromDay, toDay, days, staysEnd } = room;
  const start = Math.max(fromDay, today);
  if (start >= toDay) return true;
  let held = 0;
  for (let i = 0; i < staysEnd; i += 2) {
    const from = days[i] as number;
    const to = days[i + 1] as number;
    if (from >= toDay || to <= start) continue;
    held += Math.min(to, toDay) - Math.max(from, start);
  }
  return held >= toDay - start;
}

/** The clock where a room is, for the rules that hang on it (`day`: today's `dayNumber`). */
export type RoomClock = { today: IsoDate; day: number; timeOfDay: string };

/**
 * What a search works out once about its stay, for every room it judges: its nights, the weekdays it starts and ends
 * on, how many of its nights are Friday or Saturday nights, the stay widened by each preparation time, the price
 * filter's ends for its total, and the rules of the clock (notice, booking window) per room's today, as met.
 */
export type StayFacts = {
  stay: Stay;
  /** The stay's check-in and check-out as day numbers, and each widened stay's. */
  fromDay: number;
  toDay: number;
  widenedDays: [number, number][];
  nights: number;
  checkInBit: number;
  checkOutBit: number;
  weekendNights: number;
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
  const widened = PREPARATION_NIGHTS.map((p) => ({ from: addDays(stay.from, -p), to: addDays(stay.to, p) }));
  return {
    stay,
    fromDay: dayNumber(stay.from),
    toDay: dayNumber(stay.to),
    widenedDays: widened.map((range) => [dayNumber(range.from), dayNumber(range.to)]),
    nights,
    checkInBit: 1 << weekdayOf(stay.from),
    checkOutBit: 1 << weekdayOf(stay.to),
    weekendNights: nightsOf(stay).filter(isWeekendNight).length,
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

/** Whether one of the [from, to) pairs of `days` from `start` to `end` (by check-in) meets the days [from, to). */
function meetsAnyOf(days: Int32Array, start: number, end: number, from: number, to: number): boolean {
  for (let i = start; i < end; i += 2) {
    if ((days[i] as number) >= to) return false;
    if ((days[i + 1] as number) > from) return true;
  }
  return false;
}

/** Whether one of the room's stays or blocks meets the days [from, to). */
function takenIn({ days, staysEnd }: IndexedRoom, from: number, to: number): boolean {
  return meetsAnyOf(days, 0, staysEnd, from, to) || meetsAnyOf(days, staysEnd, days.length, from, to);
}

/**
 * Whether the room's rules take the stay, but for its price: `findStayProblem`'s rules (without the viewer's own room
 * and the guests, the search's own filters), on the search's facts of the stay, the calendar read only where it meets
 * the stay (the equivalence test of search-index.test.ts holds this to the domain's and the database's answers).
 * Dates are compared as day numbers; the notice and the booking window are worked out only for a stay close to
 * their ends (the first notice day is at most max(notice, 1) days after today, the window's end at least 28 days
 * a month after it).
 */
function rulesTake(room: IndexedRoom, facts: StayFacts, clockOf: (room: IndexedRoom) => RoomClock, nightsFree: boolean): boolean {
  const { rules } = room;
  const { stay, fromDay, toDay } = facts;
  if (fromDay < room.fromDay || toDay > room.toDay) return false;
  if (!nightsFree && takenIn(room, fromDay, toDay)) return false;
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
  // The clock last: most rooms a search judges are refused before it is read.
  const clock = clockOf(room);
  if (fromDay < clock.day + Math.max(rules.noticeDays, 1) && stay.from < facts.noticeFrom(rules, clock)) return false;
  if (rules.bookingWindowMonths !== null && fromDay > clock.day + 28 * rules.bookingWindowMonths) {
    const windowEnd = facts.windowEnd(rules, clock);
    if (windowEnd !== null && stay.from > windowEnd) return false;
  }
  const widened = facts.widenedDays[rules.preparationNights];
  return rules.preparationNights === 0 || !widened || !takenIn(room, widened[0], widened[1]);
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

/** Whether the host set a price on a night of the stay. */
function calendarPriceIn(room: IndexedRoom, stay: Stay): boolean {
  for (const setting of room.settings) {
    if (setting.from >= stay.to) return false;
    if (setting.to > stay.from && setting.priceCents !== null) return true;
  }
  return false;
}

/**
 * The stay's total in the room, as the one quote prices it: without a calendar price in the stay its nights are
 * at the nightly and weekend prices, and the quote's charges are added to their sum; else the quote itself.
 */
export function quotedTotal(room: IndexedRoom, facts: StayFacts): number {
  const { rules } = room;
  if (calendarPriceIn(room, facts.stay)) {
    return quoteStay(rules, room.settings, facts.stay, facts.guests, { guestFeeBp: facts.guestFeeBp }).totalCents;
  }
  const weekendPrice = rules.weekendPriceCents ?? rules.priceCents;
  const nightsCents = (facts.nights - facts.weekendNights) * rules.priceCents + facts.weekendNights * weekendPrice;
  return stayTotalOnNights(rules, nightsCents, facts.nights, facts.guests, { guestFeeBp: facts.guestFeeBp });
}

/**
 * Whether the room takes the stay within the price filter (its average night, fees and tax included, between the
 * bounds; the payment's own bounds are the filter's outer ends): null when it does not, else its total when it was
 * quoted to decide, or 'unquoted' when the rules and the bounds of the total decided (`quotedTotal` gives it).
 * `nightsFree`: the night bitmaps (`TakenNights`) covering the stay found its nights free, so the days are not read.
 */
export function stayFit(
  room: IndexedRoom,
  facts: StayFacts,
  clockOf: (room: IndexedRoom) => RoomClock,
  nightsFree = false,
): number | 'unquoted' | null {
  if (!rulesTake(room, facts, clockOf, nightsFree)) return null;
  const [low, high] = totalBounds(room, facts);
  if (high < facts.lowest || low > facts.highest) return null;
  if (low >= facts.lowest && high <= facts.highest) return 'unquoted';
  const total = quotedTotal(room, facts);
  return total >= facts.lowest && total <= facts.highest ? total : null;
}
