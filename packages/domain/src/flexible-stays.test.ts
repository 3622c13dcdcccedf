import { describe, expect, it } from 'vitest';
import { flexibleCandidates, flexibleMonthRange, flexibleSummary, shortStayText } from './flexible-stays.js';
import { roomsQuerySchema } from './search-query.js';
import { readSearch, searchProblems, searchToQuery } from './search.js';

declare const URLSearchParams: new (init: string) => { get(name: string): string | null };

const now = new Date('2027-03-10T12:00:00Z');
const read = (query: string) => readSearch(new URLSearchParams(query), now);

describe('the stays a flexible search tries', () => {
  it('a weekend is each Friday to Sunday of the months, in order', () => {
    expect(flexibleCandidates('weekend', ['2027-05', '2027-04'], now)).toEqual([
      { from: '2027-04-02', to: '2027-04-04' },
      { from: '2027-04-09', to: '2027-04-11' },
      { from: '2027-04-16', to: '2027-04-18' },
      { from: '2027-04-23', to: '2027-04-25' },
      { from: '2027-04-30', to: '2027-05-02' },
      { from: '2027-05-07', to: '2027-05-09' },
      { from: '2027-05-14', to: '2027-05-16' },
      { from: '2027-05-21', to: '2027-05-23' },
      { from: '2027-05-28', to: '2027-05-30' },
    ]);
  });

  it('a week is seven nights and a month twenty-eight, from each day of the months', () => {
    const weeks = flexibleCandidates('week', ['2027-04'], now);
    expect(weeks).toHaveLength(30);
    expect(weeks[0]).toEqual({ from: '2027-04-01', to: '2027-04-08' });
    expect(flexibleCandidates('month', ['2027-02'], new Date('2027-01-01T00:00:00Z')).at(-1)).toEqual({ from: '2027-02-28', to: '2027-03-28' });
  });

  it('leaves out check-ins that are over everywhere on Earth, and keeps one still today somewhere', () => {
    const stays = flexibleCandidates('week', ['2027-03'], now);
    // At noon UTC on the 10th, the 9th is still today nowhere; the 10th is today at UTC−12.
    expect(stays[0]?.from).toBe('2027-03-10');
  });
});

describe('the months a flexible search may name', () => {
  it('from this month (anywhere) to twelve months on', () => {
    expect(flexibleMonthRange(now)).toEqual({ first: '2027-03', last: '2028-02' });
  });
});

describe('flexible dates in the address', () => {
  it('reads a kind and its months, each month once and in order, and writes them back the same way', () => {
    const search = read('stay=weekend&months=2027-05,2027-04,2027-05');
    expect(search).toEqual({ stay: 'weekend', months: ['2027-04', '2027-05'] });
    expect(searchToQuery(search)).toBe('stay=weekend&months=2027-04,2027-05');
  });

  it('drops what it cannot use instead of failing', () => {
    // A past month is dropped, the others kept.
    expect(read('stay=week&months=2027-01,2027-04')).toEqual({ stay: 'week', months: ['2027-04'] });
    // Only past or malformed months: no flexible stay at all.
    expect(read('stay=week&months=2026-12,nope')).toEqual({});
    expect(read('stay=fortnight&months=2027-04')).toEqual({});
    expect(read('months=2027-04')).toEqual({});
    expect(read('stay=month')).toEqual({});
    // Too many months: the first ones.
    expect(read('stay=week&months=2027-04,2027-05,2027-06,2027-07')).toEqual({ stay: 'week', months: ['2027-04', '2027-05', '2027-06'] });
    // With exact dates, the dates win.
    expect(read('checkin=2027-04-02&checkout=2027-04-04&stay=weekend&months=2027-04')).toEqual({ checkin: '2027-04-02', checkout: '2027-04-04' });
  });

  it('the API refuses, naming the field', () => {
    const problems = (search: Parameters<typeof searchProblems>[0]) => searchProblems(search, now).map((p) => p.field);
    expect(problems({ stay: 'weekend' })).toEqual(['months']);
    expect(problems({ months: ['2027-04'] })).toEqual(['stay']);
    expect(problems({ stay: 'weekend', months: ['2027-02'] })).toEqual(['months']);
    expect(problems({ stay: 'weekend', months: ['2028-03'] })).toEqual(['months']);
    expect(problems({ stay: 'weekend', months: ['2027-04'], checkin: '2027-04-02', checkout: '2027-04-04' })).toEqual(['stay']);
    expect(roomsQuerySchema.safeParse({ stay: 'weekend', months: '2027-4' }).success).toBe(false);
    expect(roomsQuerySchema.safeParse({ stay: 'weekend', months: '2027-04,2027-05,2027-06,2027-07' }).success).toBe(false);
  });
});

describe('the search bar’s words', () => {
  it('names the kind and the months', () => {
    expect(flexibleSummary('weekend', ['2027-03'])).toBe('A weekend in March');
    expect(flexibleSummary('week', ['2027-04', '2027-03'])).toBe('A week in March or April');
    expect(flexibleSummary('month', ['2027-03', '2027-04', '2027-05'])).toBe('A month in March, April or May');
  });

  it('writes a card’s stay short', () => {
    expect(shortStayText({ from: '2027-03-05', to: '2027-03-07' })).toBe('Mar 5 – 7');
    expect(shortStayText({ from: '2027-04-30', to: '2027-05-02' })).toBe('Apr 30 – May 2');
  });
});
