import type { Review, ReviewState } from '@staybook/domain/reviews';
import type { Trip } from '@staybook/domain/trips';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchJson } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleBooking } from '../../../testing/samples';
import { ReviewPage } from './review-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const booking = sampleBooking({ state: 'past', cancellable: false });

const TRIP: Trip = {
  booking,
  viewerRole: 'guest',
  reference: booking.reference,
  room: { id: booking.roomId, title: booking.title, image: booking.image, location: booking.location },
  stay: { from: booking.from, to: booking.to, nights: 2, guests: 2, checkInTime: null, checkOutTime: null },
  price: { nightlyCents: 12_345, nights: 2, lines: [{ kind: 'nights', amountCents: 24_690, credit: false, nights: 2, unitCents: 12_345, weekend: false }], totalCents: 24_690 },
  payment: { card: booking.card, capturedCents: 24_690, refundedCents: 0, status: 'captured' },
  policy: 'moderate',
  refundIfCancelledToday: null,
  otherParty: { name: 'Hana Host', image: null },
  arrival: null,
  earnings: null,
};

const MINE: Review = {
  id: '5f0c9d3e-0000-4000-8000-0000000000c1',
  side: 'guest',
  rating: 5,
  categories: { cleanliness: 5, accuracy: 4, communication: 5, location: 4, checkIn: 5, value: 4 },
  body: 'Spotless, and bread on the table when we arrived.',
  createdAt: '2027-03-05T10:00:00.000Z',
  publishedAt: null,
  reply: null,
};

const THEIRS: Review = {
  id: '5f0c9d3e-0000-4000-8000-0000000000c2',
  side: 'host',
  rating: 4,
  categories: null,
  body: 'A considerate guest who left the place tidy.',
  createdAt: '2027-03-06T10:00:00.000Z',
  publishedAt: '2027-03-06T10:00:00.000Z',
  reply: null,
};

function state(overrides: Partial<ReviewState>): ReviewState {
  return { side: 'guest', opensOn: '2027-03-05', closesOn: '2027-03-18', problem: null, mine: null, theirs: null, ...overrides };
}

function renderPage(answer: ReviewState) {
  stubFetchJson(answer);
  renderWithProviders(<ReviewPage trip={TRIP} />);
}

describe('the review page', () => {
  it('offers the form while the guest may write, and says until when', async () => {
    renderPage(state({}));
    expect(await screen.findByRole('radiogroup', { name: 'Overall rating' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Review your stay at Cabin by the lake' })).toBeTruthy();
    expect(screen.getByText(/^You can write it until Mar 18, 2027\./)).toBeTruthy();
  });

  it('shows the review written, and that it waits for the other side or the window to end', async () => {
    renderPage(state({ problem: 'already-reviewed', mine: MINE }));
    const waiting = await screen.findByText('Your review will be published when Hana Host writes theirs or on Mar 19, 2027.');
    expect(waiting.getAttribute('role')).toBe('status');
    expect(within(screen.getByRole('region', { name: 'Your review' })).getByText(MINE.body)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
    expect(screen.queryByRole('region', { name: "Hana Host's review" })).toBeNull();
  });

  it("shows both once published, or says the other side wrote none", async () => {
    renderPage(state({ problem: 'already-reviewed', mine: { ...MINE, publishedAt: THEIRS.publishedAt }, theirs: THEIRS }));
    expect(within(await screen.findByRole('region', { name: "Hana Host's review" })).getByText(THEIRS.body)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Your review' })).getByText(MINE.body)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    cleanup();

    renderPage(state({ problem: 'window-closed', mine: { ...MINE, publishedAt: '2027-03-19T00:05:00.000Z' } }));
    expect(await screen.findByText('Hana Host did not write a review.')).toBeTruthy();
  });

  it("says why a review cannot be written, in the domain's words", async () => {
    renderPage(state({ problem: 'window-closed' }));
    expect(await screen.findByText('The 14 days to review this stay have passed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });
});
