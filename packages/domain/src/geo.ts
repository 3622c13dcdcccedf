import { formatNumber } from './dates.js';

/*
 * Where a home is (docs/decisions/051-where-a-home-is.md): the host's exact pin, private until a stay is confirmed,
 * and the approximate area everyone sees, a circle around a centre drawn at random near the pin when the host
 * places it. Distances and areas are on a sphere the size of the Earth: a home search needs kilometres, not survey
 * precision.
 */

export const EARTH_RADIUS_KM = 6371.0088;

/** The circle guests see before they book: the pin is somewhere inside it. */
export const AREA_RADIUS_METERS = 500;

/** How far a searched place reaches: about an hour's drive (decision 051). */
export const NEAR_PLACE_RADIUS_KM = 100;

/** A point on the Earth in degrees: latitude -90..90, longitude -180..180 (geo-schemas.ts checks it). */
export type Position = { latitude: number; longitude: number };

/** How many places the location field suggests at most. */
export const PLACE_SUGGESTIONS = 6;

const RADIANS = Math.PI / 180;

/** The great-circle distance between two positions, in kilometres (haversine). */
export function distanceKm(a: Position, b: Position): number {
  const dLat = (b.latitude - a.latitude) * RADIANS;
  const dLng = (b.longitude - a.longitude) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The position `distance` km from `from` in the direction `bearing` (radians clockwise from north). */
export function moveBy(from: Position, distance: number, bearing: number): Position {
  const angle = distance / EARTH_RADIUS_KM;
  const lat1 = from.latitude * RADIANS;
  const lng1 = from.longitude * RADIANS;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
  const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: lat2 / RADIANS, longitude: wrapLongitude(lng2 / RADIANS) };
}

/** A longitude brought back into -180..180. */
export function wrapLongitude(longitude: number): number {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && longitude > 0 ? 180 : wrapped;
}

/** A box of latitudes and longitudes: west may be greater than east when it crosses the antimeridian. */
export type Bounds = { south: number; west: number; north: number; east: number };

/**
 * The boxes that hold every point within `radius` km of `centre`, each with west ≤ east: one box, or two where the
 * circle crosses the antimeridian, or one spanning every longitude where it reaches a pole. An index answers each
 * box as a range; the exact distance is checked after.
 */
export function boxesAround(centre: Position, radius: number): Bounds[] {
  const angle = radius / EARTH_RADIUS_KM / RADIANS;
  const south = Math.max(-90, centre.latitude - angle);
  const north = Math.min(90, centre.latitude + angle);
  if (south === -90 || north === 90) return [{ south, west: -180, north, east: 180 }];
  // The widest the circle is, at the latitude where its edge meets a meridian tangentially.
  const lat = centre.latitude * RADIANS;
  const spread = Math.asin(Math.min(1, Math.sin(angle * RADIANS) / Math.cos(lat))) / RADIANS;
  return splitAtAntimeridian({ south, north, west: centre.longitude - spread, east: centre.longitude + spread });
}

/**
 * A box whose west and east may run past ±180 (or have west > east, as a map that shows the antimeridian gives
 * it), as one or two boxes with west ≤ east within -180..180.
 */
export function splitAtAntimeridian({ south, west, north, east }: Bounds): Bounds[] {
  if (east - west >= 360) return [{ south, west: -180, north, east: 180 }];
  const w = wrapLongitude(west);
  const e = wrapLongitude(east);
  if (w <= e) return [{ south, west: w, north, east: e }];
  return [
    { south, west: w, north, east: 180 },
    { south, west: -180, north, east: e },
  ];
}

/**
 * A centre for a home's public circle: at a random distance (up to 80% of the radius) and bearing from its pin, so
 * the circle always holds the pin and its centre says nothing exact. Drawn once when the host places the pin and
 * kept: drawing again on every answer would let anyone average the pin back out.
 */
export function areaCentreFor(pin: Position, random: () => number = Math.random): Position {
  const distance = (AREA_RADIUS_METERS / 1000) * 0.8 * Math.sqrt(random());
  return moveBy(pin, distance, random() * 2 * Math.PI);
}

/** How a card says how far a home is: '38 km from Lisbon' ('Under 1 km from …' when nearer). */
export function distanceText(km: number, place: string): string {
  if (km < 1) return `Under 1 km from ${place}`;
  return `${formatNumber(km, { maximumFractionDigits: 0 })} km from ${place}`;
}
