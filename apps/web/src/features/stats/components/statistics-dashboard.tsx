import { STATS_RANGES, DEFAULT_STATS_RANGE, type StatsRange, type StatsView } from '@staybook/domain/stats';
import { useSearchParams } from 'react-router';
import { Loader } from '../../../components/loader';
import { errorMessage } from '../../../lib/form-errors';
import { i18n } from '../../../lib/i18n';
import { useStats } from '../api/use-stats';
import { BookingsCalendar } from './bookings-calendar';
import { SalesChart } from './sales-chart';
import { cardsFor, StatCards } from './stat-cards';

function isRange(value: string | null): value is StatsRange {
  return (STATS_RANGES as readonly (string | null)[]).includes(value);
}

/** One dashboard (admin, host or guest): the cards, then 'Sales Over Time' with the calendar beside it. */
export function StatisticsDashboard({ view }: { view: StatsView }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range = isRange(asked) ? asked : DEFAULT_STATS_RANGE;
  const stats = useStats(view, range);
  const data = stats.data;

  const chooseRange = (next: StatsRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_STATS_RANGE) updated.delete('range');
        else updated.set('range', next);
        return updated;
      },
      { replace: true },
    );

  if (stats.isError && !data) {
    return (
      <p role="alert" className="mt-6 rounded-lg bg-rose-50 px-4 py-3 text-rose-700">
        {i18n.t('The statistics could not be loaded: {reason}', { reason: errorMessage(stats.error) })}
      </p>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-6" data-stats-view={view}>
      {data ? <StatCards cards={cardsFor(view, data)} /> : <Loader size="short" />}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_auto]">
        <SalesChart
          points={data?.chartData}
          info={data?.chart}
          range={range}
          onRangeChange={chooseRange}
          updating={stats.isPlaceholderData}
        />
        <BookingsCalendar view={view} />
      </div>
    </div>
  );
}
