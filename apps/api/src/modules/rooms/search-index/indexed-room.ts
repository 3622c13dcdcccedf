/*
 * One listed room as the search index keeps it (docs/decisions/057-search-index.md): its card's row, its rules, the
 * nights its stays and imported blocks hold, its calendar, and its search text as trigrams; and the facts of a stay a
 * dated search works out once for every room it judges (room-rules.ts judges a room by them).
 */
import {
  addDays,
  AMENITY_KEYS,
  firstNoticeCheckIn,
  isWeekendNight,
  lastBookableCheckIn,
  listingRulesOf,
  MAX_STAY_TOTAL_CENTS,
  MIN_PAYMENT_CENTS,
  nightsBetween,
  nightsOf,
  PREPARATION_NIGHTS,
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
export function takenIn({ days, staysEnd }: IndexedRoom, from: number, to: number): boolean {
  return meetsAnyOf(days, 0, staysEnd, from, to) || meetsAnyOf(days, staysEnd, days.length, from, to);
}
