import type { z } from 'zod';
import * as zm from 'zod/mini';
import { isIsoDate, nightsBetween, type IsoDate } from './dates.js';
import { categorySchema, isoDateSchema, ROOMS_MAX_PAGE_SIZE, ROOMS_PAGE_SIZE } from './rooms.js';
import { ROOM_LIMITS } from './room-limits.js';
import { MAX_STAY_NIGHTS } from './stay-limits.js';
import { earliestCheckIn } from './stays.js';
import type { CategoryLabel } from './categories.js';
import { sortAmenities, UNKNOWN_AMENITY_MESSAGE, unknownAmenity, type AmenityKey } from './amenities.js';
import { FLEXIBLE_STAYS, flexibleMonthProblem, isYearMonth, MAX_FLEXIBLE_MONTHS, sortMonths, type FlexibleStay, type YearMonth } from './flexible-stays.js';
import type { Bounds } from './geo.js';

/*
 * Finding a stay: one reading of the search, shared by the home page's address, the web app's query and the
 * API's `GET /api/rooms`. Built with zod/mini, as everything the home page reads at first paint
 * (docs/decisions/017-bundle-budget.md).
 *
 * The API is strict (a wrong parameter is a 400 that names it); the home page is forgiving (`readSearch`
 * drops what it cannot use and runs the rest), so a hand-edited or stale link never shows an error page.
 */

export const SEARCH_SORTS = ['recommended', 'price-asc', 'price-desc', 'top-rated'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  recommended: /*i18n*/ 'Recommended',
  'price-asc': /*i18n*/ 'Price low to high',
  'price-desc': /*i18n*/ 'Price high to low',
  /** Rooms with at least RATING_SHOWN_FROM reviews first, by average then count; then the rest. */
  'top-rated': /*i18n*/ 'Top rated',
};

export const SEARCH_LIMITS = {
  maxWhereLength: 100,
  maxGuests: 16,
  /** Per night, in whole dollars: the most a host may ask. */
  maxPrice: ROOM_LIMITS.maxPriceCents / 100,
  maxBedrooms: ROOM_LIMITS.maxBedrooms,
  /** A search counts its matches up to here and then says "more than" (docs/decisions/027-search.md). */
  countCap: 1000,
} as const;

function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return zm.coerce.number({ error: message }).check(
    zm.refine((n) => Number.isInteger(n) && n >= min && n <= max, { error: message }),
  );
}

/** What is wrong with an `amenities` parameter, for the API's 400; null when every piece is a known key. */
function amenityListProblem(text: string): string | null {
  if (text.trim() === '') return 'Amenities must name at least one amenity';
  const pieces = text.split(',');
  if (pieces.includes('')) return 'Amenities must be amenity keys separated by commas';
  const unknown = unknownAmenity(pieces);
  return unknown === undefined ? null : UNKNOWN_AMENITY_MESSAGE(unknown);
}

/**
 * `amenities=wifi,kitchen`: rooms having every one of them. Strictly read (the API): each piece must be a key of
 * the list; the answer is the keys once each, in the list's order, so one choice has one address.
 */
const amenitiesParamSchema = zm.pipe(
  zm.string().check(
    zm.superRefine((text, ctx) => {
      const message = amenityListProblem(text);
      if (message) ctx.issues.push({ code: 'custom', message, input: text });
    }),
  ),
  zm.transform((text): AmenityKey[] => sortAmenities(text.split(','))),
);

/**
 * `months=2027-03,2027-04`: the months a flexible stay may start in (docs/decisions/054-flexible-dates.md). Strictly
 * read: each piece a month, one to MAX_FLEXIBLE_MONTHS of them; the answer is each once, in order. Whether they are
 * past or too far ahead depends on the day (`searchProblems`).
 */
const monthsParamSchema = zm.pipe(
  zm.string().check(
    zm.superRefine((text, ctx) => {
      const pieces = text.split(',');
      const message = !pieces.every(isYearMonth)
        ? 'Months must be months written YYYY-MM, separated by commas'
        : sortMonths(pieces).length > MAX_FLEXIBLE_MONTHS
          ? `Months must name at most ${MAX_FLEXIBLE_MONTHS} months`
          : null;
      if (message) ctx.issues.push({ code: 'custom', message, input: text });
    }),
  ),
  zm.transform((text): YearMonth[] => sortMonths(text.split(','))),
);

const AREA_MESSAGE = 'Area must be south,west,north,east in degrees';

/** What is wrong with an `area` parameter's four numbers, for the API's 400; null when they make a box. */
function areaProblem(numbers: number[]): string | null {
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return AREA_MESSAGE;
  const [south, west, north, east] = numbers as [number, number, number, number];
  if ([south, north].some((lat) => lat < -90 || lat > 90)) return 'Area latitudes must be between -90 and 90';
  if ([west, east].some((lng) => lng < -180 || lng > 180)) return 'Area longitudes must be between -180 and 180';
  if (south > north) return 'Area south must not be north of its north';
  return null;
}

