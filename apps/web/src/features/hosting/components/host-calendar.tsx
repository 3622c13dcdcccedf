import { addMonthsToDate, type IsoDate } from '@staybook/domain/dates';
import { CALENDAR_MONTHS, type HostCalendar as HostCalendarData, type HostCalendarNight } from '@staybook/domain/host-calendar';
import { formatMoney } from '@staybook/domain/money';
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useHostCalendar } from '../api/use-host-calendar';
import { clampDate, longDate, monthsOf, nightStateText, rangeOf, rangeTitle, type Selection } from '../utils/host-calendar-grid';
import { HostCalendarGrid } from './host-calendar-grid';
import { HostCalendarLegend } from './host-calendar-legend';
import { HostCalendarPanel } from './host-calendar-panel';
import { calendarErrorText } from '../utils/host-calendar-changes';
import { i18n } from '../../../lib/i18n';

/**
 * One listing's calendar: twelve months of nights from one request, 'Previous 12 months' and 'Next 12 months'
 * to move, and the action panel for the selected nights.
 */
export function HostCalendar({ roomId }: { roomId: string }) {
  // The window's first month; null: this month where the room is (the server's today).
  const [from, setFrom] = useState<IsoDate | null>(null);
  const calendar = useHostCalendar(roomId, from);
  if (calendar.isPending) return <Loader size="short" />;
  if (!calendar.data) return <LoadError what={i18n.t('The calendar')} error={new Error(calendarErrorText(calendar.error))} onRetry={() => void calendar.refetch()} />;
  const data = calendar.data;
  const moving = calendar.isPlaceholderData;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="subtle" disabled={moving} onClick={() => setFrom(addMonthsToDate(data.from, -CALENDAR_MONTHS))}>
          {i18n.t('Previous 12 months')}
        </Button>
        {from !== null && (
          <Button variant="subtle" disabled={moving} onClick={() => setFrom(null)}>
            {i18n.t('This month')}
          </Button>
        )}
        <Button variant="subtle" disabled={moving} onClick={() => setFrom(data.to)}>
          {i18n.t('Next 12 months')}
        </Button>
        <p role="status" className="text-sm text-neutral-700">
          {moving ? i18n.t('Loading the months…') : ''}
        </p>
      </div>
      <HostCalendarLegend />
      {calendar.isError && <LoadError what={i18n.t('These months')} error={new Error(calendarErrorText(calendar.error))} onRetry={() => void calendar.refetch()} />}
      {/* Drawn afresh for another window: the selection starts again on today, or the window's first night. */}
      <HostCalendarView key={`${data.roomId}/${data.from}`} roomId={roomId} calendar={data} />
    </div>
  );
}

function HostCalendarView({ roomId, calendar }: { roomId: string; calendar: HostCalendarData }) {
  const [selection, setSelection] = useState<Selection>(() => {
    const start = clampDate(calendar.today, calendar.from, calendar.to);
    return { anchor: start, focus: start };
  });
  const [pointed, setPointed] = useState<IsoDate | null>(null);
  const months = useMemo(() => monthsOf(calendar.nights), [calendar.nights]);
  const nights = useMemo(() => new Map(calendar.nights.map((night) => [night.date, night])), [calendar.nights]);
  const range = useMemo(() => rangeOf(selection), [selection]);
  const gridRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openPanel = () => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'nearest' });
  };
  const backToNights = () => gridRef.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]')?.focus();
  const shown = nights.get(pointed ?? selection.focus);

  return (
    <div className="grid items-start gap-6 pb-16 lg:grid-cols-[minmax(0,1fr)_20rem] lg:pb-0">
      <div className="flex min-w-0 flex-col gap-2">
        {shown && <NightDetails night={shown} />}
        <HostCalendarGrid
          months={months}
          today={calendar.today}
          first={calendar.from}
          end={calendar.to}
          selection={selection}
          onSelect={setSelection}
          onOpenPanel={openPanel}
          onPoint={setPointed}
          gridRef={gridRef}
        />
      </div>
      <HostCalendarPanel key={`${range.from}/${range.to}`} roomId={roomId} calendar={calendar} range={range} headingRef={headingRef} onReturn={backToNights} />
      {/* On a phone the panel is under twelve months: this takes the host to it. */}
      <Button className="fixed right-4 bottom-4 z-10 shadow-lg lg:hidden" onClick={openPanel}>
        {i18n.t('Change {range}', { range: rangeTitle(range) })}
      </Button>
    </div>
  );
}

/**
 * The night under the pointer, or the one the keyboard is on: everything about it in a line over the months,
 * why no stay can start on it included (the day cells have room for a word of it only).
 */
function NightDetails({ night }: { night: HostCalendarNight }) {
  const state = nightStateText(night);
  return (
    <p className="sticky top-16 z-10 min-h-10 rounded-lg bg-neutral-100 px-3 py-2 text-sm text-neutral-800 md:top-0">
      <span className="font-semibold">{longDate(night.date)}</span>
      {`: ${nightPrice(night)}, ${state}`}
      {night.minNights !== null && i18n.t(', minimum stay {count, plural, one {# night} other {# nights}}', { count: night.minNights })}
      {night.note && i18n.t('. Note: {note}', { note: night.note })}
    </p>
  );
}

/** A night's price, and where it comes from when not the listing's usual one. */
function nightPrice(night: HostCalendarNight): string {
  const price = formatMoney(night.priceCents);
  if (night.customPrice) return i18n.t('{price} (set for this night)', { price });
  return night.weekend ? i18n.t('{price} (weekend price)', { price }) : price;
}
