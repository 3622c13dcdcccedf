import { readSearch, searchToQuery } from '@staybook/domain/search';
import { describe, expect, it } from 'vitest';
import { areaOfView, sameArea, viewOfArea } from './map-area';

describe('the map’s area in the address', () => {
  it('is the view, rounded to about 11 m, within the Earth’s limits', () => {
    expect(areaOfView({ south: 38.712345678, west: -9.1666666, north: 38.8, east: -9.05 })).toEqual({ south: 38.7123, west: -9.1667, north: 38.8, east: -9.05 });
    // Zoomed out past the poles and around the world more than once.
    expect(areaOfView({ south: -95, west: -400, north: 97, east: 400 })).toEqual({ south: -90, west: -180, north: 90, east: 180 });
  });

  it('crosses the antimeridian with west greater than east, and is drawn back the way Leaflet shows it', () => {
    const area = areaOfView({ south: -20, west: 170, north: -10, east: 190 });
    expect(area).toEqual({ south: -20, west: 170, north: -10, east: -170 });
    expect(viewOfArea(area)).toEqual({ south: -20, west: 170, north: -10, east: 190 });
    // Panned west past -180°.
    expect(areaOfView({ south: 0, west: -200, north: 10, east: -160 })).toEqual({ south: 0, west: 160, north: 10, east: -160 });
  });

  it('is read back from the address as the map wrote it, so a reload or a shared link shows the same area', () => {
    const area = areaOfView({ south: 38.6, west: -9.3, north: 38.8, east: -9.0 });
    const query = searchToQuery({ where: 'lisbon', area });
    expect(query).toBe('where=lisbon&area=38.6,-9.3,38.8,-9');
    const read = readSearch(new URLSearchParams(query));
    expect(sameArea(read.area, area)).toBe(true);
    // A hand-edited link with a box that is none still shows the rest of the search.
    expect(readSearch(new URLSearchParams('where=lisbon&area=50,0,40,1'))).toEqual({ where: 'lisbon' });
    expect(readSearch(new URLSearchParams('area=-20,170,-10,-170')).area).toEqual({ south: -20, west: 170, north: -10, east: -170 });
  });
});
