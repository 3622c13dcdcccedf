import { setActiveLocale } from '@staybook/domain/locale';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/providers';
import '../../../locales/es/catalog';
import { WishlistsPage } from './wishlists-page';

afterEach(() => {
  setActiveLocale('en');
  cleanup();
  vi.unstubAllGlobals();
});

/** The API as a person with the most lists one can keep finds it: their lists read, a new one refused (409). */
function atTheCap() {
  return stubFetch((_url, init) =>
    init.method === 'POST'
      ? jsonResponse(
          { error: { code: 'CONFLICT', message: 'You have 100 lists, the most one can have. Remove one you no longer use first.', facts: { refusal: 'too-many-wishlists', max: '100' } } },
          409,
        )
      : jsonResponse({ items: [], nextCursor: null }),
  );
}

describe('making a wishlist', () => {
  it('says why a list past the most one can keep is refused, under the field, and keeps the name typed', async () => {
    atTheCap();
    renderWithProviders(<WishlistsPage />);
    const field = await screen.findByLabelText('New wishlist');
    fireEvent.change(field, { target: { value: 'Lisbon in May' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('You have 100 lists, the most one can have. Remove one you no longer use first.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('Lisbon in May');
  });

  it('says it in Spanish on a Spanish page, written from the refusal’s facts', async () => {
    setActiveLocale('es');
    atTheCap();
    renderWithProviders(<WishlistsPage />);
    fireEvent.change(await screen.findByLabelText('Nueva lista de deseos'), { target: { value: 'Lisboa en mayo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Tienes 100 listas, el máximo que se puede tener. Elimina primero una que ya no uses.')).toBeTruthy();
  });
});
