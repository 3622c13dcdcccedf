import { formatMoney } from '@staybook/domain/money';
import { STATS_RANGES, type SalesChartInfo, type SalesPoint, type StatsRange } from '@staybook/domain/stats';
import { useEffect, useId, useState } from 'react';
import { Options } from '../../../components/fields';
import { Loader } from '../../../components/loader';
import { i18n } from '../../../lib/i18n';
import { describePeriod } from '../utils/format';
import { SalesLineChart } from './sales-line-chart';

/** The spec: the chart's loader shows for one second. */
export const CHART_LOADER_MS = 1000;
export const NOT_ENOUGH_DATA = /*i18n*/ 'Not enough data available for this section!';

/** Each range's name, shown through the catalog (`i18n.known`). */
export const RANGE_LABELS: Record<StatsRange, string> = { '30d': /*i18n*/ 'Last 30 days', '12m': /*i18n*/ 'Last 12 months', all: /*i18n*/ 'All time' };

function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

interface SalesChartProps {
  points: SalesPoint[] | undefined;
  info: SalesChartInfo | undefined;
  range: StatsRange;
  onRangeChange: (range: StatsRange) => void;
  /** A range change is on its way (the previous points stay drawn meanwhile). */
  updating: boolean;
}

/** Every period of the range is a point; those without sales are zeros on the line. */
const hasSales = (p: SalesPoint) => p.salesCents !== 0 || p.bookings !== 0;

/**
 * 'Sales Over Time': the loader for one second (and until the figures are in), then the green line when
 * more than one period had sales, else the spec's notice. Screen readers get the periods with sales as a table.
 */
export function SalesChart({ points, info, range, onRangeChange, updating }: SalesChartProps) {
  const elapsed = useElapsed(CHART_LOADER_MS);
  const headingId = useId();
  const rangeId = useId();
  const ready = elapsed && points !== undefined && info !== undefined;

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
          {i18n.t('Sales Over Time')}
        </h2>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={rangeId} className="text-neutral-600">
            {i18n.t('Period')}
          </label>
          <select
            id={rangeId}
            value={range}
            onChange={(event) => onRangeChange(event.target.value as StatsRange)}
            className="rounded-md border border-neutral-300 bg-white px-2 py-1.5 text-neutral-900"
          >
            <Options values={STATS_RANGES} label={(r) => i18n.known(RANGE_LABELS[r])} />
          </select>
        </div>
      </div>
      <div className="mt-4" aria-busy={!ready || updating}>
        {!ready ? (
          <Loader size="short" />
        ) : points.filter(hasSales).length > 1 ? (
          <>
            <SalesLineChart points={points} granularity={info.granularity} />
            <SalesTable points={points.filter(hasSales)} info={info} />
          </>
        ) : (
          <p className="flex h-[250px] items-center justify-center text-center text-neutral-600">{i18n.known(NOT_ENOUGH_DATA)}</p>
        )}
      </div>
    </section>
  );
}

/**
 * The chart's points for screen readers: the picture itself is hidden from them. The table sits in a hidden box
 * rather than being hidden itself: a table is as wide as its rows whatever width it is given, and would widen a
 * phone's page.
 */
function SalesTable({ points, info }: { points: SalesPoint[]; info: SalesChartInfo }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{tableCaption(info)}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n.t('Period')}</th>
            <th scope="col">{i18n.t('Sales')}</th>
            <th scope="col">{i18n.t('Bookings')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{describePeriod(p.date, info.granularity)}</th>
              <td>{formatMoney(p.salesCents)}</td>
              <td>{p.bookings}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Sales over time, last 12 months, by week': what the table holds. */
function tableCaption({ range, granularity }: SalesChartInfo): string {
  const values = { range: i18n.known(RANGE_LABELS[range]).toLowerCase() };
  if (granularity === 'day') return i18n.t('Sales over time, {range}, by day', values);
  if (granularity === 'week') return i18n.t('Sales over time, {range}, by week', values);
  return i18n.t('Sales over time, {range}, by month', values);
}
