import { isoToLocalDate, localDateToIso } from '@staybook/domain/dates';
import { useEffect, useState } from 'react';
import { Calendar } from '../../../components/calendar';
import { describeSelection } from '../../../lib/stay-selection';
import { lastCheckOut, pickDay, type DateRange } from '../utils/search-draft';

/** From here the bar leaves room for two months beside each other below the dates. */
const WIDE = '(min-width: 1024px)';

/** Two months side by side where there is room for them. */
function useWide(enabled: boolean): boolean {
  const [wide, setWide] = useState(() => enabled && window.matchMedia(WIDE).matches);
  useEffect(() => {
    if (!enabled) return;
    const query = window.matchMedia(WIDE);
    const update = () => setWide(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [enabled]);
  return enabled && wide;
}

interface StayRangePickerProps {
  range: DateRange;
  onChange: (range: DateRange) => void;
  /** Only one month in a narrow place (the small screens' sheet). */
  twoMonths: boolean;
}

/**
 * The search's dates on the app's calendar: the first day picked is the check-in, the next the check-out. Days
 * before the visitor's own today cannot be picked (a shared link may still carry a date that is today only
 * somewhere further west, which the search accepts), nor a check-out past the longest stay.
 * Loaded when the dates are first opened (it brings react-day-picker).
 */
export function StayRangePicker({ range, onChange, twoMonths }: StayRangePickerProps) {
  const wide = useWide(twoMonths);
  const first = isoToLocalDate(localDateToIso(new Date()));
  const { checkin, checkout } = range;
  const choosingCheckOut = checkin !== undefined && checkout === undefined;
  return (
    <div data-testid="search-calendar" className="app-calendar flex flex-col items-center">
      <Calendar
        mode="range"
        numberOfMonths={wide ? 2 : 1}
        pagedNavigation
        selected={checkin ? { from: isoToLocalDate(checkin), to: checkout ? isoToLocalDate(checkout) : undefined } : undefined}
        onSelect={(_range, day) => onChange(pickDay(range, localDateToIso(day)))}
        disabled={[{ before: first }, ...(choosingCheckOut ? [{ after: isoToLocalDate(lastCheckOut(checkin)) }] : [])]}
        defaultMonth={checkin ? isoToLocalDate(checkin) : first}
        startMonth={first}
        fixedWeeks
      />
      {/* Each pick is read out: the calendar alone only says which day has focus. */}
      <p aria-live="polite" className="sr-only">
        {describeSelection(checkin ? { from: checkin, to: checkout ?? null } : null)}
      </p>
    </div>
  );
}
