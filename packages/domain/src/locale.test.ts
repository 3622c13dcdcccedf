import { describe, expect, it } from 'vitest';
import { cookieValue, countText, formatMessage, pickLocale, pluralOf, withLocale, activeLocale } from './locale.js';
import { formatIsoDate } from './dates.js';

describe('the page language', () => {
  it('is the chosen one, else the first of the browser languages the product speaks, else English', () => {
    expect(pickLocale('es', 'en-US,en;q=0.9')).toBe('es');
    expect(pickLocale(null, 'fr-FR, es-MX;q=0.8, en;q=0.5')).toBe('es');
    expect(pickLocale(null, 'en;q=0.4, es;q=0.9')).toBe('es');
    expect(pickLocale('de', 'de-DE')).toBe('en');
    expect(pickLocale(undefined, undefined)).toBe('en');
    expect(pickLocale(null, 'es;q=0')).toBe('en');
  });

  it('reads its cookie from a Cookie header', () => {
    expect(cookieValue('a=1; lang=es; b=2', 'lang')).toBe('es');
    expect(cookieValue('language=es', 'lang')).toBeNull();
    expect(cookieValue(undefined, 'lang')).toBeNull();
  });

  it('formats dates in the active language and gives the previous one back', () => {
    expect(formatIsoDate('2027-01-05')).toBe('Jan 5, 2027');
    expect(withLocale('es', () => [activeLocale(), formatIsoDate('2027-01-05')])).toEqual(['es', '5 ene 2027']);
    expect(activeLocale()).toBe('en');
  });
});

describe('an English message', () => {
  it('fills its placeholders and chooses its plural form', () => {
    expect(formatMessage('Sign in')).toBe('Sign in');
    expect(formatMessage('Welcome back, {name}', { name: 'Ana' })).toBe('Welcome back, Ana');
    const nights = '{count, plural, =0 {No nights} one {# night} other {# nights}}';
    expect(formatMessage(nights, { count: 0 })).toBe('No nights');
    expect(formatMessage(nights, { count: 1 })).toBe('1 night');
    expect(formatMessage(`{guests} · ${nights}`, { guests: '2 guests', count: 1200 })).toBe('2 guests · 1,200 nights');
  });
});

describe('counts', () => {
  it('take the plural form and the digits Intl gives them, in both languages', () => {
    const counts = [0, 1, 2, 5, 11, 21, 100, 999, 1_000, 1_001, 9_999, 10_000, 12_345, 999_999, 1_000_000, 2_000_000, 2_000_001, 1_234_567_890, -1, -2, -1_000_000, -12_345];
    for (const locale of ['en', 'es'] as const) {
      const intlLocale = locale === 'en' ? 'en-US' : 'es-ES';
      const rules = new Intl.PluralRules(intlLocale);
      for (const count of counts) {
        expect(pluralOf(count, locale), `${locale} ${count}`).toBe(rules.select(count));
        expect(countText(count, locale), `${locale} ${count}`).toBe(count.toLocaleString(intlLocale));
      }
      for (const count of [1.5, 0.25, Number.MAX_SAFE_INTEGER + 2]) {
        expect(pluralOf(count, locale)).toBe(rules.select(count));
        expect(countText(count, locale)).toBe(count.toLocaleString(intlLocale));
      }
    }
  });
});
