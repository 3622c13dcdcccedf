import { isoToLocalDate, localDateToIso, type IsoDate } from '@staybook/domain/dates';
import { latestAvailabilityEnd } from '@staybook/domain/room-input';
import { Calendar } from '../../../components/calendar';

interface AvailabilityCalendarProps {
  from: IsoDate | '';
  to: IsoDate | '';
  /** The earliest day the window may start (today). */
  earliest: IsoDate;
  /** On update, a stored start before today that the window may keep (its stays are inside it). */
  keepStart?: IsoDate | undefined;
  onChange: (range: { from: IsoDate; to: IsoDate | '' }) => void;
  /** Names the calendar for screen readers (the field's visible label). */
  labelledBy: string;
}

/**
 * Picks a room's availability window: the first day clicked is the first available day, the next one
 * after it the last check-out day; a click once both are set starts again. The caption chooses the month and
 * the year from lists. Days before `earliest` (but
 * `keepStart`), and beyond the two years a window may last, cannot be picked.
 */
export function AvailabilityCalendar({ from, to, earliest, keepStart, onChange, labelledBy }: AvailabilityCalendarProps) {
  const pickingEnd = from !== '' && to === '';
  const pick = (day: Date) => {
    const iso = localDateToIso(day);
    if (!pickingEnd || iso <= from) onChange({ from: iso, to: '' });
    else onChange({ from, to: iso });
  };
  const firstMonth = keepStart !== undefined && keepStart < earliest ? keepStart : earliest;
  const disabled = [
    (day: Date) => {
      const iso = localDateToIso(day);
      return iso < earliest && iso !== keepStart;
    },
    ...(pickingEnd ? [{ after: isoToLocalDate(latestAvailabilityEnd(from)) }] : []),
  ];

  return (
    <div role="group" aria-labelledby={labelledBy} className="app-calendar flex justify-center rounded-md border border-neutral-300 bg-neutral-50 py-2">
      <Calendar
        mode="range"
        selected={from !== '' ? { from: isoToLocalDate(from), to: to !== '' ? isoToLocalDate(to) : undefined } : undefined}
        onSelect={(_range, day) => pick(day)}
        disabled={disabled}
        defaultMonth={isoToLocalDate(from !== '' ? from : earliest)}
        startMonth={isoToLocalDate(firstMonth)}
        // A window may last two years: the month and the year are picked from lists, not twelve clicks a year.
        captionLayout="dropdown"
        // Once a start is picked, as far as its window may reach; before, as far as a later start's may.
        endMonth={isoToLocalDate(latestAvailabilityEnd(from !== '' ? from : latestAvailabilityEnd(earliest)))}
        fixedWeeks
      />
    </div>
  );
}

