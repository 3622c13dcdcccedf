import { isoToLocalDate, type IsoDate } from '@staybook/domain';
import type { HTMLAttributes } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './availability-calendar.css';

interface AvailabilityCalendarProps {
  from: IsoDate;
  to: IsoDate;
}

export function AvailabilityCalendar({ from, to }: AvailabilityCalendarProps) {
  const range = { from: isoToLocalDate(from), to: isoToLocalDate(to) };
  return (
    <div data-testid="availability-calendar" className="availability-calendar flex justify-center">
      <DayPicker
        mode="range"
        required
        selected={range}
        onSelect={keepRange}
        defaultMonth={range.from}
        startMonth={range.from}
        endMonth={range.to}
        fixedWeeks
        components={{ CaptionLabel: MonthLabel }}
      />
    </div>
  );
}

/** Controlled with a handler that ignores clicks: the guest sees the range but cannot change it. */
function keepRange(): void {
  // Intentionally empty.
}

/**
 * The library marks the month caption role="status"; in this app that role means "still loading"
 * (the Loader), so a page that has finished would never look finished. aria-live still announces
 * month changes.
 */
function MonthLabel({ role: _role, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return <span {...props} />;
}
