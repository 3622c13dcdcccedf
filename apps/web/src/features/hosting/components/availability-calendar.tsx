import { addDays, isoToLocalDate, localDateToIso, type IsoDate } from '@staybook/domain/dates';
import { furthestAvailabilityEnd, latestAvailabilityEnd } from '@staybook/domain/room-input';
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
 * the year from lists. Days before `earliest` (but `keepStart`), beyond the two years a window may last, and beyond
 * three years from `earliest` cannot be picked.
 */
export function AvailabilityCalendar({ from, to, earliest, keepStart, onChange, labelledBy }: AvailabilityCalendarProps) {
  const pickingEnd = from !== '' && to === '';
  const pick = (day: Date) => {
    const iso = localDateToIso(day);
    if (!pickingEnd || iso <= from) onChange({ from: iso, to: '' });
    else onChange({ from, to: iso });
  };
  const firstMonth = keepStart !== undefined && keepStart < earliest ? keepStart : earliest;
  const furthest = furthestAvailabilityEnd(earliest);
  // The last day a click may pick: a start leaves a night before it; an end is the window's or the reach's.
  const lastPick = pickingEnd ? minIso(latestAvailabilityEnd(from), furthest) : addDays(furthest, -1);
  const disabled = [
    (day: Date) => {
      const iso = localDateToIso(day);
      return iso < earliest && iso !== keepStart;
    },
    { after: isoToLocalDate(lastPick) },
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
        // As far as any window may reach; once a start is picked, as far as its own may.
        endMonth={isoToLocalDate(from !== '' ? minIso(latestAvailabilityEnd(from), furthest) : furthest)}
        fixedWeeks
      />
    </div>
  );
}

function minIso(a: IsoDate, b: IsoDate): IsoDate {
  return a < b ? a : b;
}
