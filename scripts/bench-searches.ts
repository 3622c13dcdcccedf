/*
 * The searches `npm run bench`'s search section sends (issues 18, 31 and 33), kept apart so that other tools can
 * run the same mix (scripts/search-cpu.ts measures the search index's CPU per search on it).
 */
import {
  addDays,
  AMENITY_KEYS,
  CATEGORY_LABELS,
  searchToQuery,
  sortAmenities,
  type IsoDate,
  type RoomSearch,
} from '@staybook/domain';
import { findPlace } from '../apps/api/src/modules/places/gazetteer.js';
import { seededRandom } from '../apps/api/src/seeded-random.js';
import { BENCH_PLACES, NEAR_PLACES } from './bench-places.js';

/** Lower case, without accents: 'São Paulo' → 'sao paulo', as a guest may type it. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** One slip of the keyboard each: a letter left out, or two neighbours swapped ('lisbon' → 'lisbn', 'lsibon'). */
function typosOf(word: string): string[] {
  const typos = new Set<string>();
  for (let i = 1; i < word.length; i += 1) {
    typos.add(word.slice(0, i) + word.slice(i + 1));
    if (i < word.length - 1) typos.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  typos.delete(word);
  return [...typos].filter((typo) => typo.replace(/[^a-z]/g, '').length >= 4 && !typo.includes('  '));
}

export type SearchCase = { label: string; repeated: string[]; varied: string[]; inMix: boolean };

/** `/api/rooms?…` in the parameters' own order (as the web app writes them: one search, one cache key). */
function roomsPath(search: RoomSearch, limit?: number): string {
  const query = searchToQuery(search);
  const page = limit === undefined ? '' : `${query ? '&' : ''}limit=${limit}`;
  return `/api/rooms?${query}${page}`;
}

/**
 * Distinct searches, as many as a run can send: first each search once at the default page size, then the same
 * ones again with other page sizes (other cache keys, the same SQL but for its LIMIT), so that a run's requests
 * miss the listing cache and run the query.
 */
function distinctPaths(searches: RoomSearch[], wanted = 40_000): string[] {
  const paths: string[] = searches.map((search) => roomsPath(search));
  for (let limit = 12; paths.length < wanted && limit <= 60; limit += 1) {
    if (limit === 24) continue;
    for (const search of searches) paths.push(roomsPath(search, limit));
  }
  return [...new Set(paths)].slice(0, wanted);
}

/** The URLs of several lists taken in turn, one of each, as a server meets many kinds of search at once. */
export function interleaved(lists: string[][]): string[] {
  const mixed: string[] = [];
  const longest = Math.max(...lists.map((list) => list.length));
  for (let i = 0; i < longest; i += 1) for (const list of lists) if (i < list.length) mixed.push(list[i]!);
  return mixed;
}

/**
 * The searches of issues 18, 31 and 33, each as one URL (repeated: served from the listing cache after the first
 * request) and as a long list of distinct URLs of the same kind (varied: each request a search not asked before);
 * then issue 33's mix: the kinds marked `inMix` taken in turn, every request a different search.
 */
export async function searchCases(today: IsoDate): Promise<SearchCase[]> {
  const rnd = seededRandom(18);
  const cities = [...new Set(BENCH_PLACES.map(([location]) => location.split(',')[0]!))];
  const countries = [...new Set(BENCH_PLACES.map(([location]) => location.split(',').at(-1)!.trim()))];
  // A place as guests type it: the whole location, the city as written, in plain lower case, its first letters, the country.
  const places = [
    ...new Set([
      ...cities.map(plain),
      ...BENCH_PLACES.map(([location]) => location),
      ...cities,
      ...cities.map((city) => plain(city).slice(0, Math.max(4, Math.ceil(city.length * 0.7)))),
      ...countries.map(plain),
    ]),
  ];
  const typos = [...new Set(['lisbn', 'zermat', ...cities.flatMap((city) => typosOf(plain(city)))])];
  // Towns near the bench's places that no listing names: found only by distance.
  const known = await Promise.all(NEAR_PLACES.map(async (where) => ((await findPlace(where)) ? where : null)));
  const nearPlaces = known.filter((where): where is string => where !== null);
  const checkin = addDays(today, 28);
  const week = { checkin, checkout: addDays(checkin, 7) };
  // Check-in from tomorrow to a year ahead, 1 to 21 nights: each a window no other request asks for.
  const stays: { checkin: IsoDate; checkout: IsoDate }[] = [];
  for (let nights = 7; stays.length < 365 * 21; nights = (nights % 21) + 1) {
    for (let ahead = 1; ahead <= 365; ahead += 1) stays.push({ checkin: addDays(today, ahead), checkout: addDays(today, ahead + nights) });
  }
  const shuffled = <T>(list: T[]) => list.map((item) => [rnd(), item] as const).sort((a, b) => a[0] - b[0]).map(([, item]) => item);
  const pickOne = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const priceRange = () => {
    const minPrice = pickOne([0, 30, 50, 60, 80, 100, 120, 150, 200]);
    return { ...(minPrice > 0 ? { minPrice } : {}), maxPrice: minPrice + pickOne([70, 100, 150, 170, 250, 400]) };
  };
  const combined: RoomSearch[] = [];
  for (let n = 0; n < 40_000; n += 1) {
    combined.push({ where: pickOne(cities.map(plain)), ...pickOne(stays), guests: 1 + Math.floor(rnd() * 6), ...priceRange() });
  }
  // Price and amenities, some with a place or a category: the filters a guest narrows a list with.
  const common = AMENITY_KEYS.slice(0, 12);
  const filtered: RoomSearch[] = [];
  for (let n = 0; n < 40_000; n += 1) {
    const amenities = sortAmenities([...new Set([pickOne(common), ...(rnd() < 0.5 ? [pickOne(common)] : [])])]);
    filtered.push({
      ...(rnd() < 0.3 ? { where: pickOne(cities.map(plain)) } : {}),
      ...(rnd() < 0.3 ? { category: pickOne(CATEGORY_LABELS) } : {}),
      ...(rnd() < 0.3 ? pickOne(stays) : {}),
      ...priceRange(),
      amenities,
    });
  }
  return [
    {
      label: '(a) place: where=lisbon',
      repeated: [roomsPath({ where: 'lisbon' })],
      varied: distinctPaths(shuffled(places).map((where) => ({ where }))),
      inMix: true,
    },
    {
      label: `(b) dates: ${week.checkin}..${week.checkout}`,
      repeated: [roomsPath(week)],
      varied: distinctPaths(shuffled(stays)),
      inMix: true,
    },
    {
      label: '(c) place+dates+guests=3+$80-250',
      repeated: [roomsPath({ where: 'lisbon', ...week, guests: 3, minPrice: 80, maxPrice: 250 })],
      varied: distinctPaths(combined),
      inMix: true,
    },
    {
      label: `(e) dates by price: ${week.checkin}..${week.checkout}, price-asc`,
      repeated: [roomsPath({ ...week, sort: 'price-asc' })],
      varied: distinctPaths(shuffled(stays).map((stay) => ({ ...stay, sort: 'price-asc' as const }))),
      inMix: false,
    },
    {
      label: '(d) typo: where=lisbn',
      repeated: [roomsPath({ where: 'lisbn' })],
      varied: distinctPaths([{ where: 'lisbn' }, { where: 'zermat' }, ...shuffled(typos.slice(2)).map((where) => ({ where }))]),
      inMix: true,
    },
    { label: '(d) typo: where=zermat', repeated: [roomsPath({ where: 'zermat' })], varied: [], inMix: false },
    {
      label: '(f) near a place: where=sintra',
      repeated: [roomsPath({ where: 'sintra' })],
      varied: distinctPaths(shuffled(nearPlaces).map((where) => ({ where }))),
      inMix: true,
    },
    {
      label: '(g) price+amenities: $50-200, wifi+kitchen',
      repeated: [roomsPath({ minPrice: 50, maxPrice: 200, amenities: ['wifi', 'kitchen'] })],
      varied: distinctPaths(filtered),
      inMix: true,
    },
  ];
}
