import { sql, type SQL } from 'drizzle-orm';
import { boxesAround, EARTH_RADIUS_KM, type Bounds, type Position } from '@staybook/domain';
import { rooms } from '../../db/schema.js';

/*
 * Where homes are, as SQL (docs/decisions/051-where-a-home-is.md): always on the public circle's centre, the point
 * the GiST index `rooms_area_idx` (migration 0029) holds, written here exactly as the index writes it.
 */

const areaPoint = sql`point(${rooms.areaLongitude}, ${rooms.areaLatitude})`;

/** Rooms whose area's centre is inside one of the boxes (each west ≤ east): one index range scan per box. */
export function inBoxesSql(boxes: Bounds[]): SQL {
  const each = boxes.map(
    (box) => sql`${areaPoint} <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`,
  );
  return sql`(${rooms.areaLatitude} is not null and (${sql.join(each, sql` or `)}))`;
}

/** The great-circle distance in km from `from` to a room's area (haversine, as the domain's `distanceKm`). */
export function distanceKmSql(from: Position): SQL<number> {
  const lat = sql`${from.latitude}::float8`;
  const lng = sql`${from.longitude}::float8`;
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(${rooms.areaLatitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${rooms.areaLatitude})) * power(sin(radians(${rooms.areaLongitude} - ${lng}) / 2), 2)))))`;
}

/** Rooms within `radius` km of `from`: the boxes around the circle on the index, then the exact distance. */
export function withinReachSql(from: Position, radius: number): SQL {
  return sql`(${inBoxesSql(boxesAround(from, radius))} and ${distanceKmSql(from)} <= ${radius}::float8)`;
}
