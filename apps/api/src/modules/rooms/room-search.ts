/*
 * `GET /api/rooms` in the database (docs/decisions/027-search.md, 048, 051, 054): what a search asks worked out once
 * (`planSearch`) for whichever engine answers it, the answer built from a page of rows (`searchAnswer`), and the
 * search as SQL (`searchRooms`), which answers while the in-process search index (search-index/, decision 057) cannot.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  checkInMayHavePassedSomewhere,
  dollarsToCents,
  flexibleCandidates,
  isDatedSearch,
  isFlexibleSearch,
  NEAR_PLACE_RADIUS_KM,
  nightsBetween,
  SEARCH_LIMITS,
  splitAtAntimeridian,
  type ListedRoom,
  type Place,
  type RoomSearch,
  type RoomsPage,
} from '@staybook/domain';
import { textArray, withTransaction, type Db } from '../../db/client.js';
import { rooms } from '../../db/schema.js';
import { currentGuestFeeBpSql } from '../fees/fees.service.js';
import { findPlace } from '../places/gazetteer.js';
import { stayConditions, stayTotalSql, type DatedStay } from './dated-search-sql.js';
import { flexibleSearchSql, readChoice, type FlexibleStays } from './flexible-search-sql.js';
import { distanceKmSql, inBoxesSql, withinReachSql } from './near-sql.js';
import { searchOrdering } from './room-orders.js';
import { pageOfRooms, roomSearchText, toListedRoom, type OrderedRow } from './rooms.service.js';

/** The least word similarity that counts as a match: 'lisbn' finds Lisbon (0.67), 'nwe york' New York (0.56). */
export const PLACE_MATCH_THRESHOLD = 0.5;

/** A searched place's text match: on the trigram index. */
function placeMatchSql(where: string): SQL {
  return sql`search_fold(${where}) <% ${roomSearchText}`;
}

/**
 * What a search's `where` asks for: rooms whose text matches, and when the gazetteer knows the place, rooms within
 * reach of it too (decision 051); and the rank that orders them, best first, when no sort is chosen: for rooms within
 * reach NEAR_RANK less the distance in km, above every match; for the others, or with a place it does not know,
 * the match (0 to 1).
 */
function placeSearch(where: string, near: Place | null): { condition: SQL; rank: SQL<number> } {
  const similarity = sql<number>`word_similarity(search_fold(${where}), ${roomSearchText})`;
  if (!near) return { condition: placeMatchSql(where), rank: similarity };
  const reach = withinReachSql(near, NEAR_PLACE_RADIUS_KM);
  return {
    condition: sql`(${placeMatchSql(where)} or ${reach})`,
    rank: sql<number>`(case when ${reach} then ${NEAR_RANK} - ${distanceKmSql(near)} else ${similarity} end)::real`,
  };
}

/** The rank of a room right at the searched place: a room within reach ranks NEAR_RANK less its distance (> 1). */
export const NEAR_RANK = 1000;

/** What a search's filters add to the live rooms' where clause, each on an index or a cheap row check. */
function searchConditions(search: RoomSearch, stay: DatedStay | null, place: SQL | undefined, flexible: SQL[] = []): SQL[] {
  const where: SQL[] = [];
  if (search.category) where.push(eq(rooms.category, search.category));
  if (place) where.push(place);
  // The map's visible box (two across the antimeridian), on the public circles' centres: the GiST index rooms_area_idx.
  if (search.area) where.push(inBoxesSql(splitAtAntimeridian(search.area)));
  if (search.guests !== undefined) where.push(sql`${rooms.guests} >= ${search.guests}`);
  if (search.bedrooms !== undefined) where.push(sql`${rooms.bedrooms} >= ${search.bedrooms}`);
  // Every chosen amenity: containment, which the GIN index rooms_amenities_idx answers.
  if (search.amenities?.length) {
    where.push(sql`${rooms.amenities} @> ${textArray(search.amenities)}`);
  }
  const lowest = search.minPrice !== undefined ? dollarsToCents(search.minPrice) : undefined;
  const highest = search.maxPrice !== undefined ? dollarsToCents(search.maxPrice) : undefined;
  if (stay) {
    // Every stay rule of each room, and the price filter on the stay's average night as its quote prices it.
    where.push(...stayConditions(stay, { bounds: { lowestCents: lowest, highestCents: highest } }));
  } else if (flexible.length > 0) {
    // A flexible search's candidates carry the price filter, each as a dated search would (flexibleSearchSql).
    where.push(...flexible);
  } else {
    // Without dates, the nightly price: one plain range on the column, which the planner can estimate.
    if (lowest !== undefined) where.push(sql`${rooms.priceCents} >= ${lowest}`);
    if (highest !== undefined) where.push(sql`${rooms.priceCents} <= ${highest}`);
  }
  return where;
}

