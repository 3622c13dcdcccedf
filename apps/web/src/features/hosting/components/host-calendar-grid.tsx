import { openedFromCalendar, tripPath } from '@staybook/domain/app-routes';
import type { IsoDate } from '@staybook/domain/dates';
import type { HostCalendarNight } from '@staybook/domain/host-calendar';
import { formatMoney } from '@staybook/domain/money';
import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import {
  clampDate,
  movedDate,
  nightMarker,
  nightName,
  rangeInMonth,
  rangeOf,
  weekdayHeaders,
  type CalendarMonth,
  type Selection,
} from '../utils/host-calendar-grid';
import { NIGHT_STATE_STYLES } from './host-calendar-legend';

interface HostCalendarGridProps {
  months: readonly CalendarMonth[];
  today: IsoDate;
  /** The nights on screen: from `first` to the day before `end`. */
  first: IsoDate;
  end: IsoDate;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  /** Enter or Space on a night: the action panel for the selection. */
  onOpenPanel: () => void;
  /** The night under the pointer, null once it leaves the months (the details line shows it). */
  onPoint: (date: IsoDate | null) => void;
  /** The months' container: the page finds the night that has the keyboard in it. */
  gridRef: RefObject<HTMLDivElement | null>;
}

function dateOf(target: EventTarget): IsoDate | undefined {
  return target instanceof Element ? target.closest<HTMLElement>('[data-date]')?.dataset.date : undefined;
}

/**
 * The months, each an ARIA grid of its weeks (Sunday first). One night at a time is in the tab order (a roving
 * tabindex across all months): arrows move it and select that night, Shift+arrows extend the selection, Home and
 * End go to the week's ends, Page Up and Page Down by a month, Enter or Space opens the action panel. A click selects
 * a night, Shift+click extends the selection to it, and dragging selects the nights passed over.
 *
 * The handlers sit on the container (one set for every night), and each month redraws only when its part of the
 * selection or the night in the tab order changes, so a long calendar answers keys and drags at once.
 */
export function HostCalendarGrid({ months, today, first, end, selection, onSelect, onOpenPanel, onPoint, gridRef }: HostCalendarGridProps) {
  const focusMoved = useRef(false);
  const dragging = useRef(false);
  const range = rangeOf(selection);

  // A key moved the selection: the keyboard follows it (into another month's grid too).
  useEffect(() => {
    if (!focusMoved.current) return;
    focusMoved.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${selection.focus}"]`)?.focus();
  }, [selection.focus, gridRef]);

  useEffect(() => {
    const stop = () => {
      dragging.current = false;
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!dateOf(event.target)) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpenPanel();
      return;
    }
    const moved = movedDate(selection.focus, event.key);
    if (!moved || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const focus = clampDate(moved, first, end);
    if (focus !== selection.focus) focusMoved.current = true;
    onPoint(null);
    onSelect(event.shiftKey ? { anchor: selection.anchor, focus } : { anchor: focus, focus });
  };

  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    // The guest's name is a link to the trip: it opens the trip, not a selection.
    if (event.button !== 0 || (event.target instanceof Element && event.target.closest('a'))) return;
    const date = dateOf(event.target);
    if (!date) return;
    dragging.current = true;
    onSelect(event.shiftKey ? { anchor: selection.anchor, focus: date } : { anchor: date, focus: date });
  };

  const onMouseOver = (event: MouseEvent<HTMLDivElement>) => {
    const date = dateOf(event.target) ?? null;
    onPoint(date);
    if (dragging.current && (event.buttons & 1) === 1 && date && date !== selection.focus) onSelect({ anchor: selection.anchor, focus: date });
  };

  return (
    <div
      ref={gridRef}
      className="flex flex-col gap-8 select-none"
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onMouseOver={onMouseOver}
      onMouseLeave={() => onPoint(null)}
    >
      {months.map((month) => {
        const part = rangeInMonth(range, month.key);
        return (
          <MonthGrid
            key={month.key}
            month={month}
            today={today}
            selectedFrom={part?.from ?? null}
            selectedTo={part?.to ?? null}
            active={selection.focus.startsWith(`${month.key}-`) ? selection.focus : null}
          />
        );
      })}
    </div>
  );
}

