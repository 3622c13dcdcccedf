import { addMonths } from '@staybook/domain/dates';
import { FINANCE_COLUMNS, type FinanceFigures, type FinanceReport, type ReconciliationReport } from '@staybook/domain/finance';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { setActiveLocale } from '@staybook/domain/locale';
import '../../../locales/es/catalog';
import { FINANCE_COLUMN_LABELS, FinancePage } from './finance-page';

/** Midday UTC on 15 November 2026: the page opens on December 2025 to November 2026. */
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

const ZERO: FinanceFigures = {
  grossBookingsCents: 0,
  guestFeesCents: 0,
  commissionsCents: 0,
  taxCollectedCents: 0,
  refundsCents: 0,
  payoutsSentCents: 0,
};

/** The months that saw money; every other month of a period is all zeros, as the API answers it. */
const FIGURES: Record<string, FinanceFigures> = {
  '2026-10': {
    grossBookingsCents: 120_000,
    guestFeesCents: 12_000,
    commissionsCents: 3_000,
    taxCollectedCents: 15_050,
    refundsCents: 0,
    payoutsSentCents: 80_000,
  },
  '2026-11': {
    grossBookingsCents: 60_000,
    guestFeesCents: 6_000,
    commissionsCents: 1_500,
    taxCollectedCents: 7_525,
    refundsCents: 20_000,
    payoutsSentCents: 0,
  },
};

const OWED = { pendingCents: 45_000, availableCents: -2_550, inTransitCents: 10_000 };

/** The report the API gives for `from` to `to`: every month, oldest first, and their sums. */
function reportFor(from: string, to: string): FinanceReport {
  const months: FinanceReport['months'] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push({ month, ...(FIGURES[month] ?? ZERO) });
  const totals = { ...ZERO };
  for (const month of months) for (const { key } of FINANCE_COLUMNS) totals[key] += month[key];
  return { months, totals, owedToHosts: OWED };
}

const NO_DIFFERENCES: ReconciliationReport = { month: '2026-11', provider: 'test', checked: { payments: 12, payouts: 1 }, differences: [] };

const SOME_DIFFERENCES: ReconciliationReport = {
  month: '2026-10',
  provider: 'stripe',
  checked: { payments: 8, payouts: 3 },
  differences: [
    { kind: 'capture', subject: 'SB-7Q2K9', subjectFacts: { record: 'booking', reference: 'SB-7Q2K9' }, providerId: 'pi_3Nx', ledgerCents: 24_690, providerCents: 24_000, note: 'The provider captured less' },
    { kind: 'refund', subject: 'SB-4M8T1', subjectFacts: { record: 'booking', reference: 'SB-4M8T1' }, providerId: null, ledgerCents: 5_000, providerCents: null, note: 'No refund at the provider' },
    {
      kind: 'transfer',
      subject: 'Payout of 2026-10-12 to Hana Host',
      subjectFacts: { record: 'payout', date: '2026-10-12', hostName: 'Hana Host' },
      providerId: 'tr_1Ab', ledgerCents: 10_000, providerCents: 10_000, note: 'Paid twice' },
  ],
};

interface StubOptions {
  /** Answers `GET /api/admin/finance` for the period asked; by default the report above. */
  report?: (from: string, to: string) => Response;
  /** Answers `GET /api/admin/finance/reconciliation` for the month asked. */
  reconciliation?: (month: string) => Response;
}

