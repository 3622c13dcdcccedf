import { setActiveLocale } from '@staybook/domain/locale';
import { currencyWords, setMarketplaceCurrency } from '@staybook/domain/money';
import { afterEach, describe, expect, it } from 'vitest';
import '../locales/es/catalog';
import { currencyText, DOLLARS_TEXT } from './currency-text';

afterEach(() => {
  setActiveLocale('en');
  setMarketplaceCurrency('USD');
});

describe('currencyText', () => {
  it("says the currency in the page's language: dollars by their name, any other by its code", () => {
    expect(DOLLARS_TEXT).toBe(currencyWords('USD'));
    expect(currencyText()).toBe('dollars');
    setActiveLocale('es');
    expect(currencyText()).toBe('dólares');
    setMarketplaceCurrency('EUR');
    expect(currencyText()).toBe('EUR');
  });
});
