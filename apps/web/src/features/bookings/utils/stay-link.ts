import type { StayRange } from '@staybook/domain/bookings';
import type { IsoDate } from '@staybook/domain/dates';
import { ROOM_LIMITS } from '@staybook/domain/room-limits';
import { SEARCH_FIELD_READERS } from '@staybook/domain/search';

/**
 * The stay in a room page's address: `/room/:id?checkin=YYYY-MM-DD&checkout=YYYY-MM-DD&guests=N`, the names the
 * home page's search uses, so a dated search opens the room with its dates and guests, and a refresh keeps the
 * guest's choice. The dates are read as the search reads them; a parameter that does not parse is dropped.
 */
export type StayLink = { checkin?: IsoDate; checkout?: IsoDate; guests?: number };

type Params = { get(name: string): string | null };

export function readStayLink(params: Params): StayLink {
  const link: StayLink = {};
  const checkin = SEARCH_FIELD_READERS.checkin(params.get('checkin') ?? '');
  if ('value' in checkin) link.checkin = checkin.value;
  const checkout = SEARCH_FIELD_READERS.checkout(params.get('checkout') ?? '');
  if ('value' in checkout) link.checkout = checkout.value;
  // Up to the most any room takes, not the search's 16: a party of 20 may book a room for 20 and refresh.
  const guests = Number(params.get('guests') ?? Number.NaN);
  if (Number.isInteger(guests) && guests >= 1 && guests <= ROOM_LIMITS.maxGuests) link.guests = guests;
  return link;
}

/**
 * The address's parameters with the guest's choice written in: the dates of a whole stay (none while only a
 * check-in day is chosen, or after 'Clear dates'), and the guest count above one. Other parameters stay as they are.
 */
export function writeStayLink(params: URLSearchParams, stay: StayRange | null, guests: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (stay) {
    next.set('checkin', stay.from);
    next.set('checkout', stay.to);
  } else {
    next.delete('checkin');
    next.delete('checkout');
  }
  if (guests > 1) next.set('guests', String(guests));
  else next.delete('guests');
  return next;
}
