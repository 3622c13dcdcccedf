import type { SessionUser } from '@staybook/domain/accounts';
import type { PublicReview, RoomReviewsPage } from '@staybook/domain/reviews';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { TestProviders } from '../../../testing/providers';
import { sampleUser } from '../../../testing/samples';
import { RoomReviews } from './room-reviews';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROOM_ID = '5f0c9d3e-0000-4000-8000-000000000001';
const HOST_ID = '5f0c9d3e-0000-4000-8000-0000000000aa';
const ROOM = { _id: ROOM_ID, host: { id: HOST_ID, name: 'Hana Host', image: null } };

function review(n: number, overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: `5f0c9d3e-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    rating: 5,
    categories: { cleanliness: 5, accuracy: 5, communication: 5, location: 4, checkIn: 5, value: 4 },
    body: `Review number ${n}.\nA second line.`,
    publishedAt: '2026-11-20T10:00:00.000Z',
    stayMonth: '2026-11',
    author: { firstName: `Guest${n}`, image: null },
    reply: null,
    ...overrides,
  };
}

const RATING = {
  count: 23,
  average: 4.87,
  categories: { cleanliness: 4.9, accuracy: 4.8, communication: 5, location: 4.6, checkIn: 4.95, value: 4.5 },
};

function user(role: SessionUser['role'], id = '5f0c9d3e-0000-4000-8000-0000000000bb'): SessionUser {
  return sampleUser({ id, role });
}

function renderReviews(pages: Record<string, RoomReviewsPage>, viewer: SessionUser) {
  const fetchMock = stubFetch((url) => jsonResponse(pages[new URL(url, 'http://localhost').searchParams.get('cursor') ?? '']));
  render(
    <TestProviders user={viewer}>
      <RoomReviews room={ROOM} />
    </TestProviders>,
  );
  return fetchMock;
}

describe('RoomReviews', () => {
  it("shows the rating, the six categories and the reviews newest first, with the host's reply; 'Show more reviews' loads the older ones", async () => {
    const fetchMock = renderReviews(
      {
        '': { rating: RATING, items: [review(1, { reply: { body: 'Thank you!', repliedAt: '2026-11-21T10:00:00.000Z' } }), review(2)], nextCursor: 'next' },
        next: { rating: RATING, items: [review(3)], nextCursor: null },
      },
      user('guest'),
    );
    // The average as a card writes it ('★ 4.87 (23)'): one format wherever a rating shows.
    expect(await screen.findByRole('heading', { name: 'Rated 4.87 out of 5 from 23 reviews' })).toBeTruthy();
    expect(screen.getByText('4.87 · 23 reviews')).toBeTruthy();
    const cleanliness = screen.getByText('Cleanliness').parentElement!;
    expect(within(cleanliness).getByText('4.90')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Review by Guest1', 'Review by Guest2']);
    expect(within(items[0]!).getByText('November 2026')).toBeTruthy();
    expect(within(items[0]!).getByText('Response from Hana Host')).toBeTruthy();
    expect(within(items[0]!).getByText('Thank you!')).toBeTruthy();
    // The text as written, line breaks kept (not HTML).
    expect(within(items[0]!).getByText(/Review number 1\./).textContent).toBe('Review number 1.\nA second line.');
    // Neither the host's nor an admin's controls for a guest.
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide review' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByRole('listitem', { name: 'Review by Guest3' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/rooms/${ROOM_ID}/reviews`, `/api/rooms/${ROOM_ID}/reviews?cursor=next`]);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it("offers the room's host 'Reply' on the reviews without one, and an admin 'Hide review' on each", async () => {
    const page = { rating: RATING, items: [review(1, { reply: { body: 'Thanks', repliedAt: '2026-11-21T10:00:00.000Z' } }), review(2)], nextCursor: null };
    renderReviews({ '': page }, user('host', HOST_ID));
    const second = await screen.findByRole('listitem', { name: 'Review by Guest2' });
    expect(screen.getAllByRole('button', { name: 'Reply' })).toHaveLength(1);
    fireEvent.click(within(second).getByRole('button', { name: 'Reply' }));
    expect(within(second).getByLabelText('Your reply')).toBeTruthy();
    cleanup();

    renderReviews({ '': page }, user('admin'));
    await screen.findByRole('listitem', { name: 'Review by Guest2' });
    expect(screen.getAllByRole('button', { name: 'Hide review' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it("says 'No reviews yet' for a room without any", async () => {
    renderReviews({ '': { rating: { count: 0, average: null, categories: null }, items: [], nextCursor: null } }, user('guest'));
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Reviews' })).toBeNull();
  });
});
