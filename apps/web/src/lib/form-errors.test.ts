import { setActiveLocale } from '@staybook/domain/locale';
import { describe, expect, it } from 'vitest';
import '../locales/es/catalog';
import { errorMessage } from './form-errors';

describe('errorMessage', () => {
  it("says an error's own message, else that something went wrong, in the page's language", () => {
    expect(errorMessage(new Error('Room not found'))).toBe('Room not found');
    expect(errorMessage('a string')).toBe('Something went wrong. Please try again.');
    window.untranslatedMessages = [];
    setActiveLocale('es');
    try {
      expect(errorMessage(null)).toBe('Algo ha ido mal. Vuelve a intentarlo.');
      expect(window.untranslatedMessages).toEqual([]);
    } finally {
      setActiveLocale('en');
    }
  });
});
