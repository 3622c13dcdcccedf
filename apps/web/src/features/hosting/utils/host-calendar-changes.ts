import type { IsoDate } from '@staybook/domain/dates';
import { calendarRefusalFactsSchema, calendarRefusalText, type HostCalendarNight } from '@staybook/domain/host-calendar';
import { activeLocale, SOURCE_LOCALE } from '@staybook/domain/locale';
import { centsToDollars } from '@staybook/domain/money';
import type { NightsSet } from '../api/host-calendar-api';
import { inRange, type NightRange } from './host-calendar-grid';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { i18n } from '../../../lib/i18n';

/** A confirmed stay some of the selected nights belong to. */
export interface StayInRange {
  bookingId: string;
  guestName: string;
  nights: number;
}

/** What the action panel says about the selected nights, and what its fields start with. */
export interface RangeSummary {
  /** The selected nights the calendar holds. */
  count: number;
  /** Nights before today: the server changes none of them. */
  past: number;
  /** Confirmed stays holding selected nights from today on: these cannot be blocked. */
  stays: StayInRange[];
  blocked: number;
  /** The other sites whose calendars block selected nights. */
  importedFrom: string[];
  /** The fields' first values: what every selected night has in common ('' when they differ or have none). */
  price: string;
  minNights: string;
  note: string;
}

/** The same value on every night, or undefined. */
function shared<T>(nights: readonly HostCalendarNight[], value: (night: HostCalendarNight) => T): T | undefined {
  const first = nights[0];
  if (!first) return undefined;
  const common = value(first);
  return nights.every((night) => value(night) === common) ? common : undefined;
}

export function summarizeRange(all: readonly HostCalendarNight[], range: NightRange, today: IsoDate): RangeSummary {
  const nights = all.filter((night) => inRange(range, night.date));
  const stays = new Map<string, StayInRange>();
  const sites = new Set<string>();
  let blocked = 0;
  for (const night of nights) {
    if (night.state === 'booked' && night.bookingId) {
      const stay = stays.get(night.bookingId) ?? { bookingId: night.bookingId, guestName: night.guestName ?? i18n.t('A guest'), nights: 0 };
      stay.nights += 1;
      stays.set(night.bookingId, stay);
    }
    if (night.state === 'blocked') blocked += 1;
    if (night.state === 'imported' && night.importedFrom) sites.add(night.importedFrom);
  }
  const price = shared(nights, (night) => night.priceCents);
  const minNights = shared(nights, (night) => night.minNights);
  const note = shared(nights, (night) => night.note);
  return {
    count: nights.length,
    past: nights.filter((night) => night.date < today).length,
    stays: [...stays.values()],
    blocked,
    importedFrom: [...sites],
    price: price === undefined ? '' : String(centsToDollars(price)),
    minNights: minNights == null ? '' : String(minNights),
    note: note ?? '',
  };
}

/** What the toast says once a change is saved. */
export function changeMessage(set: NightsSet): string {
  if (set.blocked !== undefined) return set.blocked ? i18n.t('Nights blocked') : i18n.t('Nights unblocked');
  if (set.price !== undefined) return set.price === null ? i18n.t("Price set back to the listing's") : i18n.t('Price saved');
  if (set.minNights !== undefined) return set.minNights === null ? i18n.t("Minimum stay set back to the listing's") : i18n.t('Minimum stay saved');
  return set.note ? i18n.t('Note saved') : i18n.t('Note removed');
}

/**
 * What the page says for a calendar read or change that failed. A refusal the server wrote around a value (a date
 * past the calendar's end, nights before today, a confirmed stay in the way) is written again from its facts in the
 * page's language; an English page, and anything else, shows the server's words as they came.
 */
export function calendarErrorText(error: unknown): string {
  const facts = error instanceof ApiRequestError && activeLocale() !== SOURCE_LOCALE ? calendarRefusalFactsSchema.safeParse(error.facts) : null;
  return facts?.success ? calendarRefusalText(facts.data) : errorMessage(error);
}
