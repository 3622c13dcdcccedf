import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalesChartInfo, SalesPoint } from '@staybook/domain/stats';
import { CHART_LOADER_MS, NOT_ENOUGH_DATA, SalesChart } from './sales-chart';
import { cardsFor } from './stat-cards';

// The canvas chart itself is drawn in the browser tests; here it only has to appear.
vi.mock('./sales-line-chart', () => ({ SalesLineChart: () => <div data-testid="sales-chart" /> }));

const info: SalesChartInfo = { range: '12m', granularity: 'week', timeZone: 'UTC', from: '2025-01-06', to: '2026-01-10' };
const points: SalesPoint[] = [
  { date: '2025-12-22', salesCents: 12_050, bookings: 1 },
  { date: '2025-12-29', salesCents: 67_035, bookings: 2 },
];

function renderChart(data: SalesPoint[] | undefined) {
  return render(<SalesChart points={data} info={data && info} range="12m" onRangeChange={() => {}} updating={false} />);
}

describe('Sales Over Time', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the loader for one second even when the points are already in, then the chart and its table', () => {
    renderChart(points);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(CHART_LOADER_MS - 1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByTestId('sales-chart')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(screen.getByTestId('sales-chart')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['PeriodSalesBookings', 'Week of Dec 22, 2025$120.501', 'Week of Dec 29, 2025$670.352']);
  });

  it('keeps the loader until the points arrive', () => {
    const view = renderChart(undefined);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    view.rerender(<SalesChart points={points} info={info} range="12m" onRangeChange={() => {}} updating={false} />);
    expect(screen.getByTestId('sales-chart')).toBeTruthy();
  });

  it("says 'Not enough data available for this section!' when fewer than two periods had sales", () => {
    for (const data of [[], points.slice(0, 1), [{ ...points[0]!, salesCents: 0, bookings: 0 }, points[1]!, { ...points[0]!, date: '2026-12-28', salesCents: 0, bookings: 0 }]]) {
      renderChart(data);
      act(() => vi.advanceTimersByTime(CHART_LOADER_MS));
      expect(screen.getByText(NOT_ENOUGH_DATA)).toBeTruthy();
      expect(screen.queryByTestId('sales-chart')).toBeNull();
      cleanup();
    }
  });
});

describe('the cards', () => {
  const chart = { chartData: [], chart: info };
  it("name the spec's figures for each dashboard, money with cents", () => {
    const admin = cardsFor('admin', { totalPrice: 1270.35, totalPriceCents: 127_035, totalBookings: 4, totalUsers: 5, totalRooms: 3, ...chart });
    expect(admin.map((c) => [c.label, c.value])).toEqual([
      ['Total Sales', '$1,270.35'],
      ['Total User', '5'],
      ['Total Bookings', '4'],
      ['Total Rooms', '3'],
    ]);
    const hostFigures = { totalPrice: 600, totalPriceCents: 60_000, totalBookings: 2, totalRooms: 1, hostSince: '2024-03-01T08:00:00.000Z', earningsCents: 58_200, ...chart };
    const host = cardsFor('host', { ...hostFigures, rating: { count: 0, average: null } });
    expect(host.map((c) => c.label)).toEqual(['Total Sales', 'Earnings', 'Total Bookings', 'Total Rooms', 'Host Since', 'Average rating']);
    expect(host[0]!.value).toBe('$600');
    expect(host[1]!.value).toBe('$582');
    expect(host[5]!.value).toBe('No reviews yet');
    const rated = cardsFor('host', { ...hostFigures, rating: { count: 7, average: 4.86 } });
    expect(rated[5]!.value).toBe('4.86');
    const guest = cardsFor('guest', { totalPrice: 0, totalPriceCents: 0, totalBookings: 0, guestSince: '2023-01-02T03:04:05.678Z', ...chart });
    expect(guest.map((c) => [c.label, c.value.length > 0])).toEqual([
      ['Total Spent', true],
      ['Total Bookings', true],
      ['Guest Since', true],
    ]);
    expect(guest[0]!.value).toBe('$0');
  });
});