/** The finance API, recording what was asked of it. */
function stubApi({ report = (from, to) => jsonResponse(reportFor(from, to)), reconciliation = () => jsonResponse(NO_DIFFERENCES) }: StubOptions = {}) {
  const asked: string[] = [];
  stubFetch((href) => {
    const url = new URL(href, 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (url.pathname === '/api/admin/finance') return report(param('from'), param('to'));
    if (url.pathname === '/api/admin/finance/reconciliation') return reconciliation(param('month'));
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  return {
    reports: () => asked.filter((path) => path.startsWith('/api/admin/finance?')),
    reconciliations: () => asked.filter((path) => path.startsWith('/api/admin/finance/reconciliation')),
  };
}

function renderPage() {
  renderWithProviders(<FinancePage />, { path: '/dashboard/finance' });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The message under a field (its description), '' when there is none. */
const noteOf = (label: string) => document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent ?? '';
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const figuresTable = () => screen.getByRole('table', { name: 'Money by month' });
/** The month rows (the table's body) and the Total row (its foot). */
function figuresRows() {
  const [, body, foot] = within(figuresTable()).getAllByRole('rowgroup');
  return { months: within(body!).getAllByRole('row').map(cellsOf), total: within(foot!).getAllByRole('row').map(cellsOf) };
}
const card = (label: string) => screen.getByRole('heading', { name: label, level: 3 }).closest('li')!;
const checkButton = () => screen.getByRole('button', { name: 'Check with the provider' });

describe('FinancePage', () => {
  it('opens on the last 12 months: a row per month, oldest first, with the totals in the foot', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByRole('table', { name: 'Money by month' });

    expect(field('From')).toHaveProperty('value', '2025-12');
    expect(field('To')).toHaveProperty('value', '2026-11');
    expect(api.reports()).toEqual(['/api/admin/finance?from=2025-12&to=2026-11']);
    const headers = within(figuresTable()).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Month', 'Gross bookings', 'Guest fees', 'Commissions', 'Tax collected', 'Refunds', 'Payouts sent']);

    const { months, total } = figuresRows();
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual(['Dec 2025', '$0', '$0', '$0', '$0', '$0', '$0']);
    expect(months.at(-2)).toEqual(['Oct 2026', '$1,200', '$120', '$30', '$150.50', '$0', '$800']);
    expect(months.at(-1)).toEqual(['Nov 2026', '$600', '$60', '$15', '$75.25', '$200', '$0']);
    expect(total).toEqual([['Total', '$1,800', '$180', '$45', '$225.75', '$200', '$800']]);
    expect(within(figuresTable()).getByText('Nov 2026').closest('time')?.getAttribute('datetime')).toBe('2026-11');
  });

  it('says what hosts are owed now, each with what it means', async () => {
    stubApi();
    renderPage();
    await screen.findByRole('heading', { name: 'Owed to hosts' });
    expect(within(card('Pending')).getByText('$450')).toBeTruthy();
    expect(within(card('Pending')).getByText(/not yet 24 hours past check-in/)).toBeTruthy();
    expect(within(card('Available')).getByText('-$25.50')).toBeTruthy();
    expect(within(card('Available')).getByText(/next daily payout/)).toBeTruthy();
    expect(within(card('On its way')).getByText('$100')).toBeTruthy();
    expect(within(card('On its way')).getByText(/not yet confirmed/)).toBeTruthy();
  });

  it('offers the CSV of the period shown as a download, and follows the period', async () => {
    stubApi();
    renderPage();
    await screen.findByRole('table', { name: 'Money by month' });
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe('/api/admin/finance.csv?from=2025-12&to=2026-11');
    expect(link.hasAttribute('download')).toBe(true);

    type('From', '2026-09');
    expect(link.getAttribute('href')).toBe('/api/admin/finance.csv?from=2026-09&to=2026-11');
  });

  it('asks for the figures again when the period changes, and shows that period', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByRole('table', { name: 'Money by month' });

    type('From', '2026-10');
    await vi.waitFor(() => expect(figuresRows().months).toHaveLength(2));
    expect(figuresRows().months.map(([month]) => month)).toEqual(['Oct 2026', 'Nov 2026']);
    expect(figuresRows().total[0]?.[1]).toBe('$1,800');

    type('To', '2026-10');
    await vi.waitFor(() => expect(figuresRows().months).toHaveLength(1));
    expect(figuresRows().total).toEqual([['Total', '$1,200', '$120', '$30', '$150.50', '$0', '$800']]);
    expect(api.reports()).toEqual([
      '/api/admin/finance?from=2025-12&to=2026-11',
      '/api/admin/finance?from=2026-10&to=2026-11',
      '/api/admin/finance?from=2026-10&to=2026-10',
    ]);
  });

  it('checks the period as the API does, saying what is wrong under its field and asking nothing meanwhile', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByRole('table', { name: 'Money by month' });

    // The first month after the last: said under 'To', and the figures of the period before stay.
    type('From', '2026-12');
    expect(noteOf('To')).toBe('The first month must not come after the last');
    expect(field('To').getAttribute('aria-invalid')).toBe('true');
    expect(field('From').getAttribute('aria-invalid')).toBeNull();
    expect(figuresRows().months).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/admin/finance.csv?from=2025-12&to=2026-11');

    // More than 36 months.
    type('From', '2023-11');
    expect(noteOf('To')).toBe('At most 36 months at a time');

    // No month at all: said under its own field, alone.
    type('From', '');
    expect(field('From').getAttribute('aria-invalid')).toBe('true');
    expect(noteOf('From')).not.toBe('');
    expect(noteOf('To')).toBe('');
    expect(api.reports()).toEqual(['/api/admin/finance?from=2025-12&to=2026-11']);

    // Put right: the messages go, and the figures of that period are asked for.
    type('From', '2023-12');
    expect(field('From').getAttribute('aria-invalid')).toBeNull();
    expect(field('To').getAttribute('aria-invalid')).toBeNull();
    await vi.waitFor(() => expect(figuresRows().months).toHaveLength(36));
    expect(api.reports().at(-1)).toBe('/api/admin/finance?from=2023-12&to=2026-11');
  });

  it("shows the server's refusal of a month under its field", async () => {
    const message = 'No figures before the ledger began';
    stubApi({
      report: (from, to) =>
        from < '2026-01'
          ? jsonResponse({ error: { code: 'VALIDATION_FAILED', message: `from: ${message}`, fields: { from: message } } }, 400)
          : jsonResponse(reportFor(from, to)),
    });
    renderPage();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    type('From', '2026-01');
    await screen.findByRole('table', { name: 'Money by month' });
    expect(screen.queryByText(message)).toBeNull();
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let calls = 0;
    stubApi({
      report: (from, to) =>
        ++calls === 1 ? jsonResponse({ error: { code: 'INTERNAL', message: 'Something broke.' } }, 500) : jsonResponse(reportFor(from, to)),
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('The figures could not be loaded: Something broke.');
    expect(screen.queryByRole('heading', { name: 'Owed to hosts' })).toBeNull();
    // The rest of the page stays usable.
    expect(checkButton()).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Money by month' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Owed to hosts' })).toBeTruthy();
  });

  it('checks the current month with the provider only on asking, and says when nothing differs', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByRole('table', { name: 'Money by month' });
    expect(field('Month')).toHaveProperty('value', '2026-11');
    expect(api.reconciliations()).toEqual([]);

    fireEvent.click(checkButton());
    expect(await screen.findByText('Checked 12 payments and 1 payout with the built-in processor: no differences.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'November 2026', level: 3 })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Differences' })).toBeNull();
    expect(api.reconciliations()).toEqual(['/api/admin/finance/reconciliation?month=2026-11']);

    // The same month again is asked afresh.
    fireEvent.click(checkButton());
    await vi.waitFor(() => expect(api.reconciliations()).toHaveLength(2));
  });

  it('lists each difference the provider shows, with a missing amount as a dash', async () => {
    const api = stubApi({ reconciliation: (month) => jsonResponse(month === '2026-10' ? SOME_DIFFERENCES : NO_DIFFERENCES) });
    renderPage();
    await screen.findByRole('table', { name: 'Money by month' });
    type('Month', '2026-10');
    fireEvent.click(checkButton());

    const table = await screen.findByRole('table', { name: 'Differences' });
    expect(screen.getByText('Checked 8 payments and 3 payouts with Stripe: 3 differences.')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Kind',
      'Subject',
      'Provider id',
      'Ledger',
      'Provider',
      'Note',
    ]);
    expect(within(table).getAllByRole('row').slice(1).map(cellsOf)).toEqual([
      ['Capture', 'SB-7Q2K9', 'pi_3Nx', '$246.90', '$240', 'The provider captured less'],
      ['Refund', 'SB-4M8T1', '—', '$50', '—', 'No refund at the provider'],
      ['Transfer', 'Payout of 2026-10-12 to Hana Host', 'tr_1Ab', '$100', '$100', 'Paid twice'],
    ]);
    expect(api.reconciliations()).toEqual(['/api/admin/finance/reconciliation?month=2026-10']);
  });

  it('speaks Spanish on a Spanish page: its sections, the month table, what hosts are owed and a month’s differences', async () => {
    const [capture, , payout] = SOME_DIFFERENCES.differences;
    const differences: ReconciliationReport['differences'] = [
      { ...capture!, note: 'The captured amounts differ.' },
      { ...payout!, note: 'The amounts paid out differ.' },
      {
        ...payout!,
        subject: 'Transfer of 2026-10-13 to Hana Host (acct_1)',
        subjectFacts: { record: 'provider-transfer', date: '2026-10-13', hostName: 'Hana Host', destination: 'acct_1' },
        note: 'The provider has a transfer our records never made.',
      },
      {
        ...payout!,
        subject: 'Transfer of 2026-10-14 to acct_2',
        subjectFacts: { record: 'provider-transfer', date: '2026-10-14', hostName: null, destination: 'acct_2' },
        note: 'The provider has a transfer our records never made.',
      },
      { ...capture!, subject: 'Capture of 2026-10-15', subjectFacts: { record: 'provider-capture', date: '2026-10-15' }, note: 'The provider has a capture of a payment our records never made.' },
    ];
    stubApi({ reconciliation: () => jsonResponse({ ...SOME_DIFFERENCES, differences }) });
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderPage();
      await screen.findByRole('table', { name: 'Dinero por mes' });
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Dinero por mes', 'Adeudado a los anfitriones', 'Conciliación']);
      expect(screen.getByText('De dic 2025 a nov 2026, del más antiguo al más reciente.')).toBeTruthy();
      const headers = within(screen.getByRole('table', { name: 'Dinero por mes' })).getAllByRole('columnheader').map((header) => header.textContent);
      expect(headers).toEqual(['Mes', 'Reservas brutas', 'Tarifas de huéspedes', 'Comisiones', 'Impuestos cobrados', 'Reembolsos', 'Pagos enviados']);
      expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Pendiente', 'Disponible', 'En camino']);
      expect(screen.getByRole('link', { name: 'Descargar CSV' })).toBeTruthy();

      type('Mes', '2026-10');
      fireEvent.click(screen.getByRole('button', { name: 'Comprobar con el proveedor' }));
      const table = await screen.findByRole('table', { name: 'Diferencias' });
      expect(screen.getByText('Comprobados 8 cobros y 3 pagos con Stripe: 5 diferencias.')).toBeTruthy();
      expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Tipo', 'Asunto', 'Id. del proveedor', 'Libro contable', 'Proveedor', 'Nota']);
      expect(within(table).getAllByRole('row').slice(1).map(cellsOf)[0]).toEqual(['Cobro', 'SB-7Q2K9', 'pi_3Nx', '$246.90', '$240', 'Los importes cobrados no coinciden.']);
      // Each subject written in Spanish from its figures; the API's subject is English.
      expect(within(table).getAllByRole('row').slice(2).map((row) => cellsOf(row)[1])).toEqual([
        'Pago del 2026-10-12 a Hana Host',
        'Transferencia del 2026-10-13 a Hana Host (acct_1)',
        'Transferencia del 2026-10-14 a acct_2',
        'Cobro del 2026-10-15',
      ]);
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });

  it('knows the name of each of the domain’s columns', () => {
    expect(FINANCE_COLUMNS.map(({ label }) => label)).toEqual(FINANCE_COLUMN_LABELS);
  });

  it('checks the month before asking, and says when the provider could not be reached, trying again', async () => {
    let calls = 0;
    const api = stubApi({
      reconciliation: () =>
        ++calls === 1 ? jsonResponse({ error: { code: 'PROVIDER_UNAVAILABLE', message: 'The payment provider did not answer.' } }, 503) : jsonResponse(NO_DIFFERENCES),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Money by month' });

    type('Month', '');
    fireEvent.click(checkButton());
    expect(field('Month').getAttribute('aria-invalid')).toBe('true');
    expect(noteOf('Month')).not.toBe('');
    expect(api.reconciliations()).toEqual([]);

    type('Month', '2026-11');
    fireEvent.click(checkButton());
    expect((await screen.findByRole('alert')).textContent).toContain('The reconciliation could not be loaded: The payment provider did not answer.');
    expect(field('Month').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/: no differences\.$/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
