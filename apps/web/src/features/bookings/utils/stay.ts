import type { RoomAvailability, StayRange } from '@staybook/domain/bookings';
import { MAX_STAY_NIGHTS } from '@staybook/domain/stay-limits';
import { describeStayProblem, findStayProblem, isTakenNight, staysOverlap } from '@staybook/domain/stay-rules';
import { addDays, formatIsoDate, nightsBetween, type IsoDate } from '@staybook/domain/dates';
import { countOf } from '@staybook/domain/text';

/**
 * What the guest has chosen so far: nothing, a check-in day waiting for its check-out day, or a
 * whole stay. Dates are calendar dates; the check-out day is not a night of the stay.
 */
export type StaySelection = { from: IsoDate; to: IsoDate | null } | null;

/** The availability rules the picker needs (the API's answer fits). */
type Window = Pick<RoomAvailability, 'from' | 'to' | 'taken'>;

/** A stay may start on a free night inside the window. */
export function canCheckIn(day: IsoDate, window: Window): boolean {
  return day >= window.from && day < window.to && !isTakenNight(day, window.taken);
}

/**
 * The latest check-out day for a stay starting on `from`: the first taken night after it (a guest
 * may leave the morning the next one arrives), the window's last day, or the longest stay allowed.
 */
export function lastCheckOut(from: IsoDate, window: Window): IsoDate {
  let limit = window.to;
  for (const stay of window.taken) {
    if (stay.from > from && stay.from < limit) limit = stay.from;
  }
  const longest = addDays(from, MAX_STAY_NIGHTS);
  return longest < limit ? longest : limit;
}

/** Whether clicking `day` does anything: a check-in day, or the check-out day of the stay begun. */
export function isSelectable(day: IsoDate, selection: StaySelection, window: Window): boolean {
  if (selection && selection.to === null && day > selection.from) {
    return day <= lastCheckOut(selection.from, window);
  }
  return canCheckIn(day, window);
}

/** The selection after the guest picks `day`: the first pick is check-in, the next check-out. */
export function selectDay(selection: StaySelection, day: IsoDate, window: Window): StaySelection {
  if (!isSelectable(day, selection, window)) return selection;
  if (selection && selection.to === null && day > selection.from) return { from: selection.from, to: day };
  return { from: day, to: null };
}

/**
 * A complete stay that is still possible (availability can change while the page is open), by the stay rules as
 * far as the window knows them: its start is today where the room is, or later.
 */
export function isBookableStay(selection: StaySelection, window: Window): selection is StayRange {
  if (!selection?.to) return false;
  return findStayProblem({ stay: { from: selection.from, to: selection.to }, room: window, taken: window.taken }) === null;
}

/**
 * The stay a link asks for (a search's check-in and check-out), when the room can take it as it stands: inside
 * the window, from today on where the room is, no night taken, not too long. Otherwise nothing is chosen.
 */
export function stayFromLink(link: { checkin?: IsoDate | undefined; checkout?: IsoDate | undefined }, window: Window): StayRange | null {
  if (!link.checkin || !link.checkout) return null;
  const stay = { from: link.checkin, to: link.checkout };
  return isBookableStay(stay, window) ? stay : null;
}

/**
 * Why the stay a link asks for cannot be booked, when it names one: the rule it breaks, or the nights already
 * taken inside it. The card shows it beside the dates, so the guest sees what was asked for and can adjust it.
 */
export function explainLinkedStay(
  link: { checkin?: IsoDate | undefined; checkout?: IsoDate | undefined },
  window: Window,
): { stay: StayRange; reason: string } | null {
  if (!link.checkin || !link.checkout) return null;
  const stay = { from: link.checkin, to: link.checkout };
  const problem = findStayProblem({ stay, room: window, taken: window.taken });
  if (!problem) return null;
  if (problem !== 'taken') return { stay, reason: describeStayProblem(problem, { stay, room: window }) };
  const inTheWay = window.taken
    .filter((other) => staysOverlap(stay, other))
    .map((other) => formatStay({ from: other.from > stay.from ? other.from : stay.from, to: other.to < stay.to ? other.to : stay.to }));
  return { stay, reason: `Already booked: ${inTheWay.join(', ')}. Please choose other dates.` };
}

/** A stay's dates as the card writes them: 'Dec 14, 2026 – Dec 22, 2026'. */
export function formatStay(stay: StayRange): string {
  return `${formatIsoDate(stay.from)} – ${formatIsoDate(stay.to)}`;
}

/** The month a calendar opens on for `day`: that day's, kept inside the room's window. */
export function openingDay(day: IsoDate, window: Pick<Window, 'from' | 'to'>): IsoDate {
  if (day < window.from) return window.from;
  if (day > window.to) return window.to;
  return day;
}

/** A guest count the room takes: a whole number from 1 to the room's guests (1 when none was asked for). */
export function clampGuests(guests: number | undefined, roomGuests: number): number {
  const most = Math.max(1, Math.floor(roomGuests));
  if (guests === undefined || !Number.isFinite(guests)) return 1;
  return Math.min(most, Math.max(1, Math.floor(guests)));
}

/** What a screen reader hears after each pick, and what the card says under the calendar. */
export function describeSelection(selection: StaySelection): string {
  if (!selection) return 'Choose your check-in day.';
  if (!selection.to) return `Check-in ${formatIsoDate(selection.from)}. Choose your check-out day.`;
  return `Check-in ${formatIsoDate(selection.from)}, check-out ${formatIsoDate(selection.to)}, ${countOf(
    nightsBetween(selection.from, selection.to),
    'night',
  )}`;
}
