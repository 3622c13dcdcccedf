import type { StayRange } from '@staybook/domain/bookings';
import type { IsoDate } from '@staybook/domain/dates';
import { searchFieldSchemas } from '@staybook/domain/search';

/**
 * The stay in a room page's address: `/room/:id?checkin=YYYY-MM-DD&checkout=YYYY-MM-DD&guests=N`, the names the
 * home page's search uses, so a dated search opens the room with its dates and guests, and a refresh keeps the
 * guest's choice. Each parameter is read with the search's own schema; one that does not parse is dropped.
 */
export type StayLink = { checkin?: IsoDate; checkout?: IsoDate; guests?: number };

type Params = { get(name: string): string | null };

export function readStayLink(params: Params): StayLink {
  const link: StayLink = {};
  const checkin = searchFieldSchemas.checkin.safeParse(params.get('checkin') ?? undefined);
  if (checkin.success) link.checkin = checkin.data;
  const checkout = searchFieldSchemas.checkout.safeParse(params.get('checkout') ?? undefined);
  if (checkout.success) link.checkout = checkout.data;
  const raw = params.get('guests');
  const guests = raw ? searchFieldSchemas.guests.safeParse(raw) : null;
  if (guests?.success) link.guests = guests.data;
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
