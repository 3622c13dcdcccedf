import { isoToLocalDate, type RoomAvailability } from '@staybook/domain';
import type { HTMLAttributes } from 'react';
import { DayPicker } from 'react-day-picker';
import '../../../components/day-picker.css';
import { describeSelection, isSelectable, isTakenNight, localDateToIso, selectDay, type StaySelection } from '../utils/stay';
import './stay-calendar.css';

interface StayCalendarProps {
  availability: RoomAvailability;
  selection: StaySelection;
  onSelect: (selection: StaySelection) => void;
  /** Shows the nights without letting anyone pick (the room's own host). */
  readOnly?: boolean;
}

/**
 * Picks a stay inside the room's availability: the first day picked is check-in, the next one
 * check-out. Days that cannot be picked next are disabled, so a stay never crosses a taken night.
 */
export function StayCalendar({ availability, selection, onSelect, readOnly = false }: StayCalendarProps) {
  const opensOn = isoToLocalDate(availability.firstBookable ?? availability.from);
  const lastDay = availability.to > availability.from ? availability.to : availability.from;
  const isTaken = (date: Date) => isTakenNight(localDateToIso(date), availability.taken);
  const cannotPick = (date: Date) => readOnly || !isSelectable(localDateToIso(date), selection, availability);

  return (
    <div data-testid="availability-calendar" className="app-calendar availability-calendar flex justify-center">
      <DayPicker
        mode="range"
        selected={
          selection
            ? { from: isoToLocalDate(selection.from), to: selection.to ? isoToLocalDate(selection.to) : undefined }
            : undefined
        }
        onSelect={(_range, day) => onSelect(selectDay(selection, localDateToIso(day), availability))}
        disabled={cannotPick}
        modifiers={{ taken: isTaken }}
        modifiersClassNames={{ taken: 'stay-taken' }}
        defaultMonth={opensOn}
        startMonth={isoToLocalDate(availability.from)}
        endMonth={isoToLocalDate(lastDay)}
        fixedWeeks
        components={{ CaptionLabel: MonthLabel }}
      />
      {/* Each pick is read out: the calendar alone only says which day has focus. */}
      <p aria-live="polite" className="sr-only">
        {readOnly ? '' : describeSelection(selection)}
      </p>
    </div>
  );
}

/**
 * The library marks the month caption role="status"; in this app that role means "still loading"
 * (the Loader), so a page that has finished would never look finished. aria-live still announces
 * month changes.
 */
function MonthLabel({ role: _role, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return <span {...props} />;
}
