import type { RoomAvailability, StayRange } from '@staybook/domain/bookings';
import { listingRulesOf } from '@staybook/domain/listing-rules';
import type { Room } from '@staybook/domain/rooms';
import { checkInProblem, describeStayProblem, findStayProblem, type StayRoom } from '@staybook/domain/stay-rules';
import { isTakenNight, lastCheckOut, sharedNights, type StayWindow } from '@staybook/domain/stays';
import { formatIsoDate, type IsoDate } from '@staybook/domain/dates';
import type { StaySelection } from '../../../lib/stay-selection';

/**
 * What the room page knows of a room for its stay rules: the window from today and the nights taken in it (the
 * availability's), with the listing's rules, the calendar's nights, its zone and its price, when known.
 */
export type StayFacts = StayWindow & Omit<StayRoom, 'from' | 'to'>;

/** The facts of a room and its availability, as the server judges a stay with them. */
export function stayFactsOf(room: Room, availability: RoomAvailability): StayFacts {
  const { priceCents, ...rules } = listingRulesOf({ ...room.rules, priceCents: room.priceCents });
  return {
    from: availability.from,
    to: availability.to,
    taken: availability.taken,
    priceCents,
    hostId: room.host.id,
    timeZone: room.timeZone,
    clock: availability.clock,
    rules,
    nightSettings: availability.nights.map((night) => ({ ...night, note: null })),
    serviceFeeBp: room.serviceFeeBp,
  };
}

/** A stay may start on a free night inside the window from which some stay keeps every rule. */
export function canCheckIn(day: IsoDate, window: StayFacts): boolean {
  if (day < window.from || day >= window.to || isTakenNight(day, window.taken)) return false;
  return window.rules === undefined || checkInProblem(day, { room: window, taken: window.taken }) === null;
}

/**
 * Whether clicking `day` does anything: a check-in day, or a check-out day of the stay begun, up to its
 * `lastCheckOut`.
 */
export function isSelectable(day: IsoDate, selection: StaySelection, window: StayFacts): boolean {
  if (selection && selection.to === null && day > selection.from) {
    if (day > lastCheckOut(selection.from, window)) return false;
    // A check-out day the stay's rules refuse (a minimum stay, a check-out weekday, a closed night) is not offered.
    return window.rules === undefined || findStayProblem({ stay: { from: selection.from, to: day }, room: window, taken: window.taken }) === null;
  }
  return canCheckIn(day, window);
}

/** The selection after the guest picks `day`: the first pick is check-in, the next check-out. */
export function selectDay(selection: StaySelection, day: IsoDate, window: StayFacts): StaySelection {
  if (!isSelectable(day, selection, window)) return selection;
  if (selection && selection.to === null && day > selection.from) return { from: selection.from, to: day };
  return { from: day, to: null };
}

/**
 * A complete stay that is still possible (availability can change while the page is open), by the stay rules as
 * far as the window knows them: its start is today where the room is, or later.
 */
export function isBookableStay(selection: StaySelection, window: StayFacts): selection is StayRange {
  if (!selection?.to) return false;
  return findStayProblem({ stay: { from: selection.from, to: selection.to }, room: window, taken: window.taken }) === null;
}

/**
 * The stay a link asks for (a search's check-in and check-out), when the room can take it as it stands: inside
 * the window, from today on where the room is, no night taken, not too long. Otherwise nothing is chosen.
 */
export function stayFromLink(link: { checkin?: IsoDate | undefined; checkout?: IsoDate | undefined }, window: StayFacts): StayRange | null {
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
  window: StayFacts,
): { stay: StayRange; reason: string } | null {
  if (!link.checkin || !link.checkout) return null;
  const stay = { from: link.checkin, to: link.checkout };
  const problem = findStayProblem({ stay, room: window, taken: window.taken });
  if (!problem) return null;
  if (problem !== 'taken') return { stay, reason: describeStayProblem(problem, { stay, room: window }) };
  const inTheWay = window.taken.flatMap((other) => {
    const shared = sharedNights(stay, other);
    return shared ? [formatStay(shared)] : [];
  });
  return { stay, reason: `Already booked: ${inTheWay.join(', ')}. Please choose other dates.` };
}

/** A stay's dates as the card writes them: 'Dec 14, 2026 – Dec 22, 2026'. */
export function formatStay(stay: StayRange): string {
  return `${formatIsoDate(stay.from)} – ${formatIsoDate(stay.to)}`;
}

/** The month a calendar opens on for `day`: that day's, kept inside the room's window. */
export function openingDay(day: IsoDate, window: Pick<StayWindow, 'from' | 'to'>): IsoDate {
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
