import { describe, expect, it } from 'vitest';
import { readSearch, searchToQuery } from './search.js';

const NOW = new Date('2030-01-10T12:00:00Z');
/** The parameters of a query string (the domain has no URLSearchParams: it runs without DOM or Node types). */
function paramsOf(query: string) {
  const pairs = new Map(query.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]));
  return { get: (name: string) => pairs.get(name) ?? null };
}
const read = (query: string) => readSearch(paramsOf(query), NOW);

describe("the home page's reading of its address", () => {
  it('keeps a whole search, and writes it back to the same address', () => {
    const query =
      'category=Beach&where=lisbon&checkin=2030-03-02&checkout=2030-03-09&guests=3&minPrice=80&maxPrice=250&bedrooms=2&sort=price-asc';
    expect(searchToQuery(read(query))).toBe(query);
  });

  it('drops a date without its pair and runs the rest', () => {
    expect(read('checkin=2030-03-02&guests=2')).toEqual({ guests: 2 });
    expect(read('checkout=2030-03-09&where=lisbon')).toEqual({ where: 'lisbon' });
  });

  it('clears what conflicts: a check-out before the check-in, a past date, a reversed price range, guests 0', () => {
    expect(read('checkin=2030-03-09&checkout=2030-03-02&guests=2')).toEqual({ guests: 2 });
    expect(read('checkin=2030-01-01&checkout=2030-01-05')).toEqual({});
    expect(read('minPrice=300&maxPrice=100')).toEqual({ minPrice: 300 });
    expect(read('guests=0&bedrooms=x&sort=cheapest&category=Nope&where=')).toEqual({});
  });
});
