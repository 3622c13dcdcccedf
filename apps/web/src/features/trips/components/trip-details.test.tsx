import type { Trip } from '@staybook/domain/trips';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/providers';
import { sampleBooking } from '../../../testing/samples';
import { TripDetails } from './trip-details';
import { TripReceipt } from './trip-receipt';

afterEach(cleanup);

/** 2 × $100, $45 cleaning, 12.5% tax of $245 = $30.63: $275.63; cancelled under Moderate, $163.13 refunded. */
function cancelledTrip(refundLines: Trip['payment']['refundLines']): Trip {
  const lines: Trip['price']['lines'] = [
    { kind: 'nights', amountCents: 20_000, credit: false, nights: 2, unitCents: 10_000, weekend: false },
    { kind: 'cleaning-fee', amountCents: 4_500, credit: false },
    { kind: 'tax', amountCents: 3_063, credit: false, rateBp: 1_250 },
  ];
  const booking = sampleBooking({
    lines,
    priceCents: 27_563,
    price: 275.63,
    refundedCents: 16_313,
    keptCents: 11_250,
    status: 'cancelled',
    state: 'cancelled',
    cancellable: false,
    cancelledAt: '2027-02-27T10:00:00.000Z',
    cancelledBy: 'guest',
  });
  return {
    booking,
    viewerRole: 'guest',
    reference: booking.reference,
    room: { id: booking.roomId, title: booking.title, image: booking.image, location: booking.location },
    stay: { from: booking.from, to: booking.to, nights: 2, guests: 2, checkInTime: null, checkOutTime: null },
    price: { nightlyCents: 10_000, nights: 2, lines, totalCents: 27_563 },
    payment: { card: booking.card, capturedCents: 27_563, refundedCents: 16_313, status: 'partially-refunded', refundLines },
    policy: 'moderate',
    refundIfCancelledToday: null,
    otherParty: { name: 'Hana Host', image: null },
    arrival: null,
    earnings: null,
  };
}

const REFUND_LINES: Trip['payment']['refundLines'] = [
  { kind: 'nights', refundCents: 10_000 },
  { kind: 'cleaning-fee', refundCents: 4_500 },
  { kind: 'tax', refundCents: 1_813 },
];

/** Each term of `scope` with the definition beside it. */
function rowsOf(scope: HTMLElement): [string | null, string | null | undefined][] {
  return within(scope)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe("a cancelled stay's refund", () => {
  it('shows on the trip page line by line, under the charged lines', () => {
    renderWithProviders(<TripDetails trip={cancelledTrip(REFUND_LINES)} reviews={null} messages={null} />);
    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByText('Refunded')).toBeTruthy();
    expect(rowsOf(price)).toEqual([
      ['Nights', '$100'],
      ['Cleaning fee', '$45'],
      ['Occupancy tax', '$18.13'],
      ['Total refunded', '$163.13'],
    ]);
  });

  it('shows on the receipt line by line, beside what was charged', () => {
    renderWithProviders(<TripReceipt trip={cancelledTrip(REFUND_LINES)} />);
    const refund = screen.getByRole('heading', { name: 'Refund' }).closest('section')!;
    expect(rowsOf(refund)).toEqual([
      ['Nights', '$100'],
      ['Cleaning fee', '$45'],
      ['Occupancy tax', '$18.13'],
      ['Total refunded', '$163.13'],
    ]);
  });

  it('is told in all only when the server could not tell it by line, or had no such answer', () => {
    for (const refundLines of [[], undefined]) {
      renderWithProviders(<TripDetails trip={cancelledTrip(refundLines)} reviews={null} messages={null} />);
      expect(within(screen.getByRole('region', { name: 'Price' })).queryAllByRole('term')).toEqual([]);
      expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('$163.13')).toBeTruthy();
      cleanup();
      renderWithProviders(<TripReceipt trip={cancelledTrip(refundLines)} />);
      expect(screen.queryByRole('heading', { name: 'Refund' })).toBeNull();
      cleanup();
    }
  });
});
