import { formatIsoDate, nightsBetween, type IsoDate } from '@staybook/domain/dates';
import { countOf } from '@staybook/domain/text';

/**
 * What the guest has chosen so far: nothing, a check-in day waiting for its check-out day, or a
 * whole stay. Dates are calendar dates; the check-out day is not a night of the stay.
 * Shared by the room page's booking calendar and the search's date picker.
 */
export type StaySelection = { from: IsoDate; to: IsoDate | null } | null;

/** What a screen reader hears after each pick, and what the card says under the calendar. */
export function describeSelection(selection: StaySelection): string {
  if (!selection) return 'Choose your check-in day.';
  if (!selection.to) return `Check-in ${formatIsoDate(selection.from)}. Choose your check-out day.`;
  return `Check-in ${formatIsoDate(selection.from)}, check-out ${formatIsoDate(selection.to)}, ${countOf(
    nightsBetween(selection.from, selection.to),
    'night',
  )}`;
}
