/*
 * Whether a room of the search index takes a dated search's stay, and at what total (docs/decisions/069): its rules
 * as numbers by room number, sixteen to a room in one array. A dated search judges up to a thousand rooms to count
 * them, and reading each one's rules, row and calendar objects where they lie cost more than the judging itself (the
 * processor fetches memory for each): the sixteen numbers are one cache line, read in the order the rooms are walked.
 * The room's own objects are read only where the numbers say they matter: a calendar it has, nights the night
 * bitmaps do not cover, a stay close to the notice or the booking window, a total that must be quoted.
 */
import { MAX_STAY_NIGHTS, quoteStay, stayTotalOnNights, type Stay } from '@staybook/domain';
import { takenIn, type IndexedRoom, type RoomClock, type StayFacts } from './indexed-room.js';

/** Where each number lies in a room's run (`RULES_STRIDE` of them from `slot * RULES_STRIDE`). */
const MIN_NIGHTS = 0;
const MAX_NIGHTS = 1;
/** The check-in weekdays' bits, and the check-out weekdays' eight bits up. */
const WEEKDAYS = 2;
const NOTICE_DAYS = 3;
/** Months ahead a stay may start; -1: no booking window. */
const WINDOW_MONTHS = 4;
/** The preparation nights, and 256 when the host's calendar has runs (`IndexedRoom.settings`). */
const PREPARATION = 5;
const HAS_CALENDAR = 256;
const PRICE = 6;
/** The weekend price, or the nightly price when there is none. */
const WEEKEND_PRICE = 7;
/** The larger of the weekly and the monthly discount: the bounds of a total allow either. */
const DISCOUNT = 8;
const GUESTS_INCLUDED = 9;
const CLEANING_FEE = 10;
const EXTRA_GUEST_FEE = 11;
const TAX_BP = 12;
/** The availability window's first and last day (`dayNumber`). */
const FROM_DAY = 13;
const TO_DAY = 14;
/** The room's time zone as its number in `RoomRules.zones`. */
const ZONE = 15;
const RULES_STRIDE = 16;

/** Each room's rules as numbers, by its number in the room set, kept in step as each room is put. */
export class RoomRules {
  private numbers = new Int32Array(0);
  /** The time zones met, each by its number (a room's `ZONE`). */
  readonly zones: string[] = [];
  private readonly zoneNumbers = new Map<string, number>();

  /** The numbers of every room; a room put later may replace the array, so a search reads it after its last wait. */
  get all(): Int32Array {
    return this.numbers;
  }

  /** Keeps the room's numbers under its number (`slot`). */
  set(room: IndexedRoom): void {
    const { slot, rules } = room;
    if ((slot + 1) * RULES_STRIDE > this.numbers.length) {
      const grown = new Int32Array(Math.max((slot + 1) * RULES_STRIDE, this.numbers.length * 2, 1024 * RULES_STRIDE));
      grown.set(this.numbers);
      this.numbers = grown;
    }
    const at = slot * RULES_STRIDE;
    const n = this.numbers;
    n[at + MIN_NIGHTS] = rules.minNights;
    n[at + MAX_NIGHTS] = rules.maxNights;
    n[at + WEEKDAYS] = rules.checkInDays | (rules.checkOutDays << 8);
    n[at + NOTICE_DAYS] = rules.noticeDays;
    n[at + WINDOW_MONTHS] = rules.bookingWindowMonths ?? -1;
    n[at + PREPARATION] = rules.preparationNights | (room.settings.length > 0 ? HAS_CALENDAR : 0);
    n[at + PRICE] = rules.priceCents;
    n[at + WEEKEND_PRICE] = rules.weekendPriceCents ?? rules.priceCents;
    n[at + DISCOUNT] = Math.max(rules.weeklyDiscountPct, rules.monthlyDiscountPct);
    n[at + GUESTS_INCLUDED] = rules.guestsIncluded;
    n[at + CLEANING_FEE] = rules.cleaningFeeCents;
    n[at + EXTRA_GUEST_FEE] = rules.extraGuestFeeCents;
    n[at + TAX_BP] = rules.taxRateBp;
    n[at + FROM_DAY] = room.fromDay;
    n[at + TO_DAY] = room.toDay;
    n[at + ZONE] = this.zoneNumber(room.row.timeZone);
  }

  private zoneNumber(zone: string): number {
    let number = this.zoneNumbers.get(zone);
    if (number === undefined) {
      number = this.zones.length;
      this.zones.push(zone);
      this.zoneNumbers.set(zone, number);
    }
    return number;
  }
}

/** The room numbered `slot`'s time zone, as its number in `RoomRules.zones`. */
export function zoneOf(numbers: Int32Array, slot: number): number {
  return numbers[slot * RULES_STRIDE + ZONE] as number;
}

/** What a search judges every room with: the rooms' numbers (`RoomRules.all`) and the clock in a zone, by its number. */
export type Judging = { numbers: Int32Array; clockOf: (zone: number) => RoomClock };

