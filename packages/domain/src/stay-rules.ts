/*
 * The rules of one stay, for the API (which refuses it) and the room's page (which says why Reserve is off).
 * Free of zod, so the room page's bundle can take it module by module (docs/decisions/017-bundle-budget.md).
 */
import { formatIsoDate, nightsBetween, todayIn, type IsoDate } from './dates.js';
import { formatMoney, stayTotalCents, type Cents } from './money.js';
import { MAX_STAY_NIGHTS, MAX_STAY_TOTAL_CENTS, MIN_PAYMENT_CENTS } from './stay-limits.js';
import { isCheckInOpen, isInsideWindow, staysOverlap, type Stay } from './stays.js';
import { countOf } from './text.js';

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
  /** Today where the room is; else read from `timeZone`'s clock. */
  today?: IsoDate;
  timeZone?: string;
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
  'below-minimum',
  'above-maximum',
  'taken',
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
  const today = room.today ?? (room.timeZone ? todayIn(room.timeZone) : undefined);
  if (today !== undefined && !isCheckInOpen(stay.from, today)) return 'in-the-past';
  if (!isInsideWindow(stay, room)) return 'outside-window';
  if (nights > MAX_STAY_NIGHTS) return 'too-long';
  if (room.priceCents !== undefined) {
    const totalCents = stayTotalCents(room.priceCents, stay.from, stay.to);
    if (totalCents < MIN_PAYMENT_CENTS) return 'below-minimum';
    if (totalCents > MAX_STAY_TOTAL_CENTS) return 'above-maximum';
  }
  if (taken?.some((other) => staysOverlap(stay, other))) return 'taken';
  return null;
}

type Facts = Pick<StayCheck, 'stay' | 'room'>;

/** Also the answer when the database's overlap constraint refuses a stay another guest booked first. */
export const TAKEN_STAY_MESSAGE = 'These dates were just booked by someone else. Please choose other dates.';

const totalOf = ({ stay, room }: Facts) => formatMoney(stayTotalCents(room.priceCents ?? 0, stay.from, stay.to));

/** The one wording of each problem, shown by the room's page and answered by the API. */
export const STAY_PROBLEM_MESSAGES: Record<StayProblem, (facts: Facts) => string> = {
  'own-room': () => 'You cannot book your own room.',
  'too-many-guests': ({ room }) => `This room takes at most ${countOf(room.guests ?? 0, 'guest')}.`,
  'no-nights': () => 'A stay is at least one night: choose a check-out day after the check-in day.',
  'in-the-past': () => 'A stay cannot start in the past. Please choose dates from today on.',
  'outside-window': ({ room }) =>
    `This room can be booked from ${formatIsoDate(room.from)} to ${formatIsoDate(room.to)}. Please choose dates in that range.`,
  'too-long': () => `A stay can be at most ${MAX_STAY_NIGHTS} nights.`,
  'below-minimum': (facts) => `Card payments start above ${formatMoney(MIN_PAYMENT_CENTS - 1)}; this stay costs ${totalOf(facts)}.`,
  'above-maximum': (facts) =>
    `One booking can cost at most ${formatMoney(MAX_STAY_TOTAL_CENTS)}; this stay costs ${totalOf(facts)}. Please choose fewer nights.`,
  taken: () => TAKEN_STAY_MESSAGE,
};

/** What a person reads about a problem with this stay. */
export function describeStayProblem(problem: StayProblem, facts: Facts): string {
  return STAY_PROBLEM_MESSAGES[problem](facts);
}
