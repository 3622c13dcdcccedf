import type { IsoDate } from '@staybook/domain/dates';
import { hostCalendarSchema, nightsChangeResultSchema, type HostCalendar } from '@staybook/domain/host-calendar';
import type { NightSetting } from '@staybook/domain/listing-rules';
import { apiRequest } from '../../../lib/api-client';

/** The host calendar's nights (docs/decisions/047-host-calendar-and-price-quote.md), for the room's host. */
const nightsPath = (roomId: string) => `/api/room/${encodeURIComponent(roomId)}/calendar/nights`;

/** What a change sets on every night of its range; null puts a field back to the listing's. The price is in dollars, as typed. */
export interface NightsSet {
  blocked?: boolean;
  price?: string | null;
  minNights?: number | null;
  note?: string | null;
}

/** A change of the nights [from, to): something set on them, or what a change answered they held put back (undo). */
export type NightsChange = { from: IsoDate; to: IsoDate } & ({ set: NightsSet } | { restore: NightSetting[] });

/** What the nights held before a change, to put back with `restore`. */
export type NightsChangeResult = { previous: NightSetting[] };

/** `months` months of one listing's nights from the first day of `from`'s month (without it: this month where the room is). */
export function fetchHostCalendar(
  roomId: string,
  { from, months, signal }: { from: IsoDate | null; months: number; signal?: AbortSignal | undefined },
): Promise<HostCalendar> {
  const query = new URLSearchParams({ months: String(months) });
  if (from) query.set('from', from);
  return apiRequest(`${nightsPath(roomId)}?${query.toString()}`, hostCalendarSchema, { signal: signal ?? null });
}

export function changeNights(roomId: string, change: NightsChange): Promise<NightsChangeResult> {
  return apiRequest(nightsPath(roomId), nightsChangeResultSchema, { method: 'PUT', json: change });
}
