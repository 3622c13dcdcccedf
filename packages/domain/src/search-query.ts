import type { z } from 'zod';
import * as zm from 'zod/mini';
import { sortAmenities, type AmenityKey } from './amenities.js';
import { i18n } from './locale.js';
import { FLEXIBLE_STAYS, sortMonths, type YearMonth } from './flexible-stays.js';
import type { Bounds } from './geo.js';
import { categorySchema, isoDateSchema } from './rooms.js';
import {
  amenityListProblem,
  areaOfParam,
  areaProblem,
  monthListProblem,
  ROOMS_MAX_PAGE_SIZE,
  ROOMS_PAGE_SIZE,
  SEARCH_FIELDS,
  SEARCH_LIMITS,
  SEARCH_SORTS,
  searchProblems,
  wholeNumberProblem,
  type RoomSearch,
  type SearchField,
} from './search.js';

/*
 * `GET /api/rooms`'s parameters as the API checks them, strictly (a wrong parameter is a 400 that names it), and
 * describes them in its OpenAPI document. The home page reads the same parameters without zod, forgivingly, with
 * search.ts' `SEARCH_FIELD_READERS` (docs/decisions/066-first-touch.md); search-query.test.ts holds both to the
 * same answers.
 */

function wholeNumber(label: string, min: number, max: number) {
  const error = wholeNumberProblem(label, min, max, Number.NaN)!;
  return zm.coerce.number({ error }).check(zm.refine((n) => wholeNumberProblem(label, min, max, n) === null, { error }));
}

/** A text parameter that `problem` accepts, read as `read` reads it. */
function textParam<T>(problem: (text: string) => string | null, read: (text: string) => T) {
  return zm.pipe(
    zm.string().check(
      zm.superRefine((text, ctx) => {
        const message = problem(text);
        if (message) ctx.issues.push({ code: 'custom', message, input: text });
      }),
    ),
    zm.transform(read),
  );
}

/** Each search parameter alone. */
export const searchFieldSchemas = {
  category: categorySchema,
  where: zm.string().check(
    zm.trim(),
    zm.minLength(1, { error: 'Where must not be empty' }),
    zm.maxLength(SEARCH_LIMITS.maxWhereLength, { error: () => i18n.t('Where must be at most {max} characters', { max: SEARCH_LIMITS.maxWhereLength }) }),
  ),
  checkin: isoDateSchema,
  checkout: isoDateSchema,
  stay: zm.enum(FLEXIBLE_STAYS, { error: `Stay must be one of: ${FLEXIBLE_STAYS.join(', ')}` }),
  /** `months=2027-03,2027-04`: each once, in order; whether they are past or too far ahead is `searchProblems`'. */
  months: textParam(monthListProblem, (text): YearMonth[] => sortMonths(text.split(','))),
  guests: wholeNumber('Guests', 1, SEARCH_LIMITS.maxGuests),
  minPrice: wholeNumber('Minimum price', 0, SEARCH_LIMITS.maxPrice),
  maxPrice: wholeNumber('Maximum price', 1, SEARCH_LIMITS.maxPrice),
  bedrooms: wholeNumber('Bedrooms', 1, SEARCH_LIMITS.maxBedrooms),
  /** `amenities=wifi,kitchen`: rooms having every one; the keys once each, in the list's order. */
  amenities: textParam(amenityListProblem, (text): AmenityKey[] => sortAmenities(text.split(','))),
  sort: zm.enum(SEARCH_SORTS, { error: `Sort must be one of: ${SEARCH_SORTS.join(', ')}` }),
  /** `area=south,west,north,east`: west greater than east is a box across the antimeridian. */
  area: textParam(areaProblem, (text): Bounds => areaOfParam(text)),
} satisfies Record<SearchField, unknown>;

/** `GET /api/rooms`: the search plus the page. Strict: a wrong parameter is a 400 naming it. */
export const roomsQuerySchema = zm
  .object({
    ...Object.fromEntries(SEARCH_FIELDS.map((field) => [field, zm.optional(searchFieldSchemas[field])])),
    cursor: zm.optional(zm.string().check(zm.maxLength(300, { error: 'Invalid cursor' }))),
    limit: zm._default(wholeNumber('Limit', 1, ROOMS_MAX_PAGE_SIZE), ROOMS_PAGE_SIZE),
  } as {
    [K in SearchField]: zm.ZodMiniOptional<(typeof searchFieldSchemas)[K]>;
  } & {
    cursor: zm.ZodMiniOptional<zm.ZodMiniString>;
    limit: zm.ZodMiniDefault<ReturnType<typeof wholeNumber>>;
  })
  .check(
    zm.superRefine((query, ctx) => {
      for (const { field, message } of searchProblems(query as RoomSearch)) {
        ctx.issues.push({ code: 'custom', message, path: [field], input: query[field] });
      }
    }),
  );
export type RoomsQuery = z.output<typeof roomsQuerySchema>;
