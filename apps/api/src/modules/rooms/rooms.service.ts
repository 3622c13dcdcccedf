import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AREA_RADIUS_METERS,
  type Area,
  centsToDollars,
  mayUse,
  ratingFromSums,
  type ListedRoom,
  type ListingRules,
  listingRulesOf,
  type RatingSums,
  type Room,
  type StoredListingRules,
  sortAmenities,
  type HostRoomsPage,
  type RoomSummary,
} from '@staybook/domain';
import { type Db } from '../../db/client.js';
import { bookings, rooms, users } from '../../db/schema.js';
import { bookableFromSql, holdsNightsSql, roomTodaySql, staysOverlapSql } from '../../db/stay-sql.js';
import { currentGuestFeeBpSql } from '../fees/fees.service.js';
import { NotFoundError, ROOM_NOT_FOUND_MESSAGE } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';
import { decodeCursor, encodeCursor, NEWEST, type Ordering } from './room-orders.js';

const host = alias(users, 'host');

/**
 * How closely a searched place matches a room's location and title: trigram word similarity of the two, both
 * folded to lower case without accents (`search_fold`, migration 0010; the trigram index is on the same
 * expression). See docs/decisions/027-search.md.
 */
export const roomSearchText = sql`search_fold(${rooms.location} || ' ' || ${rooms.title})`;

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

/**
 * What a search's card shows of a room (`toListedRoom`) and what its orders read to place it: all a search keeps of
 * a row. The search index holds only these for each room, not what only its page and its host see (its photos,
 * amenities, house rules, pin, address, arrival instructions).
 */
export type CardRow = Pick<
  RoomRow,
  | 'id'
  | 'title'
  | 'location'
  | 'category'
  | 'availableFrom'
  | 'availableTo'
  | 'priceCents'
  | 'guests'
  | 'bedrooms'
  | 'bathrooms'
  | 'description'
  | 'image'
  | 'hostName'
  | 'hostImage'
  | 'booked'
  | 'timeZone'
  | 'cancellationPolicy'
  | 'areaLatitude'
  | 'areaLongitude'
  | keyof RatingSums
>;

/** A room as its card shows it, with its rating in full. */
function cardOf(row: CardRow) {
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
    host: { name: row.hostName, image: row.hostImage },
    booked: row.booked,
    timeZone: row.timeZone,
    cancellationPolicy: row.cancellationPolicy,
    rating: ratingFromSums(row),
    area: areaOf(row),
  };
}

/** A room as its page and its host's list show it. */
function toRoom(row: RoomRow): RoomSummary {
  return {
    ...cardOf(row),
    photos: row.photos,
    // Written only through the room input, which keeps list keys in the list's order.
    amenities: sortAmenities(row.amenities),
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
    houseRules: row.houseRules,
    rules: roomRulesOf(row),
    serviceFeeBp: row.serviceFeeBp,
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

/**
 * A room as a search's card shows it: without what only its page shows (docs/decisions/032-amenities-and-house-rules.md)
 * or only its host (decision 051), and with its rating's count and average only.
 */
export function toListedRoom(row: CardRow): ListedRoom {
  const { rating, ...card } = cardOf(row);
  return { ...card, rating: { count: rating.count, average: rating.average } };
}

/** What a search adds to a row: its match score, and its stay's total or its first fitting stay. */
type SearchColumns = { score: number | null; stayTotalCents: number | null; stayChoice: string | null };

/** A search's row: what its card shows, with what the search adds and what its cursor reads. */
export type OrderedRow = CardRow & Pick<RoomRow, 'createdAt'> & SearchColumns;

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
): Promise<{ rows: (RoomRow & SearchColumns)[]; nextCursor: string | null }> {
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
    .orderBy(...ordering.keys.map((key) => sql`${key.score ? chosen.chosenScore : key.expr}${nulls}`))) as (RoomRow & SearchColumns)[];

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
