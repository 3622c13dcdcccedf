import type { Booking } from '@staybook/domain/bookings';

/** For tests: an upcoming two-night stay as the bookings API answers it. */
export function sampleBooking(overrides: Partial<Booking> = {}): Booking {
  const roomId = '7a1b2c3d-0000-4000-8000-000000000000';
  return {
    _id: '5f0c9d3e-0000-4000-8000-000000000000',
    reference: 'SB-7K3Q-9M2D',
    roomId,
    title: 'Cabin by the lake',
    location: 'Hallstatt, Austria',
    image: `/uploads/${roomId}.webp`,
    from: '2027-03-02',
    to: '2027-03-04',
    nights: 2,
    nightlyPriceCents: 12_345,
    guests: 2,
    price: 246.9,
    priceCents: 24_690,
    refundedCents: 0,
    keptCents: 24_690,
    transactionId: 'pi_test_1',
    card: { brand: 'visa', last4: '4242' },
    date: '2027-02-01T10:00:00.000Z',
    status: 'confirmed',
    state: 'upcoming',
    cancellable: true,
    cancelledAt: null,
    cancelledBy: null,
    cancellationPolicy: 'moderate',
    guest: { name: 'Gus Guest', email: 'gus@example.com', image: null },
    host: { name: 'Hana Host', email: 'hana@example.com', image: null },
    review: { canWrite: false, written: false, closesOn: '2027-03-18' },
    ...overrides,
  };
}
