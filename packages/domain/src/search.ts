import { addMonthsToDate, isIsoDate, nightsBetween, type IsoDate } from './dates.js';
import { i18n } from './locale.js';
import { ROOM_LIMITS } from './room-limits.js';
import { MAX_STAY_NIGHTS } from './stay-limits.js';
import { earliestCheckIn, latestTodayAnywhere } from './stays.js';
import { CATEGORY_LABELS, type CategoryLabel } from './categories.js';
import { sortAmenities, UNKNOWN_AMENITY_MESSAGE, unknownAmenity, type AmenityKey } from './amenities.js';
import { FLEXIBLE_STAYS, flexibleMonthProblem, isYearMonth, MAX_FLEXIBLE_MONTHS, sortMonths, type FlexibleStay, type YearMonth } from './flexible-stays.js';
import type { Bounds } from './geo.js';

/*
 * Finding a stay: one reading of the search, shared by the home page's address, the web app's query and the
 * API's `GET /api/rooms`. Without zod: the home page reads its address at first paint
 * (docs/decisions/066-first-touch.md). The API's zod schemas for the same parameters are search-query.ts'.
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

/** A page of rooms: how many the home page asks for, and the most one request may. */
export const ROOMS_PAGE_SIZE = 24;
export const ROOMS_MAX_PAGE_SIZE = 60;

export const SEARCH_LIMITS = {
  maxWhereLength: 100,
  maxGuests: 16,
  /** Per night, in whole dollars: the most a host may ask. */
  maxPrice: ROOM_LIMITS.maxPriceCents / 100,
  maxBedrooms: ROOM_LIMITS.maxBedrooms,
  /** A search counts its matches up to here and then says "more than" (docs/decisions/027-search.md). */
  countCap: 1000,
} as const;

/**
 * How far ahead a search's check-in may be, in years: well past any room's bookings (a booking window is at most
 * 24 months, BOOKING_WINDOW_MONTHS, and an availability window two years long), so a later one could find nothing.
 * It also keeps a searched stay, and the nights around it a search looks at, far from the calendar's end (year 9999).
 */
export const SEARCH_MAX_YEARS_AHEAD = 5;

/** The last check-in a search may ask for at `now`: SEARCH_MAX_YEARS_AHEAD years on from the latest today anywhere. */
export function lastSearchCheckIn(now: Date = new Date()): IsoDate {
  return addMonthsToDate(latestTodayAnywhere(now), 12 * SEARCH_MAX_YEARS_AHEAD);
}

/**
 * What is wrong with the dates of a stay a guest asks about, a search's or a wishlist's, first problem first: the
 * check-in neither in the past (everywhere on Earth) nor more than SEARCH_MAX_YEARS_AHEAD years ahead, the check-out
 * after it and within the longest stay. Either date may be left out; whether both are needed is the caller's rule.
 */
export function askedStayProblems(
  { checkin, checkout }: { checkin?: IsoDate | undefined; checkout?: IsoDate | undefined },
  now: Date = new Date(),
): { field: 'checkin' | 'checkout'; message: string }[] {
  const problems: { field: 'checkin' | 'checkout'; message: string }[] = [];
  // Past only when it is past everywhere on Earth: whether a check-in still today somewhere is open is each room's
  // own rule (its time zone).
  if (checkin && checkin < earliestCheckIn(now)) problems.push({ field: 'checkin', message: i18n.t('Check-in is in the past') });
  else if (checkin && checkin > lastSearchCheckIn(now)) {
    problems.push({ field: 'checkin', message: i18n.t('Check-in can be at most {max} years ahead', { max: SEARCH_MAX_YEARS_AHEAD }) });
  }
  if (checkin && checkout) {
    const nights = nightsBetween(checkin, checkout);
    if (nights < 1) problems.push({ field: 'checkout', message: i18n.t('Check-out must be after check-in') });
    else if (nights > MAX_STAY_NIGHTS) {
      problems.push({ field: 'checkout', message: i18n.t('A stay can be at most {max} nights', { max: MAX_STAY_NIGHTS }) });
    }
  }
  return problems;
}

/** What is wrong with a whole-number parameter, for the API's 400; null when it is one within its range. */
export function wholeNumberProblem(label: string, min: number, max: number, n: number): string | null {
  return Number.isInteger(n) && n >= min && n <= max ? null : `${label} must be a whole number from ${min} to ${max}`;
}

/** What is wrong with an `amenities` parameter, for the API's 400; null when every piece is a known key. */
export function amenityListProblem(text: string): string | null {
  if (text.trim() === '') return 'Amenities must name at least one amenity';
  const pieces = text.split(',');
  if (pieces.includes('')) return 'Amenities must be amenity keys separated by commas';
  const unknown = unknownAmenity(pieces);
  return unknown === undefined ? null : UNKNOWN_AMENITY_MESSAGE(unknown);
}

/** What is wrong with a `months` parameter, for the API's 400; null when it names one to MAX_FLEXIBLE_MONTHS months. */
export function monthListProblem(text: string): string | null {
  const pieces = text.split(',');
  if (!pieces.every(isYearMonth)) return 'Months must be months written YYYY-MM, separated by commas';
  if (sortMonths(pieces).length > MAX_FLEXIBLE_MONTHS) return i18n.t('Months must name at most {max} months', { max: MAX_FLEXIBLE_MONTHS });
  return null;
}

const AREA_MESSAGE = 'Area must be south,west,north,east in degrees';

