import { describe, expect, it } from 'vitest';
import { capitalize, countOf } from './text.js';

describe('countOf', () => {
  it('puts the noun in the right number', () => {
    expect(countOf(1, 'bathroom')).toBe('1 bathroom');
    expect(countOf(2, 'bathroom')).toBe('2 bathrooms');
    expect(countOf(0, 'guest')).toBe('0 guests');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
  });
});

describe('capitalize', () => {
  it('upper-cases the first letter only', () => {
    expect(capitalize('host')).toBe('Host');
    expect(capitalize('')).toBe('');
  });
});
