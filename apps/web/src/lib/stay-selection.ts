import { formatIsoDate, nightsBetween, type IsoDate } from '@staybook/domain/dates';
import { i18n } from './i18n';

/**
 * What the guest has chosen so far: nothing, a check-in day waiting for its check-out day, or a
 * whole stay. Dates are calendar dates; the check-out day is not a night of the stay.
 * Shared by the room page's booking calendar and the search's date picker.
 */
export type StaySelection = { from: IsoDate; to: IsoDate | null } | null;

/** What a screen reader hears after each pick, and what the card says under the calendar. */
export function describeSelection(selection: StaySelection): string {
  if (!selection) return i18n.t('Choose your check-in day.');
  if (!selection.to) return i18n.t('Check-in {date}. Choose your check-out day.', { date: formatIsoDate(selection.from) });
  return i18n.t('Check-in {checkin}, check-out {checkout}, {count, plural, one {# night} other {# nights}}', {
    checkin: formatIsoDate(selection.from),
    checkout: formatIsoDate(selection.to),
    count: nightsBetween(selection.from, selection.to),
  });
}
