import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AREA_RADIUS_METERS,
  type Area,
  NEAR_PLACE_RADIUS_KM,
  type Place,
  centsToDollars,
  checkInMayHavePassedSomewhere,
  dollarsToCents,
  flexibleCandidates,
  isDatedSearch,
  isFlexibleSearch,
  mayUse,
  nightsBetween,
  ratingFromSums,
  SEARCH_LIMITS,
  type ListedRoom,
  type ListingRules,
  listingRulesOf,
  type Room,
  type StoredListingRules,
  type RoomSearch,
  type RoomsPage,
  sortAmenities,
  splitAtAntimeridian,
  type HostRoomsPage,
  type RoomSummary,
} from '@staybook/domain';
import { textArray, withTransaction, type Db } from '../../db/client.js';
import { bookings, rooms, users } from '../../db/schema.js';
import { bookableFromSql, holdsNightsSql, roomTodaySql, staysOverlapSql } from '../../db/stay-sql.js';
import { currentGuestFeeBpSql } from '../fees/fees.service.js';
import { stayConditions, stayTotalSql, type DatedStay } from './dated-search-sql.js';
import { flexibleSearchSql, readChoice, type FlexibleStays } from './flexible-search-sql.js';
import { NotFoundError, ROOM_NOT_FOUND_MESSAGE } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';
import { findPlace } from '../places/gazetteer.js';
import { distanceKmSql, inBoxesSql, withinReachSql } from './near-sql.js';
import { decodeCursor, encodeCursor, NEWEST, searchOrdering, type Ordering } from './room-orders.js';

const host = alias(users, 'host');

/**
 * How closely a searched place matches a room's location and title: trigram word similarity of the two, both
 * folded to lower case without accents (`search_fold`, migration 0010; the trigram index is on the same
 * expression). See docs/decisions/027-search.md.
 */
const roomSearchText = sql`search_fold(${rooms.location} || ' ' || ${rooms.title})`;

/**
 * A room is booked when no night in it can be booked any more: every night from the later of its first
 * day and today where the room is (its time zone, docs/decisions/026-room-time-zone.md) up to its last day is covered by a confirmed stay, or that window has ended.
 * Stays holding nights (confirmed, or requested and waiting) never overlap (bookings_no_overlap), so the nights
 * they cover within the window add up; the sum reads bookings_room_holding_idx. A cancellation frees nights, and the room is bookable again.
 * See docs/decisions/011-booked-flag.md.
 */
const windowStart = bookableFromSql(rooms.availableFrom, roomTodaySql(rooms.timeZone));
const bookedExpr = sql<boolean>`(${windowStart} >= ${rooms.availableTo} or coalesce((
  select sum(least(${bookings.checkOut}, ${rooms.availableTo}) - greatest(${bookings.checkIn}, ${windowStart}))
  from ${bookings}
  where ${bookings.roomId} = ${rooms.id}
    and ${holdsNightsSql(bookings.status)}
    and ${staysOverlapSql({ from: bookings.checkIn, to: bookings.checkOut }, { from: windowStart, to: rooms.availableTo })}
), 0) >= ${rooms.availableTo} - ${windowStart})`;

/** What a room's card and page show, and what placing it in a search needs: all of a room but what is computed. */
const listingColumns = {
  id: rooms.id,
  title: rooms.title,
  location: rooms.location,
  category: rooms.category,
  availableFrom: rooms.availableFrom,
  availableTo: rooms.availableTo,
  priceCents: rooms.priceCents,
  guests: rooms.guests,
  bedrooms: rooms.bedrooms,
  bathrooms: rooms.bathrooms,
  description: rooms.description,
  image: rooms.image,
  photos: rooms.photos,
  timeZone: rooms.timeZone,
  cancellationPolicy: rooms.cancellationPolicy,
  amenities: rooms.amenities,
  checkInTime: rooms.checkInTime,
  checkOutTime: rooms.checkOutTime,
  houseRules: rooms.houseRules,
  weekendPriceCents: rooms.weekendPriceCents,
  minNights: rooms.minNights,
  maxNights: rooms.maxNights,
  checkInDays: rooms.checkInDays,
  checkOutDays: rooms.checkOutDays,
  noticeDays: rooms.noticeDays,
  sameDayUntil: rooms.sameDayUntil,
  bookingWindowMonths: rooms.bookingWindowMonths,
  preparationNights: rooms.preparationNights,
  instantBook: rooms.instantBook,
  cleaningFeeCents: rooms.cleaningFeeCents,
  extraGuestFeeCents: rooms.extraGuestFeeCents,
  guestsIncluded: rooms.guestsIncluded,
  weeklyDiscountPct: rooms.weeklyDiscountPct,
  monthlyDiscountPct: rooms.monthlyDiscountPct,
  taxRateBp: rooms.taxRateBp,
  latitude: rooms.latitude,
  longitude: rooms.longitude,
  areaLatitude: rooms.areaLatitude,
  areaLongitude: rooms.areaLongitude,
  address: rooms.address,
  arrivalInstructions: rooms.arrivalInstructions,
  createdAt: rooms.createdAt,
  hostId: rooms.hostId,
  hostName: host.name,
  hostImage: host.image,
  // The stored rating aggregate (kept in step by modules/reviews): cards read it, never the reviews.
  reviewCount: rooms.reviewCount,
  ratingSum: rooms.ratingSum,
  cleanlinessSum: rooms.cleanlinessSum,
  accuracySum: rooms.accuracySum,
  communicationSum: rooms.communicationSum,
  locationSum: rooms.locationSum,
  checkInSum: rooms.checkInSum,
  valueSum: rooms.valueSum,
};

