import { beforeAll, describe, expect, it } from 'vitest';
import { roomsPageSchema, type Position, type Room, type RoomsPage } from '@staybook/domain';
import { TEST_DATABASE_KINDS } from '../../test/databases.js';
import { createTestApp } from '../../test/test-app.js';
import { useHostingSuite, validationError } from '../../test/hosting-suite.js';
import { removeEveryRoom } from '../../test/rooms.js';

/**
 * The map's 'Search as I move the map' (docs/decisions/053-the-map.md): `area=south,west,north,east` finds the homes
 * whose public circle's centre is inside the box, with every other filter, paging and the count.
 */
describe.each(TEST_DATABASE_KINDS)('a search of the map’s area (GET /api/rooms?area=) on %s', (kind) => {
  const s = useHostingSuite(kind);

  // Digits enough that no centre drawn within 400 m starts with a pin's own.
  const LISBON: Position = { latitude: 38.72231234, longitude: -9.13931234 };
  const PORTO: Position = { latitude: 41.14961234, longitude: -8.61101234 };
  const FIJI_EAST: Position = { latitude: -16.51231234, longitude: 179.51231234 };
  const FIJI_WEST: Position = { latitude: -16.71231234, longitude: -179.81231234 };
  const NEAR_NORTH_POLE: Position = { latitude: 89.91231234, longitude: 10.11231234 };
  const NEAR_SOUTH_POLE: Position = { latitude: -89.91231234, longitude: 120.11231234 };
  const ADDRESS = '12 Rua Secreta, Lisboa';

  let lisbon: Room;
  let lisbonForSix: Room;
  let porto: Room;
  let fijiEast: Room;
  let fijiWest: Room;
  let north: Room;
  let south: Room;

  const listAt = (pin: Position, overrides: Record<string, unknown> = {}) =>
    s.listRoom(s.host, { latitude: pin.latitude, longitude: pin.longitude, ...overrides });
  const search = async (query: string): Promise<RoomsPage> => {
    const res = await s.t.call('GET', `/api/rooms?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return roomsPageSchema.parse(res.json());
  };
  const ids = (page: RoomsPage) => page.items.map((room) => room._id).sort();
  const sorted = (...rooms: Room[]) => rooms.map((room) => room._id).sort();

  beforeAll(async () => {
    await removeEveryRoom(s.t.database.db);
    await s.t.app.listing.roomsChanged();
    lisbon = await listAt(LISBON, { title: 'Loft in Alfama', location: 'Lisbon, Portugal', price: 120, guests: 2, address: ADDRESS });
    lisbonForSix = await listAt({ latitude: 38.71, longitude: -9.15 }, { title: 'Family flat in Lapa', location: 'Lisbon, Portugal', price: 210, guests: 6 });
    porto = await listAt(PORTO, { title: 'Loft by the river', location: 'Porto, Portugal', price: 95, guests: 2 });
    fijiEast = await listAt(FIJI_EAST, { title: 'Bure on Vanua Levu', location: 'Labasa, Fiji' });
    fijiWest = await listAt(FIJI_WEST, { title: 'Reef house over the date line', location: 'Taveuni, Fiji' });
    north = await listAt(NEAR_NORTH_POLE, { title: 'Ice camp at the top', location: 'North Pole' });
    south = await listAt(NEAR_SOUTH_POLE, { title: 'Station at the bottom', location: 'South Pole' });
  });

  it('finds the homes whose area is inside the box, and none outside it', async () => {
    const around = await search('area=38.6,-9.3,38.8,-9.0');
    expect(ids(around)).toEqual(sorted(lisbon, lisbonForSix));
    expect(around.total).toEqual({ count: 2, more: false });
    // Each result carries the public circle and the nightly price the map draws.
    for (const room of around.items) {
      expect(room.area).toMatchObject({ radiusMeters: 500 });
      expect(room.priceCents).toBeGreaterThan(0);
    }
    expect(ids(await search('area=36.9,-9.6,42.2,-6.1'))).toEqual(sorted(lisbon, lisbonForSix, porto));
    const empty = await search('area=10,10,11,11');
    expect(empty.items).toEqual([]);
    expect(empty.total).toEqual({ count: 0, more: false });
  });

  it('splits a box whose west is east of its east at the antimeridian', async () => {
    // West 170, east -170: the 20 degrees around the date line, Fiji on both sides of it.
    expect(ids(await search('area=-20,170,-10,-170'))).toEqual(sorted(fijiEast, fijiWest));
    // The same box written west ≤ east is the other 340 degrees of those latitudes, where there is no home.
    expect(ids(await search('area=-20,-170,-10,170'))).toEqual([]);
    // Either side alone.
    expect(ids(await search('area=-20,170,-10,180'))).toEqual(sorted(fijiEast));
    expect(ids(await search('area=-20,-180,-10,-170'))).toEqual(sorted(fijiWest));
  });

  it('reaches the poles’ limits: north 90 and south -90', async () => {
    expect(ids(await search('area=80,-180,90,180'))).toEqual(sorted(north));
    expect(ids(await search('area=-90,-180,-80,180'))).toEqual(sorted(south));
    expect(ids(await search('area=-90,-180,90,180'))).toEqual(sorted(lisbon, lisbonForSix, porto, fijiEast, fijiWest, north, south));
  });

  it('combines with every other filter, pages and counts', async () => {
    const portugal = 'area=36.9,-9.6,42.2,-6.1';
    expect(ids(await search(`${portugal}&guests=4`))).toEqual(sorted(lisbonForSix));
    expect(ids(await search(`${portugal}&maxPrice=150`))).toEqual(sorted(lisbon, porto));
    expect(ids(await search(`${portugal}&where=lisbon`))).toEqual(sorted(lisbon, lisbonForSix));
    expect(ids(await search('area=40,-9,42,-8&where=lisbon'))).toEqual([]);
    expect((await search(`${portugal}&sort=price-asc`)).items.map((room) => room.title)).toEqual([porto.title, lisbon.title, lisbonForSix.title]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let first: RoomsPage | undefined;
    do {
      const page: RoomsPage = await search(`${portugal}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      first ??= page;
      seen.push(...page.items.map((room) => room._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(first?.total).toEqual({ count: 3, more: false });
    expect(seen.sort()).toEqual(sorted(lisbon, lisbonForSix, porto));
  });

  it('is one search whatever the spelling of its numbers (one cache key)', async () => {
    const a = await s.t.call('GET', '/api/rooms?area=38.60,-9.30,38.8,-9');
    const b = await s.t.call('GET', '/api/rooms?area=38.6,-9.3,38.80,-9.0');
    expect(a.headers.etag).toBeDefined();
    expect(a.headers.etag).toBe(b.headers.etag);
  });

  it('refuses a box that is no box, with a 400 naming the area', async () => {
    const refused = async (area: string, message: string) => {
      const res = await s.t.call('GET', `/api/rooms?area=${encodeURIComponent(area)}`);
      expect(res.statusCode, area).toBe(400);
      expect(res.json(), area).toEqual(validationError('area', message));
    };
    const shape = 'Area must be south,west,north,east in degrees';
    await refused('', shape);
    await refused('1,2,3', shape);
    await refused('1,2,3,4,5', shape);
    await refused('a,b,c,d', shape);
    await refused('1,,3,4', shape);
    await refused('1,2,3,Infinity', shape);
    await refused('-91,0,10,10', 'Area latitudes must be between -90 and 90');
    await refused('0,0,90.5,10', 'Area latitudes must be between -90 and 90');
    await refused('0,-181,10,10', 'Area longitudes must be between -180 and 180');
    await refused('0,0,10,180.1', 'Area longitudes must be between -180 and 180');
    await refused('20,0,10,10', 'Area south must not be north of its north');
  });

  it('leaves the map to the offline basemap when no tile service is configured', async () => {
    const res = await s.t.call('GET', '/api/config');
    expect(res.json()).not.toHaveProperty('mapTiles');
    // The page's policy (an API answer is data: it loads nothing).
    const page = await s.t.call('GET', '/');
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:;/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('never carries the exact pin or the address: the area’s centre only', async () => {
    const res = await s.t.call('GET', '/api/rooms?area=38.6,-9.3,38.8,-9.0');
    for (const secret of [String(LISBON.latitude), String(LISBON.longitude), ADDRESS, '"position"', '"address"']) {
      expect(res.body, secret).not.toContain(secret);
    }
    const page = roomsPageSchema.parse(res.json());
    const listed = page.items.find((room) => room._id === lisbon._id);
    expect(listed?.area).toEqual(lisbon.area);
  });
});

describe('the map’s tiles (GET /api/config)', () => {
  it('tell the app which tile service to draw, and let the page load its images', async () => {
    const tiled = await createTestApp('pglite', { MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© OpenStreetMap contributors' });
    try {
      const res = await tiled.call('GET', '/api/config');
      expect(res.json()).toMatchObject({ mapTiles: { url: 'https://{s}.tile.example.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' } });
      const page = await tiled.call('GET', '/');
      expect(page.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tile\.example\.org;/);
    } finally {
      await tiled.close();
    }
  });
});