/**
 * `area=south,west,north,east`: the part of the map a person is looking at, in degrees. West greater than east is a
 * box across the antimeridian (a map showing the Pacific), which the search splits in two.
 */
const areaParamSchema = zm.pipe(
  zm.string().check(
    zm.superRefine((text, ctx) => {
      const pieces = text.split(',');
      const message = pieces.some((piece) => piece.trim() === '') ? AREA_MESSAGE : areaProblem(pieces.map(Number));
      if (message) ctx.issues.push({ code: 'custom', message, input: text });
    }),
  ),
  zm.transform((text): Bounds => {
    const [south, west, north, east] = text.split(',').map(Number) as [number, number, number, number];
    return { south, west, north, east };
  }),
);

/** An area as its parameter: the four numbers in their order, as JavaScript writes them (one area, one address). */
export function areaToParam({ south, west, north, east }: Bounds): string {
  return [south, west, north, east].map((n) => String(n === 0 ? 0 : n)).join(',');
}

/** Each search parameter alone: the home page reads them one by one, the API all together. */
export const searchFieldSchemas = {
  category: categorySchema,
  where: zm.string().check(
    zm.trim(),
    zm.minLength(1, { error: 'Where must not be empty' }),
    zm.maxLength(SEARCH_LIMITS.maxWhereLength, { error: `Where must be at most ${SEARCH_LIMITS.maxWhereLength} characters` }),
  ),
  checkin: isoDateSchema,
  checkout: isoDateSchema,
  stay: zm.enum(FLEXIBLE_STAYS, { error: `Stay must be one of: ${FLEXIBLE_STAYS.join(', ')}` }),
  months: monthsParamSchema,
  guests: wholeNumber('Guests', 1, SEARCH_LIMITS.maxGuests),
  minPrice: wholeNumber('Minimum price', 0, SEARCH_LIMITS.maxPrice),
  maxPrice: wholeNumber('Maximum price', 1, SEARCH_LIMITS.maxPrice),
  bedrooms: wholeNumber('Bedrooms', 1, SEARCH_LIMITS.maxBedrooms),
  amenities: amenitiesParamSchema,
  sort: zm.enum(SEARCH_SORTS, { error: `Sort must be one of: ${SEARCH_SORTS.join(', ')}` }),
  area: areaParamSchema,
};

export type SearchField = keyof typeof searchFieldSchemas;
/** The order parameters are written in, so one search always has one address (and one cache key). */
export const SEARCH_FIELDS = Object.keys(searchFieldSchemas) as SearchField[];

export type RoomSearch = {
  category?: CategoryLabel;
  where?: string;
  checkin?: IsoDate;
  checkout?: IsoDate;
  /** Flexible dates: a stay of this kind starting in one of `months` (never with exact dates). */
  stay?: FlexibleStay;
  /** Never empty; each once, in order. */
  months?: YearMonth[];
  guests?: number;
  /** Whole dollars per night. */
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  /** Rooms having all of these; never empty (no amenities is no filter). */
  amenities?: AmenityKey[];
  sort?: SearchSort;
  /** The map's visible box: rooms whose public area's centre is inside it. */
  area?: Bounds;
};

type Problem = { field: SearchField; message: string };

/**
 * What is wrong between fields of an otherwise well-formed search, first problem first: dates come as a pair,
 * the check-out after the check-in, within the longest stay, not in the past; the price range not reversed.
 */
export function searchProblems(search: RoomSearch, now: Date = new Date()): Problem[] {
  const problems: Problem[] = [];
  // A date that is no date was reported by its own field; nothing more is said about it here.
  const checkin = isIsoDate(search.checkin) ? search.checkin : undefined;
  const checkout = isIsoDate(search.checkout) ? search.checkout : undefined;
  if (search.checkin !== checkin || search.checkout !== checkout) return problems;
  // Past only when it is past everywhere on Earth: whether a check-in still today somewhere is open is each room's
  // own rule (its time zone).
  if (checkin && checkin < earliestCheckIn(now)) problems.push({ field: 'checkin', message: 'Check-in is in the past' });
  if (checkin && !checkout) problems.push({ field: 'checkout', message: 'Check-out is required with a check-in date' });
  if (checkout && !checkin) problems.push({ field: 'checkin', message: 'Check-in is required with a check-out date' });
  if (checkin && checkout) {
    const nights = nightsBetween(checkin, checkout);
    if (nights < 1) problems.push({ field: 'checkout', message: 'Check-out must be after check-in' });
    else if (nights > MAX_STAY_NIGHTS) {
      problems.push({ field: 'checkout', message: `A stay can be at most ${MAX_STAY_NIGHTS} nights` });
    }
  }
  if (search.stay && (search.checkin || search.checkout)) {
    problems.push({ field: 'stay', message: 'Choose exact dates or a flexible stay, not both' });
  } else if (search.stay && !search.months) {
    problems.push({ field: 'months', message: 'Months are required with a flexible stay' });
  }
  if (search.months && !search.stay) problems.push({ field: 'stay', message: 'Stay is required with months' });
  for (const month of search.months ?? []) {
    const message = flexibleMonthProblem(month, now);
    if (message) {
      problems.push({ field: 'months', message });
      break;
    }
  }
  if (search.minPrice !== undefined && search.maxPrice !== undefined && search.minPrice > search.maxPrice) {
    problems.push({ field: 'maxPrice', message: 'Maximum price must not be below the minimum price' });
  }
  return problems;
}

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