/**
 * A dated search's stay, priced for its guests (one when it does not say) with the marketplace's service fee in force
 * (a change of rates drops every kept answer).
 */
function datedStayOf(search: RoomSearch): DatedStay | null {
  return isDatedSearch(search) ? { from: search.checkin, to: search.checkout, guests: search.guests ?? 1, guestFeeBp: currentGuestFeeBpSql } : null;
}

/** A flexible search's candidate stays, priced as a dated search prices each (decision 054). */
function flexibleStaysOf(search: RoomSearch, now: Date): FlexibleStays | null {
  if (!isFlexibleSearch(search)) return null;
  return { candidates: flexibleCandidates(search.stay, search.months, now), guests: search.guests ?? 1, guestFeeBp: currentGuestFeeBpSql };
}

/** A price filter in cents per night, from the search's whole dollars. */
export function nightlyBoundsOf(search: RoomSearch) {
  return {
    lowestCents: search.minPrice !== undefined ? dollarsToCents(search.minPrice) : undefined,
    highestCents: search.maxPrice !== undefined ? dollarsToCents(search.maxPrice) : undefined,
  };
}

/**
 * A search's page, and what a kept copy of it depends on, for the listing cache: the rooms it shows, the zones
 * whose midnight may change it (of the rooms shown and counted), with dates every room's stays (a cancellation
 * can bring back a room it left out), and sorted by rating every room's rating.
 */
export type SearchAnswer = {
  page: RoomsPage;
  dependencies: { roomIds: string[]; timeZones: string[]; anyStay: boolean; anyRating: boolean; keepUntil?: number };
};

/**
 * Until when a dated search's answer holds between midnights: a stay that may start today somewhere meets rooms'
 * same-day cut-offs ('HH:MM' where the room is, and every zone's offset is whole minutes), so its answer holds to
 * the next minute only; any other for the day.
 */
function datedAnswerKeptUntil(stay: Pick<DatedStay, 'from'> | null | undefined, startedAt: Date): number | undefined {
  if (!stay || !checkInMayHavePassedSomewhere(stay.from, startedAt)) return undefined;
  return (Math.floor(startedAt.getTime() / 60_000) + 1) * 60_000;
}

/**
 * What a search asks, worked out once for whichever runs it (the database here, or the search index,
 * modules/rooms/search-index): its stay or flexible stays, the place the gazetteer knows, and how long its answer holds.
 */
export type SearchPlan = {
  search: RoomSearch;
  startedAt: Date;
  stay: DatedStay | null;
  flexibleStays: FlexibleStays | null;
  near: Place | null;
  keepUntil: number | undefined;
};

export async function planSearch(search: RoomSearch, startedAt = new Date()): Promise<SearchPlan> {
  const stay = datedStayOf(search);
  const flexibleStays = flexibleStaysOf(search, startedAt);
  const near = search.where ? await findPlace(search.where) : null;
  // A flexible search's answer holds as its first candidate's would: later ones start later still.
  const keepUntil = datedAnswerKeptUntil(stay ?? flexibleStays?.candidates[0], startedAt);
  return { search, startedAt, stay, flexibleStays, near, keepUntil };
}

/**
 * A search's answer from its page of rows (each with its match score or distance rank, its stay's total or its
 * first fitting flexible stay) and, on the first page, how many rooms it matched and their zones.
 */
