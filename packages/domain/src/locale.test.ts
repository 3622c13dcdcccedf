import { describe, expect, it } from 'vitest';
import { cookieValue, formatMessage, pickLocale, withLocale, activeLocale } from './locale.js';
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
