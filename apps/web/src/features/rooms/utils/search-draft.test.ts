import { describe, expect, it } from 'vitest';
import { draftOf, lastCheckOut, pickDay, searchOfDraft } from './search-draft';

const NOW = new Date('2030-01-10T12:00:00Z');

describe('the search form', () => {
  it('turns what was filled in into the search, leaving out what is empty and the default sort', () => {
    const draft = { ...draftOf({}), where: '  Lisbon ', guests: 2, minPrice: '80', maxPrice: '', sort: 'recommended' as const };
    expect(searchOfDraft(draft, 'Beach', NOW)).toEqual({ search: { category: 'Beach', where: 'Lisbon', guests: 2, minPrice: 80 } });
  });

  it('shows a search from the address as it was', () => {
    const search = { where: 'lisbon', checkin: '2030-03-02', checkout: '2030-03-09', guests: 3, minPrice: 80, maxPrice: 250, bedrooms: 2, amenities: ['wifi' as const, 'pool' as const], sort: 'price-desc' as const };
    expect(searchOfDraft(draftOf(search), undefined, NOW)).toEqual({ search });
  });

  it("refuses what the API would, by field, in the domain's words", () => {
    expect(searchOfDraft({ ...draftOf({}), minPrice: '300', maxPrice: '100' }, undefined, NOW)).toEqual({
      errors: { maxPrice: 'Maximum price must not be below the minimum price' },
    });
    expect(searchOfDraft({ ...draftOf({}), minPrice: '12.5' }, undefined, NOW)).toEqual({
      errors: { minPrice: expect.stringMatching(/^Minimum price must be a whole number/) },
    });
    expect(searchOfDraft({ ...draftOf({}), checkin: '2030-03-02' }, undefined, NOW)).toEqual({
      errors: { checkout: 'Check-out is required with a check-in date' },
    });
  });

  it('turns a flexible choice into the search, and asks for the half of it that is missing', () => {
    const flexible = { ...draftOf({}), flexible: true, stay: 'weekend' as const, months: ['2030-03'], checkin: '2030-02-01', checkout: '2030-02-03' };
    // The exact dates chosen before switching to 'Flexible' stay out of the search.
    expect(searchOfDraft(flexible, undefined, NOW)).toEqual({ search: { stay: 'weekend', months: ['2030-03'] } });
    expect(searchOfDraft({ ...flexible, months: [] }, undefined, NOW)).toEqual({ errors: { months: 'Choose at least one month' } });
    expect(searchOfDraft({ ...flexible, stay: undefined }, undefined, NOW)).toEqual({ errors: { stay: 'Choose a weekend, a week or a month' } });
    // Nothing chosen yet is no date filter.
    expect(searchOfDraft({ ...flexible, stay: undefined, months: [] }, undefined, NOW)).toEqual({ search: {} });
    // A flexible search from the address comes back as it was.
    const search = { stay: 'month' as const, months: ['2030-04', '2030-05'] };
    expect(draftOf(search)).toMatchObject({ flexible: true, stay: 'month', months: ['2030-04', '2030-05'] });
    expect(searchOfDraft(draftOf(search), undefined, NOW)).toEqual({ search });
  });

  it('picks a check-in, then a later check-out; a day on or before the check-in, or a third pick, starts again', () => {
    expect(pickDay({}, '2030-03-02')).toEqual({ checkin: '2030-03-02' });
    expect(pickDay({ checkin: '2030-03-02' }, '2030-03-09')).toEqual({ checkin: '2030-03-02', checkout: '2030-03-09' });
    expect(pickDay({ checkin: '2030-03-02' }, '2030-03-02')).toEqual({ checkin: '2030-03-02' });
    expect(pickDay({ checkin: '2030-03-02' }, '2030-03-01')).toEqual({ checkin: '2030-03-01' });
    expect(pickDay({ checkin: '2030-03-02', checkout: '2030-03-09' }, '2030-03-05')).toEqual({ checkin: '2030-03-05' });
  });

  it('takes a check-out up to the longest stay, and starts again from a day beyond it', () => {
    expect(lastCheckOut('2030-03-02')).toBe('2031-03-02');
    expect(pickDay({ checkin: '2030-03-02' }, '2031-03-02')).toEqual({ checkin: '2030-03-02', checkout: '2031-03-02' });
    expect(pickDay({ checkin: '2030-03-02' }, '2031-03-03')).toEqual({ checkin: '2031-03-03' });
  });
});
