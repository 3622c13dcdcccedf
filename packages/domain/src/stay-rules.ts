/*
 * The rules of one stay, for the API (which refuses it) and the room's page (which says why Reserve is off).
 * Free of zod, so the room page's bundle can take it module by module (docs/decisions/017-bundle-budget.md).
 */
import { addDays, formatIsoDate, nightsBetween, timeOfDayIn, timeOfDayOnClock, todayIn, todayOnClock, type IsoDate, type ZoneClock } from './dates.js';
import {
  blockedRunsIn,
  DEFAULT_LISTING_RULES,
  firstNoticeCheckIn,
  lastBookableCheckIn,
  maskHasWeekday,
  minNightsFrom,
  weekdayOf,
  weekdaysOfMask,
  withPreparation,
  type ListingRules,
  type NightSetting,
  type WeekdayMask,
} from './listing-rules.js';
import { formatMoney, stayTotalCents, type Cents } from './money.js';
import { quoteStay } from './quote.js';
import { MAX_STAY_NIGHTS, MAX_STAY_TOTAL_CENTS, MIN_PAYMENT_CENTS } from './stay-limits.js';
import { isCheckInOpen, isInsideWindow, staysOverlap, type Stay } from './stays.js';
import { i18n } from './locale.js';

/**
 * What is known of the room. A fact left out is a rule not checked: the picker knows the window and the taken
 * nights before a price matters, and a window that starts today (the availability's) leaves `today` out.
 */
export type StayRoom = {
  /** The window: the first check-in day and the last check-out day. */
  from: IsoDate;
  to: IsoDate;
  priceCents?: Cents;
  /** The most guests the room takes. */
  guests?: number;
  /** Who owns the room: a host never books their own. */
  hostId?: string;
  /** Today where the room is; else read from `clock`, or from `timeZone` through `Intl`. */
  today?: IsoDate;
  timeZone?: string;
  /** The zone's clock for a while, from the server (dates.ts' `ZoneClock`): today and the time without `Intl`. */
  clock?: ZoneClock;
  /** The time of day where the room is ('HH:MM'), for a same-day cut-off; else read from `timeZone`'s clock. */
  timeOfDay?: string;
  /** The listing's stay rules and fees (`listing-rules.ts`); left out, a stay is checked as by the defaults. */
  rules?: Omit<ListingRules, 'priceCents'>;
  /** What the calendar sets on nights, in date order: prices, minimum stays, blocks. */
  nightSettings?: readonly NightSetting[];
  /** The marketplace's service fee on top, in basis points (decision 049); left out, none. */
  serviceFeeBp?: number;
};

export type StayCheck = {
  stay: Stay;
  room: StayRoom;
  /** Confirmed stays of the room, when known. */
  taken?: readonly Stay[];
  /** Who asks (a user's id), when signed in. */
  viewerId?: string | null;
  guests?: number;
};

/** Why a stay cannot be booked, in the order the rules are checked. */
export const STAY_PROBLEMS = [
  'own-room',
  'too-many-guests',
  'no-nights',
  'in-the-past',
  'outside-window',
  'too-long',
  'notice',
  'booking-window',
  'check-in-day',
  'check-out-day',
  'min-nights',
  'max-nights',
  'below-minimum',
  'above-maximum',
  'blocked',
  'taken',
  'preparation',
] as const;
export type StayProblem = (typeof STAY_PROBLEMS)[number];

/** Whether the viewer owns the room: decided by the host's id, the same on both sides. */
export function isOwnRoom(room: Pick<StayRoom, 'hostId'>, viewerId: string | null | undefined): boolean {
  return viewerId != null && room.hostId !== undefined && room.hostId === viewerId;
}

