import type { z } from 'zod';
import * as zm from 'zod/mini';
import type { Position } from './geo.js';
import type { Same } from './shape.js';

/*
 * Where a home is, as the API checks and answers it (docs/decisions/051-where-a-home-is.md). Apart from geo.ts's
 * rules, which the home page's cards use at first paint without zod (docs/decisions/066-first-touch.md).
 */

/** A point on the Earth in degrees: latitude -90..90, longitude -180..180. */
export const positionSchema = zm.object({
  latitude: zm.number().check(zm.gte(-90, { message: 'Latitude must be between -90 and 90' }), zm.lte(90, { message: 'Latitude must be between -90 and 90' })),
  longitude: zm
    .number()
    .check(zm.gte(-180, { message: 'Longitude must be between -180 and 180' }), zm.lte(180, { message: 'Longitude must be between -180 and 180' })),
});
true satisfies Same<z.infer<typeof positionSchema>, Position>;

/** The approximate area of a home: a circle of AREA_RADIUS_METERS that holds its pin. */
export const areaSchema = zm.object({ latitude: zm.number(), longitude: zm.number(), radiusMeters: zm.int() });
export type Area = z.infer<typeof areaSchema>;

/** A place of the gazetteer, as a search or the host's location field finds it. */
export const placeSchema = zm.object({
  name: zm.string(),
  /** The country's name in English ('Portugal'). */
  country: zm.string(),
  latitude: zm.number(),
  longitude: zm.number(),
  /** The IANA zone the place is in: a room placed there starts its days at its midnight. */
  timeZone: zm.string(),
});
export type Place = z.infer<typeof placeSchema>;

export const placesSchema = zm.object({ items: zm.array(placeSchema) });
export type Places = z.infer<typeof placesSchema>;

/** `GET /api/places?q=`: what a person has typed of a place so far. */
export const placesQuerySchema = zm.object({
  q: zm.string().check(zm.trim(), zm.minLength(2, { message: 'Type at least two letters of the place' }), zm.maxLength(100, { message: 'A place is at most 100 characters' })),
});
