import { OPENED_FROM_MESSAGES } from '@staybook/domain/app-routes';
import type { Trip } from '@staybook/domain/trips';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveLocale } from '@staybook/domain/locale';
import '../../../locales/es/catalog';
import { sampleBooking } from '../../../testing/samples';
import { TripReceipt } from '../../../features/trips/components/trip-receipt';
import { WithTrip } from '../../../features/trips/components/with-trip';
import { TripPage } from './trip-page';

// The page's thread asks for its messages: an empty one, unless a test answers otherwise.
beforeEach(() => answer(200, { items: [], earlierCursor: null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const booking = sampleBooking();
const ID = booking._id;
const ROOM_ID = booking.roomId;

function tripFor(viewerRole: Trip['viewerRole'], overrides: Partial<Trip> = {}): Trip {
  return {
    booking,
    viewerRole,
    reference: booking.reference,
    room: { id: ROOM_ID, title: booking.title, image: booking.image, location: booking.location },
    stay: { from: booking.from, to: booking.to, nights: 2, guests: 2, checkInTime: '15:00', checkOutTime: null },
    price: { nightlyCents: 12_345, nights: 2, lines: [{ kind: 'nights', amountCents: 24_690, credit: false, nights: 2, unitCents: 12_345, weekend: false }], totalCents: 24_690 },
    payment: { card: booking.card, capturedCents: 24_690, refundedCents: 0, status: 'captured' },
    policy: 'moderate',
    refundIfCancelledToday:
      viewerRole === 'guest' ? { share: 'half', refundCents: 12_345, totalCents: 24_690 } : { share: 'full', refundCents: 24_690, totalCents: 24_690 },
    otherParty: viewerRole === 'guest' ? { name: 'Hana Host', image: null } : { name: 'Gus Guest', image: null },
    arrival: null,
    earnings: viewerRole === 'guest' ? null : { keptCents: 24_690, serviceFeeCents: 0, commissionBp: 300, commissionCents: 741, payoutCents: 23_949 },
    ...overrides,
  };
}

function renderWithQueries(ui: React.ReactNode, path: InitialEntry = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))),
  );
}

function renderTripAt(path: string) {
  return renderWithQueries(
    <Routes>
      <Route path="/dashboard/trips/:bookingId" element={<WithTrip>{(trip) => <TripPage trip={trip} />}</WithTrip>} />
    </Routes>,
    path,
  );
}