const roomColumns = {
  ...listingColumns,
  booked: bookedExpr,
  // The marketplace's service fee in force: the room page quotes with it.
  serviceFeeBp: currentGuestFeeBpSql,
};

/** Rooms joined with their host, ready to be narrowed by a where clause. */
function selectRooms(db: Db) {
  return db.select(roomColumns).from(rooms).innerJoin(host, eq(host.id, rooms.hostId));
}

export type RoomRow = Awaited<ReturnType<typeof selectRooms>>[number];

/** A listed room as the search index keeps it: its row, but `booked` and the fee, which change with the clock and the rates. */
export type ListingRow = Omit<RoomRow, 'booked' | 'serviceFeeBp'> & { folded: string };

/** The live rooms `where` picks, as the search index reads them (modules/rooms/search-index), with their folded search text. */
export async function readListings(db: Db, where?: SQL): Promise<ListingRow[]> {
  return db
    .select({ ...listingColumns, folded: sql<string>`${roomSearchText}` })
    .from(rooms)
    .innerJoin(host, eq(host.id, rooms.hostId))
    .where(and(isNull(rooms.deletedAt), where));
}

/** A room as its page and its host's list show it. */
function toRoom(row: RoomRow): RoomSummary {
  return {
    _id: row.id,
    title: row.title,
    location: row.location,
    category: row.category,
    from: row.availableFrom,
    to: row.availableTo,
    price: centsToDollars(row.priceCents),
    priceCents: row.priceCents,
    guests: row.guests,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    description: row.description,
    image: row.image,
    photos: row.photos,
    host: { name: row.hostName, image: row.hostImage },
    booked: row.booked,
    timeZone: row.timeZone,
    cancellationPolicy: row.cancellationPolicy,
    rating: ratingFromSums(row),
    // Written only through the room input, which keeps list keys in the list's order.
    amenities: sortAmenities(row.amenities),
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
    houseRules: row.houseRules,
    rules: roomRulesOf(row),
    serviceFeeBp: row.serviceFeeBp,
    area: areaOf(row),
    position: row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude },
    address: row.address,
    arrivalInstructions: row.arrivalInstructions,
  };
}

/** The circle everyone sees around a home (decision 051), or null for a room without a position. */
function areaOf(row: { areaLatitude: number | null; areaLongitude: number | null }): Area | null {
  if (row.areaLatitude === null || row.areaLongitude === null) return null;
  return { latitude: row.areaLatitude, longitude: row.areaLongitude, radiusMeters: AREA_RADIUS_METERS };
}

/** A room as anyone but its host sees it: without its pin, address and arrival instructions (decision 051). */
function publicRoom({ position: _p, address: _a, arrivalInstructions: _i, ...room }: RoomSummary): Omit<RoomSummary, 'position' | 'address' | 'arrivalInstructions'> {
  return room;
}

/** The rules a room answers with: all but the nightly price, which is the room's own field. */
function roomRulesOf(row: StoredListingRules): Room['rules'] {
  const { priceCents: _price, ...rules } = listingRulesOf(row);
  return rules;
}

/** A room as a search's card shows it: without what only its page shows (docs/decisions/032-amenities-and-house-rules.md). */
export function toListedRoom(row: RoomRow): ListedRoom {
  const { photos: _p, amenities: _a, checkInTime: _i, checkOutTime: _o, houseRules: _r, rules: _s, serviceFeeBp: _f, rating, ...listed } = publicRoom(toRoom(row));
  return { ...listed, rating: { count: rating.count, average: rating.average } };
}

export type OrderedRow = RoomRow & { score: number | null; stayTotalCents: number | null; stayChoice: string | null };

/**
 * One page of live rooms matching `where` in `ordering` (newest first unless said): browsing, searching and
 * My Listings alike. Paging with the returned cursor never repeats or skips a room.
 */
