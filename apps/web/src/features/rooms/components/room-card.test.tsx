import type { ListedRoom } from '@staybook/domain/rooms';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../../testing/providers';
import { sampleListedRoom } from '../../../testing/samples';
import { RoomCard } from './room-card';

const ROOM = sampleListedRoom({ to: '2030-06-01', price: 180, priceCents: 18_000, guests: 4, bedrooms: 2, rating: { count: 2, average: 5 } });

function renderCard(room: ListedRoom, search = {}) {
  render(
    <MemoryRouter>
      <TestProviders user={null}>
        <RoomCard room={room} search={search} eager highPriority={false} />
      </TestProviders>
    </MemoryRouter>,
  );
  return screen.getByTestId('room-card');
}

afterEach(cleanup);

describe('a room card', () => {
  it("keeps the spec's text without dates, and links to the room alone", () => {
    const card = renderCard(ROOM, { where: 'hallstatt', guests: 2 });
    expect(card.textContent).toBe('Hallstatt, AustriaNewNew listing5 nights .$180night');
    expect(card.getAttribute('href')).toBe(`/room/${ROOM._id}`);
  });

  it("shows a dated search's nights and total from the server beside the nightly price, and carries the stay to the room", () => {
    const card = renderCard(
      { ...ROOM, nights: 7, totalCents: 126_000 },
      { checkin: '2030-03-02', checkout: '2030-03-09', guests: 3 },
    );
    expect(card.textContent).toBe('Hallstatt, AustriaNewNew listing7 nights · $1,260 total$180night');
    expect(card.getAttribute('href')).toBe(`/room/${ROOM._id}?checkin=2030-03-02&checkout=2030-03-09&guests=3`);
  });

  it('says one night in the singular, and leaves the guests out of the link when none were chosen', () => {
    const card = renderCard({ ...ROOM, nights: 1, totalCents: 18_000 }, { checkin: '2030-03-02', checkout: '2030-03-03' });
    expect(card.textContent).toContain('1 night · $180 total');
    expect(card.getAttribute('href')).toBe(`/room/${ROOM._id}?checkin=2030-03-02&checkout=2030-03-03`);
  });

  it("shows a flexible search's first fitting stay, its dates and total, and opens the room with those dates", () => {
    const card = renderCard(
      { ...ROOM, checkin: '2030-03-08', checkout: '2030-03-10', nights: 2, totalCents: 41_200 },
      { stay: 'weekend', months: ['2030-03'], guests: 2 },
    );
    expect(card.textContent).toContain('Mar 8 – 10 · $412 total');
    expect(card.getAttribute('href')).toBe(`/room/${ROOM._id}?checkin=2030-03-08&checkout=2030-03-10&guests=2`);
  });

  it("shows the rating from three reviews on, as '★ 4.87 (23)' read as a sentence, and 'New' before", () => {
    const rated = renderCard({ ...ROOM, rating: { count: 23, average: 4.87 } });
    expect(rated.textContent).toContain('★ 4.87 (23)');
    expect(screen.getByText('Rated 4.87 out of 5 from 23 reviews')).toBeTruthy();
    expect(screen.getByText('★ 4.87 (23)').getAttribute('aria-hidden')).toBe('true');
    cleanup();
    const fresh = renderCard({ ...ROOM, rating: { count: 0, average: null } });
    expect(fresh.textContent).toContain('New');
    expect(screen.getByText('New listing')).toBeTruthy();
  });
});
