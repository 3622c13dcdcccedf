import { tripPath, tripReceiptPath } from '@staybook/domain/app-routes';
import type { Booking } from '@staybook/domain/bookings';
import type { Trip } from '@staybook/domain/trips';
import { describe, expect, it } from 'vitest';
import { describeCard, netPaidCents, receiptStatus, refundTodayText, tripCalendarUrl } from './trip-text';

const ID = '5f0c9d3e-0000-4000-8000-000000000000';

function tripFacts(overrides: { refund?: Trip['refundIfCancelledToday']; viewerRole?: Trip['viewerRole']; state?: Booking['state']; refundedCents?: number }) {
  return {
    refundIfCancelledToday: overrides.refund ?? null,
    viewerRole: overrides.viewerRole ?? 'guest',
    booking: { state: overrides.state ?? 'upcoming', refundedCents: overrides.refundedCents ?? 0 } as Booking,
  };
}

describe("a trip's addresses", () => {
  it('lead to the trip page, its receipt and its calendar file', () => {
    expect(tripPath(ID)).toBe(`/dashboard/trips/${ID}`);
    expect(tripReceiptPath(ID)).toBe(`/dashboard/trips/${ID}/receipt`);
    expect(tripCalendarUrl(ID)).toBe(`/api/booking/${ID}/calendar.ics`);
  });
});

describe('what a cancellation today would refund', () => {
  it("says the policy's refund of the total to a guest", () => {
    const text = refundTodayText(tripFacts({ refund: { share: 'half', refundCents: 12_345, totalCents: 24_690 } }));
    expect(text).toBe('If you cancel today: $123.45 refunded of $246.90');
  });

  it("tells a host their cancellation refunds the guest in full", () => {
    const text = refundTodayText(tripFacts({ viewerRole: 'host', refund: { share: 'full', refundCents: 30_000, totalCents: 30_000 } }));
    expect(text).toBe("If you cancel today: $300 refunded of $300 (a host's cancellation refunds the guest in full)");
  });

  it('says why a stay that cannot be cancelled offers no refund', () => {
    expect(refundTodayText(tripFacts({ state: 'cancelled', refundedCents: 5_000 }))).toBe('This stay was cancelled; $50 was refunded.');
    expect(refundTodayText(tripFacts({ state: 'past' }))).toBe('This stay is over, so it can no longer be cancelled.');
    expect(refundTodayText(tripFacts({ state: 'in-progress' }))).toBe('This stay has started, so it can no longer be cancelled.');
  });
});

describe('the payment as the trip page and the receipt write it', () => {
  it('names the card by its brand and last four digits', () => {
    expect(describeCard({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(describeCard({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
    expect(describeCard({ brand: 'cartes_bancaires', last4: '1234' })).toBe('Cartes_bancaires ending in 1234');
    expect(describeCard(null)).toBe('No card recorded');
  });

  it('nets the refund off the captured amount', () => {
    expect(netPaidCents({ card: null, capturedCents: 24_690, refundedCents: 12_345, status: 'partially-refunded' })).toBe(12_345);
    expect(netPaidCents({ card: null, capturedCents: 0, refundedCents: 0, status: 'voided' })).toBe(0);
  });

  it("gives the stay's status, with the day it was cancelled", () => {
    expect(receiptStatus({ status: 'confirmed', cancelledAt: null })).toBe('Confirmed');
    expect(receiptStatus({ status: 'cancelled', cancelledAt: '2027-01-05T23:30:00.000Z' }, 'UTC')).toBe('Cancelled on Jan 5, 2027');
    expect(receiptStatus({ status: 'cancelled', cancelledAt: '2027-01-05T23:30:00.000Z' }, 'Asia/Tokyo')).toBe('Cancelled on Jan 6, 2027');
  });
});