export function searchAnswer(
  { search, stay, flexibleStays, near, keepUntil }: SearchPlan,
  { rows, nextCursor, count }: { rows: OrderedRow[]; nextCursor: string | null; count: { count: number; zones: string[] } | null },
): SearchAnswer {
  const items = rows.map((row): ListedRoom => {
    const room = toListedRoom(row);
    const distance = near && row.score !== null && row.score > 1 ? { distanceKm: NEAR_RANK - row.score } : {};
    if (stay) return { ...room, ...distance, nights: nightsBetween(stay.from, stay.to), totalCents: row.stayTotalCents ?? 0 };
    const chosen = flexibleStays ? readChoice(flexibleStays.candidates, row.stayChoice) : null;
    if (chosen) {
      const { from, to } = chosen.stay;
      return { ...room, ...distance, checkin: from, checkout: to, nights: nightsBetween(from, to), totalCents: chosen.totalCents };
    }
    return { ...room, ...distance };
  });
  const page: RoomsPage = {
    items,
    nextCursor,
    ...(count ? { total: { count: Math.min(count.count, SEARCH_LIMITS.countCap), more: count.count > SEARCH_LIMITS.countCap } } : {}),
    ...(near ? { near } : {}),
  };
  const timeZones = [...new Set([...items.map((room) => room.timeZone), ...(count?.zones ?? [])])];
  // A rating published or hidden in any room may reorder 'Top rated'; a booking does not.
  return {
    page,
    dependencies: {
      roomIds: items.map((room) => room._id),
      timeZones,
      anyStay: stay !== null || flexibleStays !== null,
      anyRating: search.sort === 'top-rated',
      ...(keepUntil !== undefined ? { keepUntil } : {}),
    },
  };
}

/**
 * `GET /api/rooms` in the database: one page of the live rooms a search matches, with the stay's nights and total on
 * each room when it has dates, and on the first page how many rooms match (counted up to SEARCH_LIMITS.countCap).
 * The search index answers the same when it is loaded (modules/rooms/search-index); this answers until it is.
 */
export async function searchRooms(
  db: Db,
  { search, cursor, limit }: { search: RoomSearch; cursor?: string | undefined; limit: number },
): Promise<SearchAnswer> {
  const plan = await planSearch(search);
  const { stay, flexibleStays, near, startedAt } = plan;
  const flexible = flexibleStays ? flexibleSearchSql(flexibleStays, { bounds: nightlyBoundsOf(search), now: startedAt }) : null;
  const place = search.where ? placeSearch(search.where, near) : undefined;
  const where = searchConditions(search, stay, place?.condition, flexible?.conditions);
  const stayTotal = stay ? stayTotalSql(stay) : undefined;
  const ordering = searchOrdering(search, place ? { rank: place.rank, near: near !== null } : undefined);
  const extra = { ...(place ? { score: place.rank } : {}), ...(stayTotal ? { stayTotal } : {}), ...(flexible ? { stayChoice: flexible.choice } : {}) };

  const run = async (tx: Db): Promise<SearchAnswer> => {
    // Only the first page says how many: the count is bounded, so it costs at most countCap index probes.
    const counting = cursor
      ? null
      : tx.execute(sql`
          select count(*)::int as count, coalesce(json_agg(distinct zone), '[]'::json) as zones from (
            select ${rooms.timeZone} as zone from ${rooms}
            where ${and(isNull(rooms.deletedAt), ...where)}
            limit ${SEARCH_LIMITS.countCap + 1}
          ) matched`);
    const [{ rows, nextCursor }, counted] = await Promise.all([
      pageOfRooms(tx, { where, cursor, limit, ordering, extra }),
      counting,
    ]);
    const count = (counted as unknown as { rows: { count: number; zones: string[] }[] } | null)?.rows[0] ?? null;
    return searchAnswer(plan, { rows, nextCursor, count });
  };

  if (!search.where) return run(db);
  // The match threshold is a setting of pg_trgm's operator; SET LOCAL keeps it to this search's transaction.
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(PLACE_MATCH_THRESHOLD)}, true)`);
    return run(tx);
  });
}

