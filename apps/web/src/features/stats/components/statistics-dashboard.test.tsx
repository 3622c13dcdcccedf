import { setActiveLocale } from '@staybook/domain/locale';
import type { HostStats, StatsCalendar } from '@staybook/domain/stats';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../locales/es/catalog';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { StatisticsDashboard } from './statistics-dashboard';

// The canvas chart itself is drawn in the browser tests; here it only has to appear.
vi.mock('./sales-line-chart', () => ({ SalesLineChart: () => <div data-testid="sales-chart" /> }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** This month, in local time: the calendar opens on it. */
const today = new Date();
const MONTH = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;

const HOST: HostStats = {
  totalPrice: 600,
  totalPriceCents: 60_000,
  totalBookings: 2,
  totalRooms: 1,
  hostSince: '2024-03-01T12:00:00.000Z',
  rating: { count: 0, average: null },
  earningsCents: 58_200,
  chartData: [
    { date: '2025-12-22', salesCents: 12_050, bookings: 1 },
    { date: '2025-12-29', salesCents: 67_035, bookings: 2 },
  ],
  chart: { range: '12m', granularity: 'week', timeZone: 'UTC', from: '2025-01-06', to: '2026-01-10' },
};

const CALENDAR: StatsCalendar = { month: MONTH, nights: [{ date: `${MONTH}-15`, stays: 2 }] };

function stubApi() {
  stubFetch((href) => {
    const path = new URL(href, 'http://localhost').pathname;
    if (path === '/api/host-stat') return jsonResponse(HOST);
    if (path === '/api/host-stat/calendar') return jsonResponse(CALENDAR);
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

describe('StatisticsDashboard', () => {
  it('speaks Spanish on a Spanish page: the cards, the chart’s heading, period and table, and the calendar’s marks', async () => {
    stubApi();
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderWithProviders(<StatisticsDashboard view="host" />, { path: '/dashboard' });
      const totals = await screen.findByRole('list', { name: 'Totales' });
      expect(within(totals).getAllByRole('listitem').map((card) => card.querySelector('p')?.textContent)).toEqual([
        'Ventas totales',
        'Ingresos',
        'Reservas totales',
        'Alojamientos totales',
        'Anfitrión desde',
        'Valoración media',
      ]);
      expect(screen.getByTestId('stat-average-rating').textContent).toBe('Aún no hay reseñas');
      expect(screen.getByTestId('stat-host-since').textContent).toBe('1 mar 2024');
      expect(screen.getByRole('heading', { name: 'Ventas a lo largo del tiempo' })).toBeTruthy();
      const period = screen.getByRole('combobox', { name: 'Periodo' });
      expect(within(period).getAllByRole('option').map((option) => option.textContent)).toEqual(['Últimos 30 días', 'Últimos 12 meses', 'Desde el principio']);
      // The chart's table for screen readers, once the loader's second has passed.
      const table = await screen.findByRole('table', { name: 'Ventas a lo largo del tiempo, últimos 12 meses, por semana' }, { timeout: 3_000 });
      expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['PeriodoVentasReservas', 'Semana del 22 dic 2025$120.501', 'Semana del 29 dic 2025$670.352']);
      expect(screen.getByRole('heading', { name: 'Noches reservadas en tus alojamientos' })).toBeTruthy();
      expect(screen.getByText('Noche reservada')).toBeTruthy();
      const nights = await screen.findByRole('list', { name: /^Noches reservadas en / });
      await vi.waitFor(() => expect(within(nights).getAllByRole('listitem').map((night) => night.textContent)).toEqual([expect.stringMatching(/^15 \S+ \d{4}: 2 estancias$/)]));
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });
});