/**
 * Whether the room's rules take the stay, but for its price: `findStayProblem`'s rules (without the viewer's own room
 * and the guests, the search's own filters), on the search's facts of the stay, the calendar read only where it meets
 * the stay (the equivalence test of search-index.test.ts holds this to the domain's and the database's answers).
 * Dates are compared as day numbers; the notice and the booking window are worked out only for a stay close to
 * their ends (the first notice day is at most max(notice, 1) days after today, the window's end at least 28 days
 * a month after it).
 */
function rulesTake({ numbers: n, clockOf }: Judging, slot: number, room: IndexedRoom, facts: StayFacts, nightsFree: boolean): boolean {
  const at = slot * RULES_STRIDE;
  const { stay, fromDay, toDay } = facts;
  if (fromDay < (n[at + FROM_DAY] as number) || toDay > (n[at + TO_DAY] as number)) return false;
  if (facts.nights > MAX_STAY_NIGHTS || facts.nights > (n[at + MAX_NIGHTS] as number)) return false;
  const weekdays = n[at + WEEKDAYS] as number;
  if ((weekdays & facts.checkInBit) === 0 || ((weekdays >> 8) & facts.checkOutBit) === 0) return false;
  if (!nightsFree && takenIn(room, fromDay, toDay)) return false;
  // The calendar: a blocked night in the stay, and the minimum stay set on its check-in night (`minNightsFrom`).
  let minNights = n[at + MIN_NIGHTS] as number;
  const preparation = n[at + PREPARATION] as number;
  if ((preparation & HAS_CALENDAR) !== 0) {
    for (const setting of room.settings) {
      if (setting.from >= stay.to) break;
      if (setting.to <= stay.from) continue;
      if (setting.blocked) return false;
      if (setting.from <= stay.from && setting.minNights !== null) minNights = setting.minNights;
    }
  }
  if (facts.nights < minNights) return false;
  // The clock last: most rooms a search judges are refused before it is read.
  const clock = clockOf(n[at + ZONE] as number);
  if (fromDay < clock.day + Math.max(n[at + NOTICE_DAYS] as number, 1) && stay.from < facts.noticeFrom(room.rules, clock)) return false;
  const windowMonths = n[at + WINDOW_MONTHS] as number;
  if (windowMonths !== -1 && fromDay > clock.day + 28 * windowMonths) {
    const windowEnd = facts.windowEnd(room.rules, clock);
    if (windowEnd !== null && stay.from > windowEnd) return false;
  }
  const preparationNights = preparation & (HAS_CALENDAR - 1);
  const widened = facts.widenedDays[preparationNights];
  return preparationNights === 0 || !widened || !takenIn(room, widened[0], widened[1]);
}

/**
 * Bounds of the stay's total: at least its nights at their lowest price less the larger discount, at most its nights
 * at their highest price and the fees with the tax and the service fee on all of it (a cent either side for rounding);
 * without a calendar price in the stay, its nights' exact sum. Where they decide the price filter, no quote is made.
 */
function totalBounds(n: Int32Array, slot: number, room: IndexedRoom, facts: StayFacts): [number, number] {
  const at = slot * RULES_STRIDE;
  const price = n[at + PRICE] as number;
  const weekendPrice = n[at + WEEKEND_PRICE] as number;
  let lowNights = (facts.nights - facts.weekendNights) * price + facts.weekendNights * weekendPrice;
  let highNights = lowNights;
  if (((n[at + PREPARATION] as number) & HAS_CALENDAR) !== 0) {
    for (const setting of room.settings) {
      if (setting.from >= facts.stay.to) break;
      if (setting.to <= facts.stay.from || setting.priceCents === null) continue;
      lowNights = facts.nights * Math.min(price, weekendPrice, setting.priceCents, lowNights / facts.nights);
      highNights = facts.nights * Math.max(price, weekendPrice, setting.priceCents, highNights / facts.nights);
    }
  }
  const extraGuests = Math.max(0, facts.guests - (n[at + GUESTS_INCLUDED] as number));
  const charged = highNights + (n[at + CLEANING_FEE] as number) + (n[at + EXTRA_GUEST_FEE] as number) * extraGuests * facts.nights;
  return [
    Math.floor((lowNights * (100 - (n[at + DISCOUNT] as number))) / 100) - 1,
    Math.ceil((charged * (10_000 + (n[at + TAX_BP] as number) + facts.guestFeeBp)) / 10_000) + 1,
  ];
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
 * The room is numbered `slot`; its object is read only where its numbers do not decide. `nightsFree`: the night bitmaps (`TakenNights`) covering the stay found its nights free, so the days are not read.
 */
export function stayFit(
  judging: Judging,
  slot: number,
  room: IndexedRoom,
  facts: StayFacts,
  nightsFree = false,
): number | 'unquoted' | null {
  if (!rulesTake(judging, slot, room, facts, nightsFree)) return null;
  const [low, high] = totalBounds(judging.numbers, slot, room, facts);
  if (high < facts.lowest || low > facts.highest) return null;
  if (low >= facts.lowest && high <= facts.highest) return 'unquoted';
  const total = quotedTotal(room, facts);
  return total >= facts.lowest && total <= facts.highest ? total : null;
}
