import { centsToDollars, formatMoney, minorUnitsPerUnit } from '@staybook/domain/money';
import type { SalesPoint, StatsGranularity } from '@staybook/domain/stats';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { i18n } from '../../../lib/i18n';
import { describePeriod, formatAxisDate, isoDateToUtc } from '../utils/format';

/** The spec's green line. */
export const SALES_LINE_COLOR = '#16a34a';
const HEIGHT = 300;

/** The currency's major unit on the axis, as the cards write it ('$1,200', '$89.50', '¥12,000'). */
function axisMoney(dollars: number): string {
  return formatMoney(Math.round(dollars * minorUnitsPerUnit()));
}

/** A tooltip beside the point the pointer is nearest to: the period, its sales and its bookings. */
function tooltipPlugin(points: SalesPoint[], granularity: StatsGranularity): uPlot.Plugin {
  let tip: HTMLDivElement;
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.className = 'pointer-events-none absolute z-10 hidden rounded-md bg-neutral-900 px-3 py-2 text-xs whitespace-nowrap text-white shadow';
        tip.setAttribute('role', 'tooltip');
        tip.dataset.testid = 'sales-tooltip';
        u.over.appendChild(tip);
      },
      setCursor: (u) => {
        const idx = u.cursor.idx;
        const point = idx == null ? undefined : points[idx];
        if (idx == null || !point) {
          tip.classList.add('hidden');
          return;
        }
        const left = u.valToPos(u.data[0]?.[idx] ?? 0, 'x');
        const top = u.valToPos(u.data[1]?.[idx] ?? 0, 'y');
        tip.replaceChildren();
        const title = document.createElement('div');
        title.className = 'font-semibold';
        title.textContent = describePeriod(point.date, granularity);
        const body = document.createElement('div');
        body.textContent = i18n.t('{sales} · {count, plural, one {# booking} other {# bookings}}', { sales: formatMoney(point.salesCents), count: point.bookings });
        tip.append(title, body);
        tip.classList.remove('hidden');
        // Keep it inside the plot: flip to the left of the point on the right half.
        const flip = left > u.over.clientWidth / 2;
        tip.style.left = `${flip ? left - 12 : left + 12}px`;
        tip.style.top = `${Math.max(0, top - 24)}px`;
        tip.style.transform = flip ? 'translateX(-100%)' : 'none';
      },
    },
  };
}

/**
 * 'Sales Over Time' drawn with uPlot (docs/decisions/015-chart-library.md): a time axis of calendar dates,
 * a dollar axis, the green line with a dot on each point, and a tooltip. It fills its container's width.
 */
export function SalesLineChart({ points, granularity }: { points: SalesPoint[]; granularity: StatsGranularity }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    const data: uPlot.AlignedData = [points.map((p) => isoDateToUtc(p.date).getTime() / 1000), points.map((p) => centsToDollars(p.salesCents))];
    const plot = new uPlot(
      {
        width: Math.max(target.clientWidth, 240),
        height: HEIGHT,
        // The points are calendar dates: shown as they are, whatever the viewer's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 10, fill: SALES_LINE_COLOR } },
        scales: { y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { values: (_u, splits) => splits.map((s) => formatAxisDate(new Date(s * 1000), granularity)), stroke: '#525252', grid: { stroke: '#f5f5f5' } },
          { values: (_u, splits) => splits.map(axisMoney), size: 80, stroke: '#525252', grid: { stroke: '#f5f5f5' } },
        ],
        series: [{}, { label: i18n.t('Sales'), stroke: SALES_LINE_COLOR, width: 2, points: { show: true, size: 6, fill: SALES_LINE_COLOR } }],
        plugins: [tooltipPlugin(points, granularity)],
      },
      data,
      target,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(target.clientWidth, 240), height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, granularity]);

  return <div ref={container} data-testid="sales-chart" aria-hidden="true" className="relative w-full" />;
}