describe('the trip page', () => {
  it("shows a guest the reference, the room linked, the policy's refund today, the host and what to do", () => {
    renderWithQueries(<TripPage trip={tripFor('guest')} />);
    expect(screen.getByText('SB-7K3Q-9M2D')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cabin by the lake' }).getAttribute('href')).toBe(`/room/${ROOM_ID}`);
    const photo = screen.getByRole('img', { name: 'Cabin by the lake' });
    expect(photo.getAttribute('srcset')).toContain(`/uploads/${ROOM_ID}-640w.webp 640w`);
    expect(screen.getByText('Moderate')).toBeTruthy();
    expect(screen.getByText('If you cancel today: $123.45 refunded of $246.90')).toBeTruthy();
    const host = screen.getByRole('region', { name: 'Your host' });
    expect(within(host).getByText('Hana Host')).toBeTruthy();
    // The room's check-in time where it has one; none for the check-out.
    const stay = screen.getByRole('region', { name: 'Your stay' });
    expect(within(stay).getByText('Mar 2, 2027, after 15:00')).toBeTruthy();
    expect(within(stay).getByText('Mar 4, 2027')).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('href')).toBe(`/api/booking/${ID}/calendar.ics`);
    expect(calendar.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(`/dashboard/trips/${ID}/receipt`);
    expect(screen.getByRole('link', { name: 'Back to My Bookings' }).getAttribute('href')).toBe('/dashboard/my-bookings');
    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(within(messages).getByLabelText('Message')).toBeTruthy();
    expect(within(messages).getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('shows a host the guest, a full refund and the way back to Manage Bookings', () => {
    renderWithQueries(<TripPage trip={tripFor('host')} />);
    expect(within(screen.getByRole('region', { name: 'Your guest' })).getByText('Gus Guest')).toBeTruthy();
    expect(screen.getByText("If you cancel today: $246.90 refunded of $246.90 (a host's cancellation refunds the guest in full)")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Manage Bookings' }).getAttribute('href')).toBe('/dashboard/manage-bookings');
  });

  it('shows a host what the stay pays them after the marketplace’s commission, and a guest nothing of it', () => {
    renderWithQueries(<TripPage trip={tripFor('host')} />);
    const earnings = screen.getByRole('region', { name: 'Your earnings' });
    const rows = within(earnings)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    // No service fee on this marketplace: no line for it.
    expect(rows).toEqual([
      ['Paid by the guest', '$246.90'],
      ['Commission (3%)', '−$7.41'],
      ['Your payout', '$239.49'],
    ]);
    expect(within(earnings).getByRole('link', { name: 'Payouts' }).getAttribute('href')).toBe('/dashboard/payouts');
    cleanup();
    renderWithQueries(<TripPage trip={tripFor('guest')} />);
    expect(screen.queryByRole('region', { name: 'Your earnings' })).toBeNull();
  });

  it('leads back to Messages when opened from there, also on coming back from the receipt', async () => {
    const trip = tripFor('host');
    renderWithQueries(
      <Routes>
        <Route path="/dashboard/trips/:bookingId" element={<TripPage trip={trip} />} />
        <Route path="/dashboard/trips/:bookingId/receipt" element={<TripReceipt trip={trip} />} />
      </Routes>,
      { pathname: `/dashboard/trips/${ID}`, state: OPENED_FROM_MESSAGES },
    );
    expect(screen.getByRole('link', { name: 'Back to Messages' }).getAttribute('href')).toBe('/dashboard/messages');
    expect(screen.queryByRole('link', { name: 'Back to Manage Bookings' })).toBeNull();

    screen.getByRole('link', { name: 'View receipt' }).click();
    await screen.findByRole('heading', { name: 'Receipt', level: 1 });
    screen.getByRole('link', { name: 'Back to the trip' }).click();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to Messages' }).getAttribute('href')).toBe('/dashboard/messages'));
  });

  it('keeps the usual way back for any other router state (a sign-in redirect leaves one)', () => {
    renderWithQueries(<TripPage trip={tripFor('guest')} />, { pathname: '/', state: { from: { pathname: '/dashboard/messages' } } });
    expect(screen.getByRole('link', { name: 'Back to My Bookings' }).getAttribute('href')).toBe('/dashboard/my-bookings');
  });

  it('offers no Cancel for a cancelled stay, and says what was refunded', () => {
    const cancelled = { ...booking, status: 'cancelled', state: 'cancelled', cancellable: false, refundedCents: 12_345, cancelledAt: '2027-02-10T12:00:00.000Z', cancelledBy: 'guest' } as const;
    renderWithQueries(
      <TripPage
        trip={tripFor('guest', { booking: cancelled, refundIfCancelledToday: null, payment: { card: booking.card, capturedCents: 24_690, refundedCents: 12_345, status: 'partially-refunded' } })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.getByText('This stay was cancelled; $123.45 was refunded.')).toBeTruthy();
    expect(screen.getByText('Partly refunded')).toBeTruthy();
  });

  it('loads, then says a booking it may not read was not found', async () => {
    answer(404, { error: { code: 'NOT_FOUND', message: 'Booking not found.' } });
    renderTripAt(`/dashboard/trips/${ID}`);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Bookings' })).toBeTruthy();
  });

  it('says a malformed link names no booking without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderTripAt('/dashboard/trips/not-a-booking');
    expect(screen.getByRole('heading', { name: 'Booking not found' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers to try again when the server fails', async () => {
    answer(500, { error: { code: 'INTERNAL', message: 'Something broke on our side.' } });
    renderTripAt(`/dashboard/trips/${ID}`);
    expect(await screen.findByText('Something broke on our side.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the receipt', () => {
  it('holds what an accountant files, and prints from a button', () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const cancelled = { ...booking, status: 'cancelled', state: 'cancelled', cancellable: false, refundedCents: 12_345, cancelledAt: '2027-02-10T12:00:00.000Z', cancelledBy: 'guest' } as const;
    renderWithQueries(
      <TripReceipt
        trip={tripFor('guest', { booking: cancelled, refundIfCancelledToday: null, payment: { card: booking.card, capturedCents: 24_690, refundedCents: 12_345, status: 'partially-refunded' } })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Receipt', level: 1 })).toBeTruthy();
    const facts = new Map(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(Object.fromEntries(facts)).toMatchObject({
      'Receipt number': 'SB-7K3Q-9M2D',
      Seller: 'StayBook',
      Guest: 'Gus Guest',
      'Guest e-mail': 'gus@example.com',
      Host: 'Hana Host',
      Room: 'Cabin by the lake',
      Location: 'Hallstatt, Austria',
      Dates: 'Mar 2, 2027 – Mar 4, 2027',
      Nights: '2',
      '2 nights × $123.45': '$246.90',
      Total: '$246.90',
      Card: 'Visa ending in 4242',
      'Amount captured': '$246.90',
      'Amount refunded': '$123.45',
      'Net paid': '$123.45',
      Currency: 'USD',
    });
    expect(facts.get('Status')).toMatch(/^Cancelled on Feb 1[01], 2027$/);
    screen.getByRole('button', { name: 'Print' }).click();
    expect(print).toHaveBeenCalledOnce();
  });

  it('is written in Spanish on a Spanish page, its charges and refund line by line, its dates in Spanish', () => {
    const cancelled = { ...booking, status: 'cancelled', state: 'cancelled', cancellable: false, refundedCents: 12_345, cancelledAt: '2027-02-10T12:00:00.000Z', cancelledBy: 'guest' } as const;
    const lines = [
      { kind: 'nights', amountCents: 24_690, credit: false, nights: 2, unitCents: 12_345, weekend: false },
      { kind: 'cleaning-fee', amountCents: 3_000, credit: false },
    ] as const;
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderWithQueries(
        <TripReceipt
          trip={tripFor('guest', {
            booking: cancelled,
            refundIfCancelledToday: null,
            price: { nightlyCents: 12_345, nights: 2, lines: [...lines], totalCents: 27_690 },
            payment: {
              card: booking.card,
              capturedCents: 27_690,
              refundedCents: 15_345,
              status: 'partially-refunded',
              refundLines: [
                { kind: 'nights', refundCents: 12_345 },
                { kind: 'cleaning-fee', refundCents: 3_000 },
              ],
            },
          })}
        />,
      );
      expect(screen.getByRole('heading', { name: 'Recibo', level: 1 })).toBeTruthy();
      expect(screen.getByText('Referencia de la reserva SB-7K3Q-9M2D')).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Datos', 'Partes', 'Estancia', 'Cargos', 'Reembolso', 'Pago']);
      const facts = Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
      expect(facts).toMatchObject({
        'Número de recibo': 'SB-7K3Q-9M2D',
        Vendedor: 'StayBook',
        Huésped: 'Gus Guest',
        Fechas: '2 mar 2027 – 4 mar 2027',
        Huéspedes: '2 huéspedes',
        'Gastos de limpieza': '$30',
        Tarjeta: 'Visa terminada en 4242',
        'Importe cobrado': '$276.90',
        'Total reembolsado': '$153.45',
        'Neto pagado': '$123.45',
        Moneda: 'USD',
      });
      // The stay's nights, then the nights' part of the refund.
      expect(screen.getAllByText('Noches', { selector: 'dt' }).map((term) => term.nextElementSibling?.textContent)).toEqual(['2', '$123.45']);
      expect(facts['Estado']).toMatch(/^Cancelada el 1[01] feb 2027$/);
      expect(screen.getByText('Todos los importes en dólares estadounidenses (USD). StayBook cobró este pago por la estancia indicada.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Volver al viaje' })).toBeTruthy();
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });
});
