import { wrapLongitude, type Bounds, type Position } from '@staybook/domain/geo';

/*
 * Between the map's view and a search's `area` (docs/decisions/053-the-map.md). Leaflet's view may run past ±180°
 * (a map panned across the Pacific) and past the poles at its widest; an area is within -90..90 and -180..180, with
 * west greater than east when it crosses the antimeridian.
 */

/** Four decimals: about 11 m, finer than any screen shows a search, and a short address. */
const DECIMALS = 1e4;
const round = (n: number) => {
  const rounded = Math.round(n * DECIMALS) / DECIMALS;
  return rounded === 0 ? 0 : rounded;
};

/** The area a view shows, as a search asks for it. */
export function areaOfView(view: Bounds): Bounds {
  const south = round(Math.max(-90, Math.min(90, view.south)));
  const north = round(Math.max(-90, Math.min(90, view.north)));
  if (view.east - view.west >= 360) return { south, west: -180, north, east: 180 };
  return { south, west: round(wrapLongitude(view.west)), north, east: round(wrapLongitude(view.east)) };
}

/** The view that shows an area: its east carried past 180° when it crosses the antimeridian, as Leaflet draws it. */
export function viewOfArea(area: Bounds): Bounds {
  return area.west > area.east ? { ...area, east: area.east + 360 } : area;
}

/** The smallest view holding every position (none: null). Positions across the antimeridian make a wide view. */
export function viewAround(positions: Position[]): Bounds | null {
  if (positions.length === 0) return null;
  const latitudes = positions.map((p) => p.latitude);
  const longitudes = positions.map((p) => p.longitude);
  return { south: Math.min(...latitudes), west: Math.min(...longitudes), north: Math.max(...latitudes), east: Math.max(...longitudes) };
}

/** Whether two areas are the same search (the one the map asked for, read back from the address). */
export function sameArea(a: Bounds | undefined, b: Bounds | undefined): boolean {
  if (!a || !b) return a === b;
  return a.south === b.south && a.west === b.west && a.north === b.north && a.east === b.east;
}