/** The first rule the stay breaks, or null when it can be booked as far as the facts given tell. */
export function findStayProblem({ stay, room, taken, viewerId, guests }: StayCheck): StayProblem | null {
  if (isOwnRoom(room, viewerId)) return 'own-room';
  if (guests !== undefined && room.guests !== undefined && guests > room.guests) return 'too-many-guests';
  const nights = nightsBetween(stay.from, stay.to);
  if (nights < 1) return 'no-nights';
  const today = todayOf(room);
  if (today !== undefined && !isCheckInOpen(stay.from, today)) return 'in-the-past';
  if (!isInsideWindow(stay, room)) return 'outside-window';
  if (nights > MAX_STAY_NIGHTS) return 'too-long';
  // Left out, the rules are the defaults: they refuse nothing the checks above let through, but the calendar's
  // minimum stays and prices still count.
  const { rules = DEFAULT_LISTING_RULES, nightSettings = [] } = room;
  if (today !== undefined) {
    if (stay.from < firstNoticeCheckIn(rules, today, timeOfDayOf(room))) return 'notice';
    const last = lastBookableCheckIn(rules, today);
    if (last !== null && stay.from > last) return 'booking-window';
  }
  if (!maskHasWeekday(rules.checkInDays, weekdayOf(stay.from))) return 'check-in-day';
  if (!maskHasWeekday(rules.checkOutDays, weekdayOf(stay.to))) return 'check-out-day';
  if (nights < minNightsFrom(rules, nightSettings, stay.from)) return 'min-nights';
  if (nights > rules.maxNights) return 'max-nights';
  const totalCents = totalCentsOf({ stay, room }, guests);
  if (totalCents !== null) {
    if (totalCents < MIN_PAYMENT_CENTS) return 'below-minimum';
    if (totalCents > MAX_STAY_TOTAL_CENTS) return 'above-maximum';
  }
  if (blockedRunsIn(nightSettings, stay).length > 0) return 'blocked';
  if (taken?.some((other) => staysOverlap(stay, other))) return 'taken';
  if (taken && withPreparation(taken, rules.preparationNights).some((other) => staysOverlap(stay, other))) return 'preparation';
  return null;
}

/** Problems a longer stay from the same day may not have: every other one stays or grows with more nights. */
const CURED_BY_MORE_NIGHTS: readonly StayProblem[] = ['check-out-day', 'below-minimum', 'min-nights'];
/** How many check-out days past the shortest stay are tried: a week finds any allowed check-out weekday. */
const CHECK_OUTS_TRIED = 7;

/**
 * Whether some stay may start on `day`, for the date picker's check-in days and the host calendar's hints: null
 * when one may, else the problem of the shortest stay from it (the one a person is told about).
 */
export function checkInProblem(day: IsoDate, check: Omit<StayCheck, 'stay'>): StayProblem | null {
  const rules = check.room.rules ?? DEFAULT_LISTING_RULES;
  const shortest = minNightsFrom(rules, check.room.nightSettings ?? [], day);
  const longest = Math.min(rules.maxNights, MAX_STAY_NIGHTS, shortest + CHECK_OUTS_TRIED - 1);
  let first: StayProblem | null = null;
  for (let nights = shortest; nights <= Math.max(shortest, longest); nights++) {
    const problem = findStayProblem({ ...check, stay: { from: day, to: addDays(day, nights) } });
    if (problem === null) return null;
    first ??= problem;
    if (!CURED_BY_MORE_NIGHTS.includes(problem)) break;
  }
  return first;
}

function todayOf(room: StayRoom): IsoDate | undefined {
  return room.today ?? (room.clock && todayOnClock(room.clock)) ?? (room.timeZone ? todayIn(room.timeZone) : undefined);
}

/** The time of day where the room is, 'HH:MM' (midnight when neither it nor the zone is known). */
function timeOfDayOf(room: StayRoom): string {
  return room.timeOfDay ?? (room.clock && timeOfDayOnClock(room.clock)) ?? (room.timeZone ? timeOfDayIn(room.timeZone) : '00:00');
}

