import type { RoomAvailability } from '@staybook/domain/bookings';
import { isoToLocalDate, localDateToIso, type IsoDate } from '@staybook/domain/dates';
import { Calendar } from '../../../components/calendar';
import { isTakenNight } from '@staybook/domain/stays';
import { describeSelection, type StaySelection } from '../../../lib/stay-selection';
import { isSelectable, openingDay, selectDay, type StayFacts } from '../utils/stay';
import './stay-calendar.css';

interface StayCalendarProps {
  availability: RoomAvailability;
  /** The stay rules' facts (`stayFactsOf`): which days may start or end a stay. */
  facts: StayFacts;
  selection: StaySelection;
  onSelect: (selection: StaySelection) => void;
  /** Shows the nights without letting anyone pick (the room's own host). */
  readOnly?: boolean;
  /** A day whose month to open on (the dates a link asked for); else the chosen check-in, else the first bookable night. */
  opensNear?: IsoDate | undefined;
}

/**
 * Picks a stay inside the room's availability: the first day picked is check-in, the next one
 * check-out. Days that cannot be picked next are disabled, so a stay never crosses a taken night.
 */
export function StayCalendar({ availability, facts, selection, onSelect, readOnly = false, opensNear }: StayCalendarProps) {
  const lastDay = availability.to > availability.from ? availability.to : availability.from;
  const opensOn = isoToLocalDate(
    openingDay(opensNear ?? selection?.from ?? availability.firstBookable ?? availability.from, { from: availability.from, to: lastDay }),
  );
  const isTaken = (date: Date) => isTakenNight(localDateToIso(date), availability.taken);
  const cannotPick = (date: Date) => readOnly || !isSelectable(localDateToIso(date), selection, facts);

  return (
    <div data-testid="availability-calendar" className="app-calendar availability-calendar flex justify-center">
      <Calendar
        mode="range"
        selected={
          selection
            ? { from: isoToLocalDate(selection.from), to: selection.to ? isoToLocalDate(selection.to) : undefined }
            : undefined
        }
        onSelect={(_range, day) => onSelect(selectDay(selection, localDateToIso(day), facts))}
        disabled={cannotPick}
        modifiers={{ taken: isTaken }}
        modifiersClassNames={{ taken: 'stay-taken' }}
        defaultMonth={opensOn}
        startMonth={isoToLocalDate(availability.from)}
        endMonth={isoToLocalDate(lastDay)}
        fixedWeeks
      />
      {/* Each pick is read out: the calendar alone only says which day has focus. */}
      <p aria-live="polite" className="sr-only">
        {readOnly ? '' : describeSelection(selection)}
      </p>
    </div>
  );
}