/** The search a query asks for, without its page: the part that decides which rooms match. */
export function searchOf(query: RoomSearch): RoomSearch {
  const search: RoomSearch = {};
  for (const field of SEARCH_FIELDS) {
    const value = query[field];
    if (value !== undefined) (search as Record<SearchField, unknown>)[field] = value;
  }
  if (search.sort === 'recommended') delete search.sort;
  if (search.amenities) {
    const amenities = sortAmenities(search.amenities);
    if (amenities.length > 0) search.amenities = amenities;
    else delete search.amenities;
  }
  if (search.months) {
    const months = sortMonths(search.months);
    if (months.length > 0) search.months = months;
    else delete search.months;
  }
  return search;
}

/**
 * The home page's reading of its address: each parameter that parses is kept, anything else is dropped, then
 * a field that conflicts with the rest is cleared (a check-out before the check-in, a date in the past, a
 * reversed price range) and the rest of the search still runs. Unknown parameters are ignored.
 */
export function readSearch(params: { get(name: string): string | null }, now: Date = new Date()): RoomSearch {
  const search: RoomSearch = {};
  for (const field of SEARCH_FIELDS) {
    const raw = params.get(field);
    if (raw === null || raw === '') continue;
    if (field === 'amenities') {
      // The keys it knows are kept (a key from a newer or mistyped link is dropped, not the whole filter).
      search.amenities = sortAmenities(raw.split(','));
      continue;
    }
    if (field === 'months') {
      // The months still to come are kept (a stale link's past month is dropped, not the whole search).
      const months = sortMonths(raw.split(',')).filter((month) => isYearMonth(month) && !flexibleMonthProblem(month, now));
      if (months.length > 0) search.months = months.slice(0, MAX_FLEXIBLE_MONTHS);
      continue;
    }
    const parsed = searchFieldSchemas[field].safeParse(raw);
    if (parsed.success) (search as Record<SearchField, unknown>)[field] = parsed.data;
  }
  // Each problem clears its field, and a date left without its pair is no stay, so it goes too.
  for (const { field } of searchProblems(search, now)) delete search[field];
  if (!search.checkin || !search.checkout) {
    delete search.checkin;
    delete search.checkout;
  }
  // A flexible stay needs both its kind and its months.
  if (!search.stay || !search.months) {
    delete search.stay;
    delete search.months;
  }
  return searchOf(search);
}

/**
 * The search as a query string (no leading '?'), parameters in one fixed order and the default sort left
 * out: one search has one address, one API request and one cache key.
 */
export function searchToQuery(search: RoomSearch): string {
  const parts: string[] = [];
  for (const field of SEARCH_FIELDS) {
    const value = search[field];
    if (value === undefined || (field === 'sort' && value === 'recommended')) continue;
    if (field === 'amenities') {
      // Keys are plain [a-z-]: the commas stay readable in the address.
      const keys = sortAmenities(value as AmenityKey[]);
      if (keys.length > 0) parts.push(`amenities=${keys.join(',')}`);
      continue;
    }
    if (field === 'months') {
      // Months are plain YYYY-MM: the commas stay readable too.
      const months = sortMonths(value as YearMonth[]);
      if (months.length > 0) parts.push(`months=${months.join(',')}`);
      continue;
    }
    if (field === 'area') {
      parts.push(`area=${areaToParam(value as Bounds)}`);
      continue;
    }
    parts.push(`${field}=${encodeURIComponent(String(value)).replace(/%20/g, '+')}`);
  }
  return parts.join('&');
}

/** A search with dates: its rooms carry the stay's nights and total. */
export function isDatedSearch(search: RoomSearch): search is RoomSearch & { checkin: IsoDate; checkout: IsoDate } {
  return search.checkin !== undefined && search.checkout !== undefined;
}

/** A search with flexible dates: its rooms carry their first fitting stay's dates, nights and total. */
export function isFlexibleSearch(search: RoomSearch): search is RoomSearch & { stay: FlexibleStay; months: YearMonth[] } {
  return search.stay !== undefined && search.months !== undefined && search.months.length > 0;
}

/** Whether a search narrows anything beyond the category (the empty state then offers to widen it). */
export function isNarrowed(search: RoomSearch): boolean {
  return SEARCH_FIELDS.some((field) => field !== 'category' && field !== 'sort' && search[field] !== undefined);
}