interface MonthGridProps {
  month: CalendarMonth;
  today: IsoDate;
  /** The selected nights of this month, [from, to), or null. */
  selectedFrom: IsoDate | null;
  selectedTo: IsoDate | null;
  /** The night in the tab order, when it is in this month. */
  active: IsoDate | null;
}

/** One month: its name as a heading, and a grid of weeks. Redrawn only when its own props change. */
const MonthGrid = memo(function MonthGrid({ month, today, selectedFrom, selectedTo, active }: MonthGridProps) {
  const headingId = `host-calendar-month-${month.key}`;
  const selected = (date: IsoDate) => selectedFrom !== null && selectedTo !== null && selectedFrom <= date && date < selectedTo;
  return (
    // Months off screen are not laid out or painted until they come near (a long calendar stays quick).
    <section className="p-1 [contain-intrinsic-size:auto_32rem] [content-visibility:auto]">
      <h3 id={headingId} className="mb-2 text-lg font-semibold text-neutral-900">
        {month.label}
      </h3>
      <div role="grid" aria-labelledby={headingId} aria-multiselectable="true" className="flex flex-col gap-px">
        <div role="row" className="grid grid-cols-7 gap-px">
          {weekdayHeaders().map(({ short, name }) => (
            <div key={name} role="columnheader" className="py-1 text-center text-xs font-medium text-neutral-700">
              <span aria-hidden="true">{short}</span>
              <span className="sr-only">{name}</span>
            </div>
          ))}
        </div>
        {month.weeks.map((week) => (
          <div key={week.find((night) => night)?.date} role="row" className="grid grid-cols-7 gap-px">
            {week.map((night, day) =>
              night ? (
                <DayCell key={night.date} night={night} today={today} selected={selected(night.date)} active={night.date === active} />
              ) : (
                <div key={`empty-${day}`} role="gridcell" className="h-16 sm:h-20" />
              ),
            )}
          </div>
        ))}
      </div>
    </section>
  );
});

interface DayCellProps {
  night: HostCalendarNight;
  today: IsoDate;
  selected: boolean;
  active: boolean;
}

/**
 * A night: its day, price and state's marker (the guest's name linking to the trip, 'Blocked', the other site...).
 * Its accessible name says all of it with the full date ('Friday, March 5, 2027, $150, booked by Ana Lima').
 */
function DayCell({ night, today, selected, active }: DayCellProps) {
  const marker = nightMarker(night);
  const isToday = night.date === today;
  // A stay's trip page leads back to the Calendar as it is now (its listing and month).
  const location = useLocation();
  return (
    <div
      role="gridcell"
      data-date={night.date}
      aria-selected={selected}
      aria-label={nightName(night, today)}
      tabIndex={active ? 0 : -1}
      className={`relative flex h-16 min-w-0 cursor-pointer flex-col items-start gap-0.5 overflow-hidden rounded-sm p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-900 sm:h-20 sm:p-1.5 ${
        NIGHT_STATE_STYLES[night.state].cell
      } ${selected ? 'ring-2 ring-rose-600 ring-inset' : 'ring-1 ring-neutral-200 ring-inset'}`}
    >
      {/* Spaces between the parts: what the cell shows reads as words apart ('5 $150 Ana Lima'), as its name begins. */}
      <span className={`text-xs font-semibold ${isToday ? 'rounded-full bg-rose-600 px-1.5 text-white' : ''}`}>{Number(night.date.slice(8))}</span>{' '}
      <span className={`text-xs ${night.customPrice ? 'font-semibold text-rose-700' : ''}`}>{formatMoney(night.priceCents)}</span>{' '}
      {marker !== null &&
        (night.bookingId ? (
          <Link to={tripPath(night.bookingId)} state={openedFromCalendar(location.search)} tabIndex={-1} className="max-w-full truncate text-[11px] font-medium underline underline-offset-2">
            {marker}
          </Link>
        ) : (
          <span className={`max-w-full truncate text-[11px] ${night.state === 'free' ? 'italic' : 'font-medium'}`}>{marker}</span>
        ))}
      {night.note && <span aria-hidden="true" className="absolute top-1.5 right-1.5 size-1.5 rounded-full bg-rose-600" />}
    </div>
  );
}