export async function pageOfRooms(
  db: Db,
  {
    where,
    cursor,
    limit,
    ordering = NEWEST,
    extra = {},
  }: {
    where: SQL[];
    cursor?: string | undefined;
    limit: number;
    ordering?: Ordering;
    /**
     * More columns for each row: a search's match score, a dated search's total for its stay, a flexible search's
     * first fitting stay and its total.
     */
    extra?: { score?: SQL<number>; stayTotal?: SQL<number>; stayChoice?: SQL<string | null> };
  },
): Promise<{ rows: OrderedRow[]; nextCursor: string | null }> {
  // Removed rooms stay for booking history only; the listing indexes cover live rooms.
  const conditions: SQL[] = [isNull(rooms.deletedAt), ...where];
  const comparison = ordering.direction === 'desc' ? sql.raw('<') : sql.raw('>');
  if (cursor) {
    const after = decodeCursor(ordering, cursor);
    const left = sql.join(ordering.keys.map((key) => key.expr), sql`, `);
    const right = sql.join(ordering.keys.map((key, i) => sql`${after[i]}::${sql.raw(key.type)}`), sql`, `);
    conditions.push(sql`(${left}) ${comparison} (${right})`);
  }
  // NULLS LAST as the listing indexes were built (drizzle's desc() there): plain DESC means NULLS FIRST, which
  // no index matches, and PostgreSQL then sorts every live room to find a page. Ascending is NULLS LAST already.
  const nulls = ordering.direction === 'desc' ? sql.raw(' desc nulls last') : sql.raw(' asc');
  // The page is chosen from the rooms alone; only its rows are then joined with their hosts and given `booked`,
  // so a search that weighs thousands of rooms never joins thousands of hosts.
  const chosen = db
    .select({ chosenId: sql<string>`${rooms.id}`.as('chosen_id'), chosenScore: sql<number | null>`${extra.score ?? sql`null::real`}`.as('chosen_score') })
    .from(rooms)
    .where(and(...conditions))
    .orderBy(...ordering.keys.map((key) => sql`${key.expr}${nulls}`))
    .limit(limit + 1)
    .as('chosen');
  // The stay's total is read for the page's rows only (an order by it computes it while choosing them as well).
  const stayTotal = extra.stayTotal ? sql<number | null>`${extra.stayTotal}`.mapWith(Number) : sql<null>`null`;
  const stayChoice = extra.stayChoice ? sql<string | null>`${extra.stayChoice}` : sql<null>`null`;
  const rows = (await db
    .select({ ...roomColumns, score: chosen.chosenScore, stayTotalCents: stayTotal, stayChoice })
    .from(chosen)
    .innerJoin(rooms, eq(rooms.id, chosen.chosenId))
    .innerJoin(host, eq(host.id, rooms.hostId))
    .orderBy(...ordering.keys.map((key) => sql`${key.score ? chosen.chosenScore : key.expr}${nulls}`))) as OrderedRow[];

  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(ordering, last) : null };
}

/** My Listings: a host's live rooms, newest first, one page at a time. */
export async function pageOfHostRooms(
  db: Db,
  { hostId, cursor, limit }: { hostId: string; cursor?: string | undefined; limit: number },
): Promise<HostRoomsPage> {
  const { rows, nextCursor } = await pageOfRooms(db, { where: [eq(rooms.hostId, hostId)], cursor, limit });
  // The host's own list carries every photo: Update Room Info shows them.
  return { items: rows.map(toRoom), nextCursor };
}

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

/**
 * The host's e-mail, for a viewer allowed to see it: the host themselves (so the page knows it is their own
 * listing), an admin, or a guest with a booking (any status) of any room of this host. Everyone else gets null. See docs/decisions/009-host-email-privacy.md.
 */
async function hostEmailFor(db: Db, viewer: Actor | null, hostId: string): Promise<string | null> {
  if (!viewer) return null;
  if (viewer.id === hostId) return viewer.email;
  if (!mayUse(viewer.role, 'seeHostEmails')) {
    const [booking] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .where(and(eq(bookings.guestId, viewer.id), eq(rooms.hostId, hostId)))
      .limit(1);
    if (!booking) return null;
  }
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, hostId)).limit(1);
  return row?.email ?? null;
}

/** A listed room's cover picture (the first of its photos), or null when no listed room has this id. */
export async function findRoomCover(db: Db, { id }: { id: string }): Promise<string | null> {
  const [row] = await db.select({ image: rooms.image }).from(rooms).where(and(eq(rooms.id, id), isNull(rooms.deletedAt)));
  return row?.image ?? null;
}

/** One room with its host's id; the host's e-mail only for a viewer allowed to see it. */
export async function getRoom(db: Db, { id, viewer }: { id: string; viewer: Actor | null }): Promise<Room> {
  const [row] = await selectRooms(db)
    .where(and(eq(rooms.id, id), isNull(rooms.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(ROOM_NOT_FOUND_MESSAGE);
  const room = publicRoom(toRoom(row));
  const email = await hostEmailFor(db, viewer, row.hostId);
  return { ...room, host: { ...room.host, id: row.hostId, ...(email ? { email } : {}) } };
}

/** A live room as its card shows it, with what checking a stay in it needs: its rules, window, zone and host. */
export type RoomForCard = { listed: ListedRoom; room: RoomSummary; rules: ListingRules; hostId: string };

/** The live rooms among `ids`, by id (a removed room is left out): the cards of wishlists and recently viewed homes. */
export async function findRoomsForCards(db: Db, ids: readonly string[]): Promise<Map<string, RoomForCard>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRooms(db).where(and(inArray(rooms.id, [...ids]), isNull(rooms.deletedAt)));
  return new Map(rows.map((row) => [row.id, { listed: toListedRoom(row), room: toRoom(row), rules: listingRulesOf(row), hostId: row.hostId }]));
}