/** What is wrong with an `area` parameter, for the API's 400; null when its four numbers make a box. */
export function areaProblem(text: string): string | null {
  const pieces = text.split(',');
  if (pieces.some((piece) => piece.trim() === '')) return AREA_MESSAGE;
  const numbers = pieces.map(Number);
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return AREA_MESSAGE;
  const [south, west, north, east] = numbers as [number, number, number, number];
  if ([south, north].some((lat) => lat < -90 || lat > 90)) return 'Area latitudes must be between -90 and 90';
  if ([west, east].some((lng) => lng < -180 || lng > 180)) return 'Area longitudes must be between -180 and 180';
  if (south > north) return 'Area south must not be north of its north';
  return null;
}

/** An `area` parameter that `areaProblem` accepts, as its box. */
export function areaOfParam(text: string): Bounds {
  const [south, west, north, east] = text.split(',').map(Number) as [number, number, number, number];
  return { south, west, north, east };
}

/** An area as its parameter: the four numbers in their order, as JavaScript writes them (one area, one address). */
export function areaToParam({ south, west, north, east }: Bounds): string {
  return [south, west, north, east].map((n) => String(n === 0 ? 0 : n)).join(',');
}

/** The order parameters are written in, so one search always has one address (and one cache key). */
export const SEARCH_FIELDS = [
  'category',
  'where',
  'checkin',
  'checkout',
  'stay',
  'months',
  'guests',
  'minPrice',
  'maxPrice',
  'bedrooms',
  'amenities',
  'sort',
  'area',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A parameter's reading: its value, or what is wrong with it (the API's words for it). */
export type FieldReading<T> = { value: T } | { problem: string };

const ok = <T>(value: T): FieldReading<T> => ({ value });
const wrong = (problem: string): FieldReading<never> => ({ problem });
const either = <T>(problem: string | null, value: () => T): FieldReading<T> => (problem === null ? ok(value()) : wrong(problem));

function oneOf<const V extends readonly string[]>(label: string, values: V) {
  return (text: string): FieldReading<V[number]> =>
    (values as readonly string[]).includes(text) ? ok(text) : wrong(`${label} must be one of: ${values.join(', ')}`);
}

function wholeNumber(label: string, min: number, max: number) {
  return (text: string): FieldReading<number> => {
    const n = Number(text);
    return either(wholeNumberProblem(label, min, max, n), () => n);
  };
}

function isoDate(text: string): FieldReading<IsoDate> {
  return isIsoDate(text) ? ok(text) : wrong('Expected a date as YYYY-MM-DD');
}

/**
 * Each search parameter alone, read from its text as the API reads it (search-query.ts' zod schemas, which
 * search-query.test.ts holds to the same answers): the home page reads them one by one.
 */
export const SEARCH_FIELD_READERS: { [K in SearchField]-?: (text: string) => FieldReading<NonNullable<RoomSearch[K]>> } = {
  category: oneOf('Category', CATEGORY_LABELS),
  where(text) {
    const where = text.trim();
    if (where.length < 1) return wrong('Where must not be empty');
    if (where.length > SEARCH_LIMITS.maxWhereLength) return wrong(i18n.t('Where must be at most {max} characters', { max: SEARCH_LIMITS.maxWhereLength }));
    return ok(where);
  },
  checkin: isoDate,
  checkout: isoDate,
  stay: oneOf('Stay', FLEXIBLE_STAYS),
  months: (text) => either(monthListProblem(text), () => sortMonths(text.split(','))),
  guests: wholeNumber('Guests', 1, SEARCH_LIMITS.maxGuests),
  minPrice: wholeNumber('Minimum price', 0, SEARCH_LIMITS.maxPrice),
  maxPrice: wholeNumber('Maximum price', 1, SEARCH_LIMITS.maxPrice),
  bedrooms: wholeNumber('Bedrooms', 1, SEARCH_LIMITS.maxBedrooms),
  amenities: (text) => either(amenityListProblem(text), () => sortAmenities(text.split(','))),
  sort: oneOf('Sort', SEARCH_SORTS),
  area: (text) => either(areaProblem(text), () => areaOfParam(text)),
};

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
 * the check-out after the check-in, within the longest stay, not in the past nor years ahead; the price range not
 * reversed.
 */
export function searchProblems(search: RoomSearch, now: Date = new Date()): Problem[] {
  const problems: Problem[] = [];
  // A date that is no date was reported by its own field; nothing more is said about it here.
  const checkin = isIsoDate(search.checkin) ? search.checkin : undefined;
  const checkout = isIsoDate(search.checkout) ? search.checkout : undefined;
  if (search.checkin !== checkin || search.checkout !== checkout) return problems;
  problems.push(...askedStayProblems({ checkin, checkout }, now));
  if (checkin && !checkout) problems.push({ field: 'checkout', message: i18n.t('Check-out is required with a check-in date') });
  if (checkout && !checkin) problems.push({ field: 'checkin', message: i18n.t('Check-in is required with a check-out date') });
  if (search.stay && (search.checkin || search.checkout)) {
    problems.push({ field: 'stay', message: i18n.t('Choose exact dates or a flexible stay, not both') });
  } else if (search.stay && !search.months) {
    problems.push({ field: 'months', message: i18n.t('Months are required with a flexible stay') });
  }
  if (search.months && !search.stay) problems.push({ field: 'stay', message: i18n.t('Stay is required with months') });
  for (const month of search.months ?? []) {
    const message = flexibleMonthProblem(month, now);
    if (message) {
      problems.push({ field: 'months', message });
      break;
    }
  }
  if (search.minPrice !== undefined && search.maxPrice !== undefined && search.minPrice > search.maxPrice) {
    problems.push({ field: 'maxPrice', message: i18n.t('Maximum price must not be below the minimum price') });
  }
  return problems;
}

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
    const reading = SEARCH_FIELD_READERS[field](raw);
    if ('value' in reading) (search as Record<SearchField, unknown>)[field] = reading.value;
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
