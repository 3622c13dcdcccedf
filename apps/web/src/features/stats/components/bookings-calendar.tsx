import { formatIsoDate, formatMonthYear, isoToLocalDate } from '@staybook/domain/dates';
import type { StatsView } from '@staybook/domain/stats';
import { useState } from 'react';
import { Calendar } from '../../../components/calendar';
import { LabelledSection } from '../../../components/labelled-section';
import { i18n } from '../../../lib/i18n';
import { useStatsCalendar } from '../api/use-stats';
import './bookings-calendar.css';

const TITLES: Record<StatsView, string> = {
  admin: /*i18n*/ 'Bookings per day',
  host: /*i18n*/ 'Nights booked in your rooms',
  guest: /*i18n*/ 'Your stays',
};

function localMonth(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * A read-only month calendar beside the chart, marking the nights that matter to the viewer (their stays,
 * the nights booked in their rooms, or every booking). Month to month with the arrows; nothing to pick.
 */
export function BookingsCalendar({ view }: { view: StatsView }) {
  const [month, setMonth] = useState(() => localMonth(new Date()));
  const calendar = useStatsCalendar(view, month);
  const nights = calendar.data?.month === month ? calendar.data.nights : [];
  const stays = new Map(nights.map((n) => [n.date, n.stays]));
  const booked = nights.map((n) => isoToLocalDate(n.date));

  return (
    <LabelledSection
      title={i18n.known(TITLES[view])}
      className="app-calendar stats-calendar rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200"
      titleClassName="text-lg font-semibold text-neutral-900"
    >
      <div className="mt-2 flex justify-center" data-testid="stats-calendar" aria-busy={calendar.isFetching}>
        <Calendar
          month={isoToLocalDate(`${month}-01`)}
          onMonthChange={(date) => setMonth(localMonth(date))}
          modifiers={{ booked }}
          modifiersClassNames={{ booked: 'stats-booked' }}
          fixedWeeks
        />
      </div>
      <p className="mt-2 flex items-center gap-2 text-sm text-neutral-600">
        <span aria-hidden="true" className="inline-block size-3 rounded-full bg-emerald-500" /> {i18n.t('Booked night')}
      </p>
      {/* What the marks say, for screen readers (and anyone who prefers a list). */}
      <ul aria-label={i18n.t('Booked nights in {month}', { month: formatMonthYear(month) })} className="sr-only">
        {nights.length === 0 ? (
          <li>{i18n.t('No booked nights this month')}</li>
        ) : (
          nights.map((n) => (
            <li key={n.date} data-date={n.date}>
              {i18n.t('{date}: {count, plural, one {# stay} other {# stays}}', { date: formatIsoDate(n.date), count: stays.get(n.date) ?? 0 })}
            </li>
          ))
        )}
      </ul>
    </LabelledSection>
  );
}

