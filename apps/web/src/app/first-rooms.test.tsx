import { ROOM_CARD_IMAGE_SIZES } from '@staybook/domain/images';
import { FIRST_ROOMS_ELEMENT_ID } from '@staybook/domain/first-paint-answers';
import { ROOMS_PAGE_SIZE } from '@staybook/domain/search';
import type { RoomSearch } from '@staybook/domain/search';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TestProviders } from '../testing/providers';
import { afterEach, describe, expect, it } from 'vitest';
import { roomKeys } from '../lib/room-keys';
import { RoomCard } from '../features/rooms/components/room-card';
import { sampleListedRoom } from '../testing/samples';
import { seedFirstRooms } from './first-rooms';

const ROOM = sampleListedRoom();
const PAGE = { items: [ROOM], nextCursor: null };

function embed(json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_ROOMS_ELEMENT_ID;
  element.textContent = json;
  document.body.append(element);
}

const listKey = (search: RoomSearch) => roomKeys.list(search, ROOMS_PAGE_SIZE);

afterEach(() => {
  document.getElementById(FIRST_ROOMS_ELEMENT_ID)?.remove();
  cleanup();
});

describe('the first rooms embedded in the home page', () => {
  it('start the rooms query of the page and the search they were made for, once', () => {
    const queryClient = new QueryClient();
    embed(JSON.stringify({ search: 'category=Lake&guests=2', page: PAGE }));
    expect(seedFirstRooms(queryClient, { pathname: '/', search: '?guests=2&category=Lake' })).toBe(true);
    expect(queryClient.getQueryData(listKey({ category: 'Lake', guests: 2 }))).toEqual({ pages: [PAGE], pageParams: [null] });
    expect(document.getElementById(FIRST_ROOMS_ELEMENT_ID)).toBeNull();
  });

  it("match the address as the home page reads it: what it cannot use is dropped, the default sort left out", () => {
    const queryClient = new QueryClient();
    embed(JSON.stringify({ search: 'where=lisbon', page: PAGE }));
    seedFirstRooms(queryClient, { pathname: '/', search: '?sort=recommended&guests=0&where=lisbon&utm=x' });
    expect(queryClient.getQueryData(listKey({ where: 'lisbon' }))).toEqual({ pages: [PAGE], pageParams: [null] });
  });

  it('are left alone (and the page drawn afresh) for another search, another page, or when they fail the check', () => {
    for (const [json, where] of [
      [JSON.stringify({ search: 'category=Lake', page: PAGE }), { pathname: '/', search: '' }],
      [JSON.stringify({ search: 'category=Lake', page: PAGE }), { pathname: '/', search: '?category=Lake&guests=3' }],
      [JSON.stringify({ search: '', page: PAGE }), { pathname: '/login', search: '' }],
      [JSON.stringify({ category: null, page: PAGE }), { pathname: '/', search: '' }],
      [JSON.stringify({ search: '', page: { items: [{ ...ROOM, priceCents: 'free' }], nextCursor: null } }), { pathname: '/', search: '' }],
      ['{ not json', { pathname: '/', search: '' }],
    ] as const) {
      const queryClient = new QueryClient();
      embed(json);
      expect(seedFirstRooms(queryClient, where), json).toBe(false);
      expect(queryClient.getQueryCache().getAll(), json).toEqual([]);
      expect(document.getElementById(FIRST_ROOMS_ELEMENT_ID)).toBeNull();
    }
  });

  it("preload the picture the room card shows: the card's sizes are the ones the server preloads with", () => {
    const router = createMemoryRouter([{ path: '/', element: <RoomCard room={ROOM} eager highPriority /> }]);
    const { container } = render(
      <TestProviders user={null}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('sizes')).toBe(ROOM_CARD_IMAGE_SIZES);
    expect(img?.getAttribute('src')).toBe('/uploads/5f0c9d3e-0000-4000-8000-000000000002-640w.webp');
  });
});
