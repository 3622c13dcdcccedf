import { CURRENCY_LOCKED_MESSAGE, type MarketplaceCurrencyAnswer } from '@staybook/domain/currencies';
import { NO_FEE_RATES, type MarketplaceFeesAnswer } from '@staybook/domain/marketplace-fees';
import { formatMoney, marketplaceCurrency, setMarketplaceCurrency } from '@staybook/domain/money';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { setActiveLocale } from '@staybook/domain/locale';
import '../../../locales/es/catalog';
import { CURRENCY_LOCKED_TEXT } from './currency-form';
import { MarketplaceFeesPage } from './marketplace-fees-page';

afterEach(() => {
  setMarketplaceCurrency('USD');
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

const START: MarketplaceFeesAnswer = { current: NO_FEE_RATES, history: [] };
const USD: MarketplaceCurrencyAnswer = { currency: 'USD', lockedBecause: null };

/** Midday UTC, so the day is the same in any time zone the test runs in. */
const EARLIER = { guestFeeBp: 1_250, hostCommissionBp: 0, setAt: '2026-11-20T12:00:00.000Z', setBy: { name: 'Lin Admin' } };
const SET = { guestFeeBp: 1_000, hostCommissionBp: 300, setAt: '2026-11-28T12:00:00.000Z', setBy: { name: 'Ada Admin' } };

const GUEST_FEE_MESSAGE = 'Guest service fee must be a percentage from 0 to 25 with at most two decimals';

interface Sent {
  method: string;
  body: unknown;
}

/**
 * `GET /api/admin/fees` answers `fees`; `PUT` answers `put(body)`, by default the fees after the change. The currency
 * is `currency`; setting it answers `putCurrency(body)`, by default the currency after the change.
 */
function stubApi({
  fees = START,
  put,
  currency = USD,
  putCurrency,
}: {
  fees?: MarketplaceFeesAnswer;
  put?: (body: Record<string, unknown>) => Response;
  currency?: MarketplaceCurrencyAnswer;
  putCurrency?: (body: Record<string, unknown>) => Response;
} = {}) {
  const sent: Sent[] = [];
  stubFetch((href, init) => {
    const path = new URL(href, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ method, body });
    if (path === '/api/admin/currency') {
      if (method === 'GET') return jsonResponse(currency);
      return putCurrency ? putCurrency(body ?? {}) : jsonResponse({ currency: body?.currency, lockedBecause: null });
    }
    if (path !== '/api/admin/fees') return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    if (method === 'GET') return jsonResponse(fees);
    if (method === 'PUT' && body) {
      if (put) return put(body);
      const current = {
        guestFeeBp: Math.round(Number(body.guestFeePercent) * 100),
        hostCommissionBp: Math.round(Number(body.hostCommissionPercent) * 100),
        setAt: '2026-11-29T12:00:00.000Z',
        setBy: { name: 'Ada Admin' },
      };
      return jsonResponse({ current, history: [current, ...fees.history] });
    }
    return jsonResponse({ error: { code: 'METHOD_NOT_ALLOWED', message: 'No' } }, 405);
  });
  return { changes: () => sent.filter((s) => s.method !== 'GET') };
}

function renderPage() {
  renderWithProviders(
    <>
      <MarketplaceFeesPage />
      <Toaster />
    </>,
    { path: '/dashboard/fees' },
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const historyRows = () => within(screen.getByRole('table', { name: 'Fee history' })).getAllByRole('row').slice(1);

describe('MarketplaceFeesPage', () => {
  it('says what the fees are, and at the start charges none and has no history', async () => {
    stubApi();
    renderPage();
    expect(await screen.findByText('No changes yet: no fees are charged')).toBeTruthy();
    expect(field('Guest service fee (%)')).toHaveProperty('value', '0');
    expect(field('Host commission (%)')).toHaveProperty('value', '0');
    expect(screen.getByText(/a change applies to new bookings only/)).toBeTruthy();
    expect(screen.getByText(/taken from the host.s share/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Fee history' })).toBeNull();
  });

  it('prefills the rates in force and lists the changes, newest first, with who made them', async () => {
    stubApi({ fees: { current: SET, history: [SET, EARLIER] } });
    renderPage();
    await screen.findByRole('table', { name: 'Fee history' });
    expect(field('Guest service fee (%)')).toHaveProperty('value', '10');
    expect(field('Host commission (%)')).toHaveProperty('value', '3');
    const headers = within(screen.getByRole('table', { name: 'Fee history' })).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Set on', 'Guest service fee', 'Host commission', 'Set by']);
    const rows = historyRows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      [expect.stringContaining('Nov 28, 2026'), '10%', '3%', 'Ada Admin'],
      [expect.stringContaining('Nov 20, 2026'), '12.5%', '0%', 'Lin Admin'],
    ]);
  });

  it('saves the rates as percentages, says so, and shows the new rates and the change', async () => {
    const api = stubApi({ fees: { current: EARLIER, history: [EARLIER] } });
    renderPage();
    await screen.findByRole('table', { name: 'Fee history' });
    type('Guest service fee (%)', '10');
    type('Host commission (%)', '3.25');
    fireEvent.click(screen.getByRole('button', { name: 'Save fees' }));

    expect(await screen.findByText('Fees saved')).toBeTruthy();
    expect(api.changes()).toEqual([{ method: 'PUT', body: { guestFeePercent: '10', hostCommissionPercent: '3.25' } }]);
    expect(historyRows()).toHaveLength(2);
    expect(within(historyRows()[0]!).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual(['10%', '3.25%', 'Ada Admin']);
    expect(field('Guest service fee (%)')).toHaveProperty('value', '10');
    expect(field('Host commission (%)')).toHaveProperty('value', '3.25');
  });

  it('checks the rates as the server does, sending nothing while one is wrong', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByText('No changes yet: no fees are charged');
    type('Guest service fee (%)', '25.5');
    type('Host commission (%)', '1.125');
    fireEvent.click(screen.getByRole('button', { name: 'Save fees' }));

    expect(await screen.findByText(GUEST_FEE_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Host commission must be a percentage from 0 to 25 with at most two decimals')).toBeTruthy();
    expect(field('Guest service fee (%)').getAttribute('aria-invalid')).toBe('true');
    expect(api.changes()).toEqual([]);
  });

  it("shows the server's refusal under the field it names, keeping what was typed", async () => {
    const api = stubApi({
      put: () =>
        jsonResponse(
          { error: { code: 'VALIDATION_FAILED', message: `guestFeePercent: ${GUEST_FEE_MESSAGE}`, fields: { guestFeePercent: GUEST_FEE_MESSAGE } } },
          400,
        ),
    });
    renderPage();
    await screen.findByText('No changes yet: no fees are charged');
    type('Guest service fee (%)', '12.5');
    type('Host commission (%)', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Save fees' }));

    expect(await screen.findByText(GUEST_FEE_MESSAGE)).toBeTruthy();
    expect(field('Guest service fee (%)').getAttribute('aria-invalid')).toBe('true');
    expect(field('Guest service fee (%)')).toHaveProperty('value', '12.5');
    expect(field('Host commission (%)')).toHaveProperty('value', '2');
    expect(api.changes()).toHaveLength(1);
    expect(screen.queryByText('Fees saved')).toBeNull();
    expect(screen.getByText('No changes yet: no fees are charged')).toBeTruthy();
  });

  it('says in a toast when saving is refused for a reason no field shows, keeping what was typed', async () => {
    stubApi({ put: () => jsonResponse({ error: { code: 'FORBIDDEN', message: 'Only an admin can do this.' } }, 403) });
    renderPage();
    await screen.findByText('No changes yet: no fees are charged');
    type('Guest service fee (%)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Save fees' }));

    expect(await screen.findByText('Only an admin can do this.')).toBeTruthy();
    expect(field('Guest service fee (%)')).toHaveProperty('value', '5');
  });

  it('says when the fees could not be loaded, and tries again', async () => {
    let calls = 0;
    stubFetch((href) =>
      href.includes('/api/admin/currency')
        ? jsonResponse(USD)
        : ++calls === 1
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'Something broke.' } }, 500)
          : jsonResponse(START),
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('The fees could not be loaded: Something broke.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No changes yet: no fees are charged')).toBeTruthy();
  });

  it('sets the currency from the list while nothing is booked, and then writes amounts in it', async () => {
    const { changes } = stubApi();
    renderPage();
    const select = (await screen.findByRole('combobox', { name: 'Currency' })) as HTMLSelectElement;
    expect(select.value).toBe('USD');
    expect(within(select).getByRole('option', { name: 'JPY · Japanese Yen (no decimals)' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'EUR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save currency' }));
    expect(await screen.findByText('Currency saved')).toBeTruthy();
    expect(changes()).toEqual([{ method: 'PUT', body: { currency: 'EUR' } }]);
    expect(marketplaceCurrency()).toBe('EUR');
    expect(formatMoney(8_950)).toBe('€89.50');
  });

  it("says why the currency can't change once there are bookings, and shows the server's refusal", async () => {
    stubApi({ currency: { currency: 'USD', lockedBecause: CURRENCY_LOCKED_MESSAGE } });
    renderPage();
    expect(await screen.findByText(CURRENCY_LOCKED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save currency' })).toBeNull();
    cleanup();

    // A booking made since the page loaded.
    stubApi({ putCurrency: () => jsonResponse({ error: { code: 'CONFLICT', message: CURRENCY_LOCKED_MESSAGE } }, 409) });
    renderPage();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Currency' }), { target: { value: 'GBP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save currency' }));
    expect(await screen.findByText(CURRENCY_LOCKED_MESSAGE)).toBeTruthy();
    expect(marketplaceCurrency()).toBe('USD');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveProperty('value', 'GBP');
  });

  it('speaks Spanish on a Spanish page: what the fees are, their form and history, and the currency with its lock', async () => {
    stubApi({ fees: { current: SET, history: [SET, EARLIER] }, currency: { currency: 'USD', lockedBecause: CURRENCY_LOCKED_MESSAGE } });
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderPage();
      const table = await screen.findByRole('table', { name: 'Historial de tarifas' });
      expect(screen.getByText(/se suma al precio de cada estancia, como su línea «Tarifa de servicio»/)).toBeTruthy();
      expect(screen.getByText('tarifa de servicio al huésped', { selector: 'strong' })).toBeTruthy();
      expect(field('Tarifa de servicio al huésped (%)')).toHaveProperty('value', '10');
      expect(field('Comisión del anfitrión (%)')).toHaveProperty('value', '3');
      expect(screen.getByRole('button', { name: 'Guardar tarifas' })).toBeTruthy();
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Establecida el', 'Tarifa de servicio al huésped', 'Comisión del anfitrión', 'Establecida por']);
      expect(within(table).getAllByRole('row')[1]?.textContent).toContain('28 nov 2026');
      expect(screen.getByRole('heading', { name: 'Moneda' })).toBeTruthy();
      const select = await screen.findByRole('combobox', { name: 'Moneda' });
      expect(within(select).getByRole('option', { name: 'JPY · yen japonés (sin decimales)' })).toBeTruthy();
      expect(within(select).getByRole('option', { name: 'EUR · euro' })).toBeTruthy();
      expect(screen.getByText('La moneda no puede cambiarse una vez que la plataforma tiene reservas')).toBeTruthy();
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });

  it('writes the rates and their check in Spanish on a Spanish page: 12,5 %, and the range a rate must be in', async () => {
    const api = stubApi({ fees: { current: SET, history: [SET, EARLIER] } });
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderPage();
      const table = await screen.findByRole('table', { name: 'Historial de tarifas' });
      const cells = (row: number) => within(within(table).getAllByRole('row')[row]!).getAllByRole('cell').map((cell) => cell.textContent);
      expect(cells(1).slice(1, 3)).toEqual(['10\u00a0%', '3\u00a0%']);
      expect(cells(2).slice(1, 3)).toEqual(['12,5\u00a0%', '0\u00a0%']);
      type('Tarifa de servicio al huésped (%)', '25.5');
      type('Comisión del anfitrión (%)', '1.125');
      fireEvent.click(screen.getByRole('button', { name: 'Guardar tarifas' }));
      expect(await screen.findByText('La tarifa de servicio al huésped debe ser un porcentaje de 0 a 25 con dos decimales como máximo')).toBeTruthy();
      expect(screen.getByText('La comisión del anfitrión debe ser un porcentaje de 0 a 25 con dos decimales como máximo')).toBeTruthy();
      expect(api.changes()).toEqual([]);
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });

  it('knows the reason the domain gives for a currency that cannot change', () => {
    expect(CURRENCY_LOCKED_TEXT).toBe(CURRENCY_LOCKED_MESSAGE);
  });
});
