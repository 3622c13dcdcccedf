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
  WEEKDAY_NAMES,
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
import { isCheckInOpen, isInsideWindow, stayDatesText, staysOverlap, type Stay } from './stays.js';
import { i18n } from './locale.js';
import { listOf } from './text.js';

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

/** 'Saturdays', 'Fridays and Saturdays': the days a mask allows, as a guest reads them. */
function weekdaysText(mask: WeekdayMask): string {
  return listOf(weekdaysOfMask(mask).map((weekday) => `${WEEKDAY_NAMES[weekday]}s`));
}

/** The stay and its room, and the guests when known: the total a message states counts their extra-guest fee. */
type Facts = Pick<StayCheck, 'stay' | 'room' | 'guests'>;

/** Also the answer when the database's overlap constraint refuses a stay another guest booked first. */
export const TAKEN_STAY_MESSAGE = /*i18n*/ 'These dates were just booked by someone else. Please choose other dates.';

const totalOf = (facts: Facts) => formatMoney(totalCentsOf(facts, facts.guests) ?? 0);

/** The one wording of each problem, shown by the room's page and answered by the API. */
export const STAY_PROBLEM_MESSAGES: Record<StayProblem, (facts: Facts) => string> = {
  'own-room': () => i18n.t('You cannot book your own room.'),
  'too-many-guests': ({ room }) => i18n.t('This room takes at most {count, plural, one {# guest} other {# guests}}.', { count: room.guests ?? 0 }),
  'no-nights': () => i18n.t('A stay is at least one night: choose a check-out day after the check-in day.'),
  'in-the-past': () => i18n.t('A stay cannot start in the past. Please choose dates from today on.'),
  'outside-window': ({ room }) => i18n.t('This room can be booked {dates}. Please choose dates in that range.', { dates: stayDatesText(room) }),
  'too-long': () => i18n.t('A stay can be at most {count} nights.', { count: MAX_STAY_NIGHTS }),
  notice: ({ room }) =>
    room.rules && room.rules.noticeDays > 0
      ? i18n.t('Book at least {count, plural, one {# day} other {# days}} ahead.', { count: room.rules.noticeDays })
      : i18n.t("Same-day stays can be booked until {time} (the home's time). Please choose a later check-in day.", { time: room.rules?.sameDayUntil ?? '00:00' }),
  'booking-window': ({ room }) =>
    i18n.t('This home takes stays starting at most {count, plural, one {# month} other {# months}} ahead.', { count: room.rules?.bookingWindowMonths ?? 0 }),
  'check-in-day': ({ room }) => `Check-in is on ${weekdaysText(room.rules?.checkInDays ?? 0)} only.`,
  'check-out-day': ({ room }) => `Check-out is on ${weekdaysText(room.rules?.checkOutDays ?? 0)} only.`,
  'min-nights': ({ stay, room }) => {
    const rules = room.rules ?? DEFAULT_LISTING_RULES;
    const fromCalendar = minNightsFrom(rules, room.nightSettings ?? [], stay.from);
    return fromCalendar === rules.minNights
      ? i18n.t('This home takes stays of at least {count, plural, one {# night} other {# nights}}.', { count: fromCalendar })
      : i18n.t('This home takes stays of at least {count, plural, one {# night} other {# nights}} starting on {date}.', {
          count: fromCalendar,
          date: formatIsoDate(stay.from),
        });
  },
  'max-nights': ({ room }) =>
    i18n.t('This home takes stays of at most {count, plural, one {# night} other {# nights}}.', { count: room.rules?.maxNights ?? MAX_STAY_NIGHTS }),
  'below-minimum': (facts) =>
    i18n.t('Card payments start above {minimum}; this stay costs {total}.', { minimum: formatMoney(MIN_PAYMENT_CENTS - 1), total: totalOf(facts) }),
  'above-maximum': (facts) =>
    i18n.t('One booking can cost at most {maximum}; this stay costs {total}. Please choose fewer nights.', {
      maximum: formatMoney(MAX_STAY_TOTAL_CENTS),
      total: totalOf(facts),
    }),
  blocked: () => i18n.t('The host has closed some of these nights. Please choose other dates.'),
  taken: () => i18n.known(TAKEN_STAY_MESSAGE),
  preparation: ({ room }) =>
    i18n.t('The host keeps {count, plural, one {# night} other {# nights}} free before and after each stay to prepare the home. Please choose other dates.', {
      count: room.rules?.preparationNights ?? 0,
    }),
};

/** What a person reads about a problem with this stay. */
export function describeStayProblem(problem: StayProblem, facts: Facts): string {
  return STAY_PROBLEM_MESSAGES[problem](facts);
}
