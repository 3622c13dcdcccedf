import { APP_PATHS } from '@staybook/domain/app-routes';
import type { PayoutStatement as Statement } from '@staybook/domain/earnings';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setActiveLocale } from '@staybook/domain/locale';
import '../../../locales/es/catalog';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { PayoutStatement } from './payout-statement';
import { WithPayoutStatement } from './with-payout-statement';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAID_ID = '11111111-1111-4111-8111-111111111111';
const FAILED_ID = '22222222-2222-4222-8222-222222222222';

const PAID: Statement = {
  payout: { id: PAID_ID, asOf: '2026-10-03', createdAt: '2026-10-03T12:00:00.000Z', amountCents: 21_000, status: 'paid', failureMessage: null, last4: '6789' },
  hostName: 'Lena Lakeside',
  stays: [
    {
      bookingId: '33333333-3333-4333-8333-333333333333',
      reference: 'SB-7K3Q-9M2D',
      roomTitle: 'Lakeside cabin',
      checkIn: '2026-09-28',
      checkOut: '2026-09-30',
      guestName: 'Ana Lima',
      shareCents: 19_000,
      taxCents: 2_000,
      refundedCents: 0,
      netCents: 21_000,
    },
    {
      bookingId: '44444444-4444-4444-8444-444444444444',
      reference: 'SB-4M8T-1Q2W',
      roomTitle: 'Garden studio',
      checkIn: '2026-09-20',
      checkOut: '2026-09-21',
      guestName: 'Olga Outsider',
      shareCents: 0,
      taxCents: 0,
      refundedCents: 10_500,
      netCents: -10_500,
    },
  ],
  totals: { shareCents: 19_000, taxCents: 2_000, refundedCents: 10_500, netCents: 10_500 },
  otherCents: 10_500,
  paidWith: null,
};

const FAILED: Statement = {
  ...PAID,
  payout: { ...PAID.payout, id: FAILED_ID, asOf: '2026-10-01', status: 'failed', failureMessage: 'The bank account has been closed. Please add another account.' },
  stays: [PAID.stays[0]!],
  totals: { shareCents: 19_000, taxCents: 2_000, refundedCents: 0, netCents: 21_000 },
  otherCents: 0,
  paidWith: { id: PAID_ID, asOf: '2026-10-03', status: 'paid' },
};

function stubApi() {
  return stubFetch((href) => {
    const id = new URL(href, 'http://localhost').pathname.split('/').at(-1);
    if (id === PAID_ID) return jsonResponse(PAID);
    if (id === FAILED_ID) return jsonResponse(FAILED);
    return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Payout not found.' } }, 404);
  });
}

function renderStatement(payoutId: string) {
  renderWithProviders(
    <Routes>
      <Route path={APP_PATHS.payoutStatement} element={<WithPayoutStatement>{(statement) => <PayoutStatement statement={statement} />}</WithPayoutStatement>} />
      <Route path={APP_PATHS.earnings} element={<p>Earnings page</p>} />
    </Routes>,
    { path: `/dashboard/earnings/payouts/${payoutId}` },
  );
}

const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PayoutStatement', () => {
  it('states the payout, where it went, and each stay it paid with the refunds netted, adding up to the amount', async () => {
    const fetch = stubApi();
    renderStatement(PAID_ID);
    expect(await screen.findByRole('heading', { name: 'Payout statement', level: 1 })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([`/api/earnings/payouts/${PAID_ID}`]);
    expect(screen.getByText('Payout of Oct 3, 2026')).toBeTruthy();
    expect(term('Status')).toBe('Paid');
    expect(term('Amount')).toBe('$210');
    expect(term('Host')).toBe('Lena Lakeside');
    expect(term('Bank account')).toBe('Ending in 6789');

    const table = screen.getByRole('table', { name: 'Stays in this payout' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Booking',
      'Room',
      'Dates',
      'Guest',
      'Your share',
      'Tax',
      'Refunded',
      'Paid',
    ]);
    const [, body, foot] = within(table).getAllByRole('rowgroup');
    expect(within(body!).getAllByRole('row').map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['SB-7K3Q-9M2D', 'Lakeside cabin', 'Sep 28, 2026 – Sep 30, 2026', 'Ana Lima', '$190', '$20', '$0', '$210'],
      ['SB-4M8T-1Q2W', 'Garden studio', 'Sep 20, 2026 – Sep 21, 2026', 'Olga Outsider', '$0', '$0', '−$105', '-$105'],
    ]);
    expect(within(foot!).getAllByRole('row').map((row) => row.textContent)).toEqual(['Balance from before these stays$105', 'Total$190$20−$105$210']);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('prints, and leads back to Earnings', async () => {
    stubApi();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderStatement(PAID_ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: 'Back to Earnings' }));
    expect(await screen.findByText('Earnings page')).toBeTruthy();
  });

  it('says a failed payout went back to the balance, why, and which payout sent its stays again', async () => {
    stubApi();
    renderStatement(FAILED_ID);
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('This payout failed and its money went back to your available balance.');
    expect(note.textContent).toContain('The bank account has been closed.');
    const next = within(note).getByRole('link', { name: 'payout of Oct 3, 2026' });
    expect(next.getAttribute('href')).toBe(`/dashboard/earnings/payouts/${PAID_ID}`);
    expect(term('Status')).toBe('Failed');
    fireEvent.click(next);
    expect(await screen.findByText('Payout of Oct 3, 2026')).toBeTruthy();
  });

  it('is written in Spanish on a Spanish page, the failed payout’s note and the payout that sent its stays again included', async () => {
    stubApi();
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderStatement(FAILED_ID);
      expect(await screen.findByRole('heading', { name: 'Extracto de pago', level: 1 })).toBeTruthy();
      expect(screen.getByText('Pago del 1 oct 2026')).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Pago', 'Pagado a', 'Estancias de este pago']);
      expect(term('Estado')).toBe('Fallida');
      expect(term('Fecha del pago')).toBe('1 oct 2026');
      expect(term('Cuenta bancaria')).toBe('Terminada en 6789');
      const table = screen.getByRole('table', { name: 'Estancias de este pago' });
      expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
        'Reserva',
        'Alojamiento',
        'Fechas',
        'Huésped',
        'Tu parte',
        'Impuesto',
        'Reembolsado',
        'Pagado',
      ]);
      expect(within(table).getAllByRole('cell')[2]?.textContent).toBe('28 sept 2026 – 30 sept 2026');
      const note = screen.getByRole('note');
      expect(note.textContent).toContain('Este pago falló y su dinero volvió a tu saldo disponible.');
      expect(note.textContent).toContain('Sus estancias se enviaron de nuevo con el pago del 3 oct 2026.');
      expect(within(note).getByRole('link', { name: 'pago del 3 oct 2026' }).getAttribute('href')).toBe(`/dashboard/earnings/payouts/${PAID_ID}`);
      expect(screen.getByText(/^Todos los importes en dólares estadounidenses \(USD\)\. Tu parte es lo que los huéspedes pagaron .* menos la comisión de StayBook;/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Volver a Ingresos' })).toBeTruthy();
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });

  it('says a payout is not found when it is not the host’s, and asks nothing for an id that cannot name one', async () => {
    const fetch = stubApi();
    renderStatement('55555555-5555-4555-8555-555555555555');
    expect(await screen.findByRole('heading', { name: 'Payout not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Earnings' }).getAttribute('href')).toBe('/dashboard/earnings');
    cleanup();
    fetch.mockClear();
    renderStatement('not-a-payout');
    expect(screen.getByRole('heading', { name: 'Payout not found' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
