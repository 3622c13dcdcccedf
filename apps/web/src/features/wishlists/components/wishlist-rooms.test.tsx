import { setActiveLocale } from '@staybook/domain/locale';
import type { StayProblemFacts } from '@staybook/domain/stay-rules';
import type { WishlistRoom } from '@staybook/domain/wishlists';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import { sampleListedRoom } from '../../../testing/samples';
import '../../../locales/es/catalog';
import { WishlistRooms } from './wishlist-rooms';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NO_FIGURES: StayProblemFacts = { problem: 'notice', count: null, from: null, to: null, weekdays: null, time: null, totalCents: null };

/** Two homes of a list with dates: one free with its total, one the stay does not fit, as the API answers them. */
const ITEMS: WishlistRoom[] = [
  { room: sampleListedRoom({ _id: '5f0c9d3e-0000-4000-8000-00000000000a', title: 'Loft' }), savedAt: '2027-03-01T12:00:00.000Z', stay: { available: true, nights: 3, totalCents: 45_000 } },
  {
    room: sampleListedRoom({ _id: '5f0c9d3e-0000-4000-8000-00000000000b', title: 'Cabin' }),
    savedAt: '2027-03-01T12:00:00.000Z',
    stay: {
      available: false,
      reason: 'This home takes stays of at least 4 nights starting on Mar 5, 2027.',
      reasonFacts: { ...NO_FIGURES, problem: 'min-nights', count: 4, from: '2027-03-05' },
    },
  },
];

describe('a wishlist’s homes with the list’s stay', () => {
  it('says why the stay does not fit a home, in English as the API wrote it', () => {
    stubFetch(() => jsonResponse({}));
    renderWithProviders(<WishlistRooms items={ITEMS} stayGuests={2} />);
    expect(screen.getByText('Not available: This home takes stays of at least 4 nights starting on Mar 5, 2027.')).toBeTruthy();
  });

  it('says it in Spanish on a Spanish page, written from the figures the API answers beside its English', () => {
    stubFetch(() => jsonResponse({}));
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      renderWithProviders(<WishlistRooms items={ITEMS} stayGuests={2} />);
      expect(screen.getByText('No disponible: Este alojamiento admite estancias de al menos 4 noches a partir del 5 mar 2027.')).toBeTruthy();
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });
});
