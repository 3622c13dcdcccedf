import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import { roomsQuerySchema } from './search-query.js';
import { isNarrowed, lastSearchCheckIn, readSearch, searchOf, searchProblems, searchToQuery } from './search.js';
import { earliestCheckIn } from './stays.js';

// The domain compiles without DOM or Node types (tsconfig "types": []); these tests run on Node, which has it.
declare const URLSearchParams: new (init: string) => { get(name: string): string | null };

const now = new Date('2027-03-01T12:00:00Z');
const read = (query: string) => readSearch(new URLSearchParams(query), now);

describe('reading a search from the address', () => {
  it('keeps every well-formed parameter, as the API reads it', () => {
    expect(
      read('category=Beach&where=lisbon&checkin=2027-03-02&checkout=2027-03-09&guests=3&minPrice=80&maxPrice=250&bedrooms=2&sort=price-asc'),
    ).toEqual({
      category: 'Beach',
      where: 'lisbon',
      checkin: '2027-03-02',
      checkout: '2027-03-09',
      guests: 3,
      minPrice: 80,
      maxPrice: 250,
      bedrooms: 2,
      sort: 'price-asc',
    });
  });

  it('drops malformed and unknown parameters and runs the rest', () => {
    expect(read('where=%20%20&guests=0&bedrooms=two&sort=cheapest&minPrice=-5&utm_source=x&category=Beach')).toEqual({ category: 'Beach' });
    expect(read('guests=2.5&where=sintra')).toEqual({ where: 'sintra' });
  });

  it('clears the field that conflicts with the rest', () => {
    // A check-out before the check-in: the check-out goes, and a lone check-in is no stay, so it goes too.
    expect(read('checkin=2027-03-09&checkout=2027-03-02&guests=2')).toEqual({ guests: 2 });
    // A check-in in the past (everywhere on Earth).
    expect(read('checkin=2027-02-20&checkout=2027-03-04&where=x')).toEqual({ where: 'x' });
    // A reversed price range keeps the minimum.
    expect(read('minPrice=300&maxPrice=100')).toEqual({ minPrice: 300 });
    // An impossible date.
    expect(read('checkin=2027-02-30&checkout=2027-03-04')).toEqual({});
  });

  it("accepts a check-in that is still today somewhere, though no longer in UTC", () => {
    // 2027-03-01 at 05:00 UTC is still 2027-02-28 in the last zone on Earth (UTC−12).
    const early = new Date('2027-03-01T05:00:00Z');
    expect(earliestCheckIn(early)).toBe('2027-02-28');
    expect(readSearch(new URLSearchParams('checkin=2027-02-28&checkout=2027-03-01'), early)).toEqual({
      checkin: '2027-02-28',
      checkout: '2027-03-01',
    });
  });

  it('treats the default sort as no sort, so one search has one address', () => {
    expect(read('sort=recommended&guests=2')).toEqual({ guests: 2 });
  });
});

describe('writing a search', () => {
  it('writes the parameters in one order, whatever order they came in', () => {
    const a = read('guests=3&where=S%C3%A3o%20Paulo&category=Beach');
    const b = read('category=Beach&where=S%C3%A3o+Paulo&guests=3');
    expect(searchToQuery(a)).toBe('category=Beach&where=S%C3%A3o+Paulo&guests=3');
    expect(searchToQuery(b)).toBe(searchToQuery(a));
  });

  it('reads back what it writes', () => {
    const search = read('where=a%26b%3Dc&checkin=2027-03-02&checkout=2027-03-09&sort=price-desc');
    expect(search.where).toBe('a&b=c');
    expect(read(searchToQuery(search))).toEqual(search);
  });

  it('knows when a search narrows more than the category', () => {
    expect(isNarrowed(read('category=Beach&sort=price-asc'))).toBe(false);
    expect(isNarrowed(read('category=Beach&guests=2'))).toBe(true);
  });
});

describe('the API query', () => {
  it('names each wrong parameter', () => {
    const result = roomsQuerySchema.safeParse({ guests: '0', checkin: '2027-03-05', checkout: '2027-03-01', maxPrice: 'x' });
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(['guests', 'maxPrice']));
  });

  it('checks the dates against each other once each is a date', () => {
    const today = earliestCheckIn();
    const result = roomsQuerySchema.safeParse({ checkin: addDays(today, 5), checkout: addDays(today, 1) });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['checkout']);
  });

  it('takes numbers from the query string and gives the page size a default', () => {
    const query = roomsQuerySchema.parse({ guests: '2', minPrice: '0' });
    expect(query).toMatchObject({ guests: 2, minPrice: 0, limit: 24 });
    expect(searchOf(query)).toEqual({ guests: 2, minPrice: 0 });
  });

  it('takes a check-in up to five years after the latest today anywhere, and names one after it', () => {
    // 2027-03-01 at noon UTC is already 2027-03-02 in the first zone on Earth (UTC+14).
    expect(lastSearchCheckIn(now)).toBe('2032-03-02');
    expect(searchProblems({ checkin: '2032-03-02', checkout: '2032-03-09' }, now)).toEqual([]);
    const tooFar = [{ field: 'checkin', message: 'Check-in can be at most 5 years ahead' }];
    expect(searchProblems({ checkin: '2032-03-03', checkout: '2032-03-09' }, now)).toEqual(tooFar);
    expect(searchProblems({ checkin: '9999-12-30', checkout: '9999-12-31' }, now)).toEqual(tooFar);
    // The home page drops such dates and runs the rest.
    expect(read('checkin=9999-12-30&checkout=9999-12-31&guests=2')).toEqual({ guests: 2 });
  });

  it('finds no problem in a search without dates or prices', () => {
    expect(searchProblems({}, now)).toEqual([]);
  });
});

describe('the map’s area', () => {
  it('reads south,west,north,east in degrees, across the antimeridian too, and writes it back the same', () => {
    expect(read('area=38.6,-9.3,38.8,-9').area).toEqual({ south: 38.6, west: -9.3, north: 38.8, east: -9 });
    expect(read('area=-20,170,-10,-170').area).toEqual({ south: -20, west: 170, north: -10, east: -170 });
    expect(read('area=-90,-180,90,180').area).toEqual({ south: -90, west: -180, north: 90, east: 180 });
    expect(searchToQuery(read('where=lisbon&area=38.60,-9.30,38.8,-9.0'))).toBe('where=lisbon&area=38.6,-9.3,38.8,-9');
    expect(read(searchToQuery({ area: { south: -0, west: 170, north: 1.5, east: -170 } })).area).toEqual({ south: 0, west: 170, north: 1.5, east: -170 });
  });

  it('drops an area that is no box and runs the rest of the search', () => {
    for (const bad of ['1,2,3', '1,2,3,4,5', 'a,b,c,d', '1,,3,4', '-91,0,10,10', '0,-181,10,10', '20,0,10,10', '0,0,10,Infinity']) {
      expect(read(`where=lisbon&area=${bad}`), bad).toEqual({ where: 'lisbon' });
    }
  });

  it('narrows a search, and the API names it when it is wrong', () => {
    expect(isNarrowed(read('area=1,2,3,4'))).toBe(true);
    const parsed = roomsQuerySchema.safeParse({ area: '10,0,5,1' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['area'], message: 'Area south must not be north of its north' });
  });
});
