import { describe, expect, it } from 'vitest';
import { areaCentreFor, boxesAround, distanceKm, distanceText, moveBy, splitAtAntimeridian, wrapLongitude, type Position } from './geo.js';

const inBoxes = (boxes: ReturnType<typeof boxesAround>, p: Position) =>
  boxes.some((b) => b.west <= b.east && p.latitude >= b.south && p.latitude <= b.north && p.longitude >= b.west && p.longitude <= b.east);

describe('distances and areas on the Earth', () => {
  it('measures known distances', () => {
    // Lisbon to Porto, about 274 km as the crow flies.
    expect(distanceKm({ latitude: 38.71667, longitude: -9.13333 }, { latitude: 41.14961, longitude: -8.61099 })).toBeCloseTo(274, -1);
    expect(distanceKm({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 })).toBeCloseTo(22.2, 0);
    expect(distanceKm({ latitude: 90, longitude: 0 }, { latitude: 90, longitude: 120 })).toBeCloseTo(0, 6);
  });

  it('wraps longitudes into -180..180', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(540)).toBe(180);
  });

  it('splits a box that crosses the antimeridian, in either writing', () => {
    expect(splitAtAntimeridian({ south: -20, west: 175, north: -10, east: 185 })).toEqual([
      { south: -20, west: 175, north: -10, east: 180 },
      { south: -20, west: -180, north: -10, east: -175 },
    ]);
    // A map that shows the date line gives west > east.
    expect(splitAtAntimeridian({ south: -20, west: 175, north: -10, east: -175 })).toHaveLength(2);
    expect(splitAtAntimeridian({ south: 0, west: 10, north: 1, east: 20 })).toEqual([{ south: 0, west: 10, north: 1, east: 20 }]);
    expect(splitAtAntimeridian({ south: 0, west: -200, north: 1, east: 200 })).toEqual([{ south: 0, west: -180, north: 1, east: 180 }]);
  });

  it('boxes every point within the radius: around the world, across the date line and at the poles', () => {
    const centres: Position[] = [
      { latitude: 38.7, longitude: -9.1 },
      { latitude: -16.4, longitude: 179.4 },
      { latitude: 64, longitude: -179.8 },
      { latitude: 89.5, longitude: 10 },
      { latitude: -89.9, longitude: -45 },
      { latitude: 0, longitude: 0 },
    ];
    for (const centre of centres) {
      const boxes = boxesAround(centre, 100);
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        for (const distance of [1, 50, 99.9]) {
          const point = moveBy(centre, distance, (bearing * Math.PI) / 180);
          expect(distanceKm(centre, point)).toBeCloseTo(distance, 6);
          expect(inBoxes(boxes, point), `${JSON.stringify(centre)} ${bearing}° ${distance} km`).toBe(true);
        }
      }
    }
    // A circle that reaches a pole spans every longitude.
    expect(boxesAround({ latitude: 89.5, longitude: 10 }, 100)).toEqual([{ south: expect.any(Number), west: -180, north: 90, east: 180 }]);
    // One across the date line is two boxes.
    expect(boxesAround({ latitude: -16.4, longitude: 179.4 }, 100)).toHaveLength(2);
  });

  it('draws a public circle whose centre is never the pin and whose circle always holds it', () => {
    const pin = { latitude: 38.798, longitude: -9.388 };
    for (let i = 0; i < 200; i++) {
      const centre = areaCentreFor(pin);
      expect(distanceKm(centre, pin)).toBeLessThanOrEqual(0.4 + 1e-9);
    }
    // The draws are spread, not one offset.
    const draws = Array.from({ length: 50 }, () => areaCentreFor(pin).latitude);
    expect(new Set(draws).size).toBe(50);
  });

  it('says how far a home is on its card', () => {
    expect(distanceText(38.4, 'Lisbon')).toBe('38 km from Lisbon');
    expect(distanceText(1234.5, 'Lisbon')).toBe('1,235 km from Lisbon');
    expect(distanceText(0.3, 'Lisbon')).toBe('Under 1 km from Lisbon');
  });
});