/** The stay's total by the one quote, when the room's price is known; null otherwise. */
function totalCentsOf({ stay, room }: Facts, guests = 1): Cents | null {
  if (room.priceCents === undefined) return null;
  if (!room.rules && !room.nightSettings?.length && !room.serviceFeeBp) return stayTotalCents(room.priceCents, stay.from, stay.to);
  return quoteStay({ ...(room.rules ?? DEFAULT_LISTING_RULES), priceCents: room.priceCents }, room.nightSettings ?? [], stay, guests, {
    guestFeeBp: room.serviceFeeBp ?? 0,
  }).totalCents;
}

/** 'Saturdays', 'Fridays and Saturdays': the days a mask allows, as a guest reads them, in the active language. */
function weekdaysText(mask: WeekdayMask): string {
  const names = weekdaysOfMask(mask).map((weekday) => weekdayPlurals()[weekday]!);
  return names.length <= 1 ? names.join('') : i18n.t('{list} and {last}', { list: names.slice(0, -1).join(', '), last: names.at(-1) });
}

/** The weekdays, Sunday first (as `weekdayOf` numbers them), as 'every Saturday' says them. */
const weekdayPlurals = () => [
  i18n.t('Sundays'),
  i18n.t('Mondays'),
  i18n.t('Tuesdays'),
  i18n.t('Wednesdays'),
  i18n.t('Thursdays'),
  i18n.t('Fridays'),
  i18n.t('Saturdays'),
];

/** The stay and its room, and the guests when known: the total a message states counts their extra-guest fee. */
type Facts = Pick<StayCheck, 'stay' | 'room' | 'guests'>;

/** Also the answer when the database's overlap constraint refuses a stay another guest booked first. */
export const TAKEN_STAY_MESSAGE = /*i18n*/ 'These dates were just booked by someone else. Please choose other dates.';


/**
 * A problem with the figures its sentence names: what the API answers beside the sentence it writes in English (a
 * wishlist's home, the host calendar's nights), so that a page writes the same sentence in its own language
 * (`stayProblemText`). A figure the problem's sentence does not name is null.
 */
export type StayProblemFacts = {
  problem: StayProblem;
  /** The guests, nights, days or months the sentence counts. */
  count: number | null;
  /** The first and last day of the room's window (outside-window), or the day a minimum stay set on the calendar starts (min-nights: `from` only). */
  from: IsoDate | null;
  to: IsoDate | null;
  /** The days a stay may start or end on (check-in-day, check-out-day), as a mask of weekdays (bit 0 Sunday). */
  weekdays: WeekdayMask | null;
  /** The same-day cut-off, 'HH:MM' in the home's time (notice, when the listing asks no days ahead). */
  time: string | null;
  /** What the stay costs (below-minimum, above-maximum), in minor units of the marketplace's currency. */
  totalCents: number | null;
};

/** The figures a problem's sentence names, from the stay and its room. */
export function stayProblemFacts(problem: StayProblem, facts: Facts): StayProblemFacts {
  const { stay, room } = facts;
  const rules = room.rules ?? DEFAULT_LISTING_RULES;
  const none: StayProblemFacts = { problem, count: null, from: null, to: null, weekdays: null, time: null, totalCents: null };
  switch (problem) {
    case 'too-many-guests':
      return { ...none, count: room.guests ?? 0 };
    case 'outside-window':
      return { ...none, from: room.from, to: room.to };
    case 'too-long':
      return { ...none, count: MAX_STAY_NIGHTS };
    case 'notice':
      return room.rules && room.rules.noticeDays > 0 ? { ...none, count: room.rules.noticeDays } : { ...none, time: room.rules?.sameDayUntil ?? '00:00' };
    case 'booking-window':
      return { ...none, count: room.rules?.bookingWindowMonths ?? 0 };
    case 'check-in-day':
      return { ...none, weekdays: room.rules?.checkInDays ?? 0 };
    case 'check-out-day':
      return { ...none, weekdays: room.rules?.checkOutDays ?? 0 };
    case 'min-nights': {
      const fromCalendar = minNightsFrom(rules, room.nightSettings ?? [], stay.from);
      return { ...none, count: fromCalendar, from: fromCalendar === rules.minNights ? null : stay.from };
    }
    case 'max-nights':
      return { ...none, count: room.rules?.maxNights ?? MAX_STAY_NIGHTS };
    case 'preparation':
      return { ...none, count: room.rules?.preparationNights ?? 0 };
    case 'below-minimum':
    case 'above-maximum':
      return { ...none, totalCents: totalCentsOf(facts, facts.guests) ?? 0 };
    default:
      return none;
  }
}

