import { setActiveLocale } from '@staybook/domain/locale';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../locales/es/catalog';
import { SearchForm } from './search-form';

afterEach(cleanup);

describe('the search form', () => {
  it("names the price fields' currency in the page's language", () => {
    render(<SearchForm search={{}} onSearch={() => {}} variant="sheet" />);
    expect(screen.getByRole('group', { name: 'Price per night, in dollars' })).toBeTruthy();
    cleanup();
    setActiveLocale('es');
    try {
      render(<SearchForm search={{}} onSearch={() => {}} variant="sheet" />);
      expect(screen.getByRole('group', { name: 'Precio por noche, en dólares' })).toBeTruthy();
    } finally {
      setActiveLocale('en');
    }
  });
});
