import { addMonths } from '@staybook/domain/dates';
import { EARNINGS_MONTH_COLUMNS, type EarningsReport, type ListingEarnings, type MonthEarningsFigures } from '@staybook/domain/earnings';
import type { Payout, PayoutsPage } from '@staybook/domain/payouts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { setActiveLocale } from '@staybook/domain/locale';
import '../../../locales/es/catalog';
import { EarningsPage } from './earnings-page';

/** Midday UTC on 15 November 2026: the page opens on December 2025 to November 2026, and the CSV on this year so far. */
const NOW = new Date('2026-11-15T12:00:00.000Z');

beforeEach(() => {
  // Only the clock: the queries' own timers run as they do in the app.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ZERO: MonthEarningsFigures = { bookedCents: 0, refundedCents: 0, releasedCents: 0, paidCents: 0 };

/** The months that saw money; every other month is all zeros, as the API answers. */
const FIGURES: Record<string, MonthEarningsFigures> = {
  '2026-10': { bookedCents: 63_000, refundedCents: 10_500, releasedCents: 31_500, paidCents: 31_500 },
  '2026-11': { bookedCents: 21_000, refundedCents: 0, releasedCents: 0, paidCents: 0 },
};

const LISTINGS: ListingEarnings[] = [
  {
    roomId: '00000000-0000-4000-8000-000000000001',
    title: 'Garden studio',
    stays: 1,
    bookedCents: 21_000,
    refundedCents: 10_500,
    upcomingCents: 0,
    availableCents: 0,
    inTransitCents: 0,
    paidCents: 10_500,
  },
  {
    roomId: '00000000-0000-4000-8000-000000000002',
    title: 'Lakeside cabin',
    stays: 2,
    bookedCents: 42_000,
    refundedCents: 0,
    upcomingCents: 21_000,
    availableCents: 0,
    inTransitCents: 0,
    paidCents: 21_000,
  },
];

function reportFor(from: string, to: string, overrides: Partial<EarningsReport> = {}): EarningsReport {
  const months: EarningsReport['months'] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push({ month, ...(FIGURES[month] ?? ZERO) });
  const totals = { ...ZERO };
  for (const month of months) for (const { key } of EARNINGS_MONTH_COLUMNS) totals[key] += month[key];
  return { balances: { upcomingCents: 21_000, availableCents: 0, inTransitCents: 0, paidCents: 31_500 }, listings: LISTINGS, months, totals, ...overrides };
}

const PAYOUT: Payout = {
  id: '11111111-1111-4111-8111-111111111111',
  asOf: '2026-10-03',
  createdAt: '2026-10-03T12:00:00.000Z',
  amountCents: 31_500,
  status: 'paid',
  failureMessage: null,
  last4: '6789',
};

const PAYOUTS: PayoutsPage = {
  account: { holderName: 'Lena Lakeside', last4: '6789', ready: true },
  setup: 'bank-account',
  balances: { pendingCents: 21_000, availableCents: 0, inTransitCents: 0, paidCents: 31_500 },
  payouts: [PAYOUT],
  nextCursor: null,
};

/** The earnings and payouts API, recording what was asked of it. */
function stubApi({ report = (from: string, to: string) => jsonResponse(reportFor(from, to)) } = {}) {
  const asked: string[] = [];
  stubFetch((href) => {
    const url = new URL(href, 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/earnings') return report(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '');
    if (url.pathname === '/api/payouts') return jsonResponse(PAYOUTS);
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  return { reports: () => asked.filter((path) => path.startsWith('/api/earnings?')) };
}

function renderPage() {
  renderWithProviders(<EarningsPage />, { path: '/dashboard/earnings' });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const noteOf = (label: string) => document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent ?? '';
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const card = (label: string) => screen.getByRole('heading', { name: label, level: 3 }).closest('li')!;
/** A table's header, body rows and foot rows, as text. */
function tableText(name: string) {
  const table = screen.getByRole('table', { name });
  const [head, body, foot] = within(table).getAllByRole('rowgroup');
  return {
    headers: within(head!).getAllByRole('columnheader').map((header) => header.textContent),
    rows: within(body!).getAllByRole('row').map(cellsOf),
    foot: foot ? within(foot).queryAllByRole('row').map(cellsOf) : [],
  };
}

describe('EarningsPage', () => {
  it('shows what the host holds now, each card with what it means', async () => {
    stubApi();
    renderPage();
    await screen.findByRole('heading', { name: 'Your money now' });
    expect(within(card('Pending')).getByText('$210')).toBeTruthy();
    expect(within(card('Pending')).getByText(/becomes available 24 hours after check-in/)).toBeTruthy();
    expect(within(card('Available')).getByText('$0')).toBeTruthy();
    expect(within(card('Available')).getByText(/once a day/)).toBeTruthy();
    expect(within(card('On its way')).getByText('$0')).toBeTruthy();
    expect(within(card('Paid out')).getByText('$315')).toBeTruthy();
  });

  it('says why the available balance is below zero: a refund after a payout, taken from the next', async () => {
    stubApi({ report: (from, to) => jsonResponse(reportFor(from, to, { balances: { upcomingCents: 0, availableCents: -10_500, inTransitCents: 0, paidCents: 10_500 } })) });
    renderPage();
    await screen.findByRole('heading', { name: 'Your money now' });
    expect(within(card('Available')).getByText('-$105')).toBeTruthy();
    expect(within(card('Available')).getByText(/taken from your next payout/)).toBeTruthy();
  });

  it('lists each listing’s money, the refunds shown as what they took back, and the sum in the foot', async () => {
    stubApi();
    renderPage();
    await screen.findByRole('table', { name: 'Earnings by listing' });
    const { headers, rows, foot } = tableText('Earnings by listing');
    expect(headers).toEqual(['Listing', 'Stays', 'Booked', 'Refunded', 'Pending', 'Available', 'On its way', 'Paid out']);
    expect(rows).toEqual([
      ['Garden studio', '1', '$210', '−$105', '$0', '$0', '$0', '$105'],
      ['Lakeside cabin', '2', '$420', '$0', '$210', '$0', '$0', '$210'],
    ]);
    expect(foot).toEqual([['Total', '3', '$630', '−$105', '$210', '$0', '$0', '$315']]);
  });

  it('speaks Spanish on a Spanish page: its sections, its tables and the fields of the period and the download', async () => {
    stubApi();
    setActiveLocale('es');
    try {
      renderPage();
      await screen.findByRole('table', { name: 'Ganancias por anuncio' });
      expect(screen.getByRole('heading', { name: 'Tu dinero ahora' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Por anuncio' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Por mes' })).toBeTruthy();
      expect(tableText('Ganancias por anuncio').headers).toEqual(['Anuncio', 'Estancias', 'Reservado', 'Reembolsado', 'Pendiente', 'Disponible', 'En camino', 'Pagado']);
      expect(tableText('Ganancias por anuncio').foot[0]?.[0]).toBe('Total');
      expect(tableText('Ganancias por mes').headers).toEqual(['Mes', 'Reservado', 'Reembolsado', 'Liberado', 'Pagado']);
      for (const label of ['Desde', 'Hasta', 'Primer día', 'Último día']) expect(field(label)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Descargar CSV' })).toBeTruthy();
      type('Desde', '2027-01');
      expect(noteOf('Hasta')).toBe('El primer mes no puede ser posterior al último');
    } finally {
      setActiveLocale('en');
    }
  });

  it('says so when no stay has been booked yet', async () => {
    stubApi({ report: (from, to) => jsonResponse(reportFor(from, to, { listings: [] })) });
    renderPage();
    expect(await screen.findByText('No stays yet. Once a guest books one of your listings, its earnings show here.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Earnings by listing' })).toBeNull();
  });

  it('opens on the last 12 months, and asks again for the months chosen', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByRole('table', { name: 'Earnings by month' });
    expect(field('From')).toHaveProperty('value', '2025-12');
    expect(field('To')).toHaveProperty('value', '2026-11');
    const { headers, rows, foot } = tableText('Earnings by month');
    expect(headers).toEqual(['Month', 'Booked', 'Refunded', 'Released', 'Paid out']);
    expect(rows).toHaveLength(12);
    expect(rows.at(-2)).toEqual(['Oct 2026', '$630', '−$105', '$315', '$315']);
    expect(foot).toEqual([['Total', '$840', '−$105', '$315', '$315']]);

    type('From', '2026-11');
    await vi.waitFor(() => expect(tableText('Earnings by month').rows).toHaveLength(1));
    expect(tableText('Earnings by month').foot).toEqual([['Total', '$210', '$0', '$0', '$0']]);
    // A period that does not hold together is said under its field, and nothing is asked for it.
    type('From', '2027-01');
    expect(noteOf('To')).toBe('The first month must not come after the last');
    expect(api.reports()).toEqual(['/api/earnings?from=2025-12&to=2026-11', '/api/earnings?from=2026-11&to=2026-11']);
  });

  it('downloads the entries of the days chosen, this year so far at first, and says why days do not hold together', async () => {
    stubApi();
    renderPage();
    await screen.findByRole('heading', { name: 'Download your entries' });
    expect(field('First day')).toHaveProperty('value', '2026-01-01');
    expect(field('Last day')).toHaveProperty('value', '2026-11-15');
    const link = () => screen.getByRole('link', { name: 'Download CSV' });
    expect(link().getAttribute('href')).toBe('/api/earnings/entries.csv?from=2026-01-01&to=2026-11-15');
    expect(link().hasAttribute('download')).toBe(true);

    type('First day', '2026-10-01');
    type('Last day', '2026-10-31');
    expect(link().getAttribute('href')).toBe('/api/earnings/entries.csv?from=2026-10-01&to=2026-10-31');

    type('First day', '2026-11-01');
    expect(noteOf('Last day')).toBe('The first day must not come after the last');
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);

    type('First day', '2025-01-01');
    expect(noteOf('Last day')).toBe('At most 366 days at a time');
    type('First day', '');
    expect(noteOf('First day')).toBe('Expected a date as YYYY-MM-DD');
  });

  it('lists the payouts, each date opening its statement', async () => {
    stubApi();
    renderPage();
    const statement = await screen.findByRole('link', { name: 'Oct 3, 2026', description: 'Open a payout’s date for its statement: the stays it paid, ready to print.' });
    expect(statement.getAttribute('href')).toBe('/dashboard/earnings/payouts/11111111-1111-4111-8111-111111111111');
    expect(tableText('Payout history').rows).toEqual([['Oct 3, 2026', '$315', 'Paid', '…6789']]);
  });
});