/** A problem's one sentence in the active language, from its figures: what the room's page shows and the API answers. */
export function stayProblemText({ problem, count, from, to, weekdays, time, totalCents }: StayProblemFacts): string {
  switch (problem) {
    case 'own-room':
      return i18n.t('You cannot book your own room.');
    case 'too-many-guests':
      return i18n.t('This room takes at most {count, plural, one {# guest} other {# guests}}.', { count });
    case 'no-nights':
      return i18n.t('A stay is at least one night: choose a check-out day after the check-in day.');
    case 'in-the-past':
      return i18n.t('A stay cannot start in the past. Please choose dates from today on.');
    case 'outside-window':
      return i18n.t('This room can be booked from {from} to {to}. Please choose dates in that range.', { from: formatIsoDate(from!), to: formatIsoDate(to!) });
    case 'too-long':
      return i18n.t('A stay can be at most {count} nights.', { count });
    case 'notice':
      return count !== null
        ? i18n.t('Book at least {count, plural, one {# day} other {# days}} ahead.', { count })
        : i18n.t("Same-day stays can be booked until {time} (the home's time). Please choose a later check-in day.", { time });
    case 'booking-window':
      return i18n.t('This home takes stays starting at most {count, plural, one {# month} other {# months}} ahead.', { count });
    case 'check-in-day':
      return i18n.t('Check-in is on {days} only.', { days: weekdaysText(weekdays ?? 0) });
    case 'check-out-day':
      return i18n.t('Check-out is on {days} only.', { days: weekdaysText(weekdays ?? 0) });
    case 'min-nights':
      return from === null
        ? i18n.t('This home takes stays of at least {count, plural, one {# night} other {# nights}}.', { count })
        : i18n.t('This home takes stays of at least {count, plural, one {# night} other {# nights}} starting on {date}.', { count, date: formatIsoDate(from) });
    case 'max-nights':
      return i18n.t('This home takes stays of at most {count, plural, one {# night} other {# nights}}.', { count });
    case 'below-minimum':
      return i18n.t('Card payments start above {minimum}; this stay costs {total}.', { minimum: formatMoney(MIN_PAYMENT_CENTS - 1), total: formatMoney(totalCents ?? 0) });
    case 'above-maximum':
      return i18n.t('One booking can cost at most {maximum}; this stay costs {total}. Please choose fewer nights.', {
        maximum: formatMoney(MAX_STAY_TOTAL_CENTS),
        total: formatMoney(totalCents ?? 0),
      });
    case 'blocked':
      return i18n.t('The host has closed some of these nights. Please choose other dates.');
    case 'taken':
      return i18n.known(TAKEN_STAY_MESSAGE);
    case 'preparation':
      return i18n.t('The host keeps {count, plural, one {# night} other {# nights}} free before and after each stay to prepare the home. Please choose other dates.', {
        count,
      });
  }
}

/** What a person reads about a problem with this stay, in the active language: shown by the room's page and answered by the API. */
export function describeStayProblem(problem: StayProblem, facts: Facts): string {
  return stayProblemText(stayProblemFacts(problem, facts));
}
