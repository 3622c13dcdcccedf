import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addDays,
  centsToDollars,
  dollarsToCents,
  isDatedSearch,
  MAX_STAY_TOTAL_CENTS,
  MIN_PAYMENT_CENTS,
  nightsBetween,
  RATING_SHOWN_FROM,
  ratingFromSums,
  roomIdSchema,
  SEARCH_LIMITS,
  stayTotalCents,
  todayIso,
  type ListedRoom,
  type Room,
  type RoomSearch,
  type RoomsPage,
  sortAmenities,
  type HostRoomsPage,
  type RoomSummary,
} from '@staybook/domain';
import { textArray, type Db } from '../../db/client.js';
import { bookings, calendarBlocks, rooms, users } from '../../db/schema.js';
import { isWrittenTime } from '../../db/time-cursor.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';

const host = alias(users, 'host');

/**
 * A room is booked when no night in it can be booked any more: every night from the later of its first
 * day and today where the room is (its time zone, docs/decisions/026-room-time-zone.md) up to its last day is covered by a confirmed stay, or that window has ended.
 * Confirmed stays never overlap (bookings_no_overlap), so the nights they cover within the window add up;
 * the sum reads bookings_room_confirmed_idx. A cancellation frees nights, and the room is bookable again.
 * See docs/decisions/011-booked-flag.md.
 */
const windowStart = sql`greatest(${rooms.availableFrom}, (now() at time zone ${rooms.timeZone})::date)`;
const bookedExpr = sql<boolean>`(${windowStart} >= ${rooms.availableTo} or coalesce((
  select sum(least(${bookings.checkOut}, ${rooms.availableTo}) - greatest(${bookings.checkIn}, ${windowStart}))
  from ${bookings}
  where ${bookings.roomId} = ${rooms.id}
    and ${bookings.status} = 'confirmed'
    and ${bookings.checkOut} > ${windowStart}
    and ${bookings.checkIn} < ${rooms.availableTo}
), 0) >= ${rooms.availableTo} - ${windowStart})`;

const roomColumns = {
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
  createdAt: rooms.createdAt,
  hostId: rooms.hostId,
  hostName: host.name,
  hostImage: host.image,
  booked: bookedExpr,
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

/** Rooms joined with their host, ready to be narrowed by a where clause. */
function selectRooms(db: Db) {
  return db.select(roomColumns).from(rooms).innerJoin(host, eq(host.id, rooms.hostId));
}

type RoomRow = Awaited<ReturnType<typeof selectRooms>>[number];

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
  };
}

/** A room as a search's card shows it: without what only its page shows (docs/decisions/032-amenities-and-house-rules.md). */
function toListedRoom(row: RoomRow): ListedRoom {
  const { photos: _p, amenities: _a, checkInTime: _i, checkOutTime: _o, houseRules: _r, rating, ...listed } = toRoom(row);
  return { ...listed, rating: { count: rating.count, average: rating.average } };
}

/**
 * An order a page of rooms can be listed in: its sort keys, all in one direction and ending with the id, so the
 * order is total and a page's last row is where the next one starts (one row comparison, which an index on
 * the same keys answers as a range). The cursor carries the order's tag, so a cursor from one order is refused
 * by another.
 */
type Ordering = {
  tag: string;
  direction: 'asc' | 'desc';
  /** `score`: the key is the search's match score, computed once per room while the page is chosen. */
  keys: { expr: SQL; type: 'timestamptz' | 'uuid' | 'bigint' | 'real'; score?: true; read(row: OrderedRow): string | number }[];
};

type OrderedRow = RoomRow & { score: number | null };

const idKey = { expr: sql`${rooms.id}`, type: 'uuid', read: (row: OrderedRow) => row.id } as const;
const createdKey = { expr: sql`${rooms.createdAt}`, type: 'timestamptz', read: (row: OrderedRow) => row.createdAt.toISOString() } as const;

/** Newest first: browsing, My Listings and a search's 'Recommended' without a place. */
const NEWEST: Ordering = { tag: 'n', direction: 'desc', keys: [createdKey, idKey] };

function byPrice(direction: 'asc' | 'desc'): Ordering {
  return {
    tag: direction === 'asc' ? 'pa' : 'pd',
    direction,
    keys: [{ expr: sql`${rooms.priceCents}`, type: 'bigint', read: (row) => row.priceCents }, idKey],
  };
}

/** A place searched for: the best matches first, then newest first among equals. */
function byMatch(score: SQL): Ordering {
  return {
    tag: 'm',
    direction: 'desc',
    keys: [{ expr: score, type: 'real', score: true, read: (row) => row.score ?? 0 }, createdKey, idKey],
  };
}

function encodeCursor(ordering: Ordering, row: OrderedRow): string {
  const values = ordering.keys.map((key) => key.read(row));
  // Newest first keeps the cursor it always had: [createdAt, id].
  const cursor = ordering === NEWEST ? values : [ordering.tag, ...values];
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const INVALID_CURSOR = new BadRequestError('The page cursor is not valid; start again from the first page.', {
  cursor: 'Invalid cursor',
});

function validKeyValue(type: Ordering['keys'][number]['type'], value: unknown): boolean {
  switch (type) {
    case 'uuid':
      return typeof value === 'string' && roomIdSchema.safeParse(value).success;
    case 'timestamptz':
      // Exactly as the cursor wrote it: JavaScript reads '2026-02-30' or '2026-11' as dates, PostgreSQL refuses them.
      return typeof value === 'string' && isWrittenTime(value);
    case 'bigint':
      return Number.isSafeInteger(value);
    case 'real':
      // What a `real` holds: PostgreSQL refuses 1e300 and 1e-50 rather than rounding them.
      return typeof value === 'number' && (value === 0 || (Math.abs(value) > 1e-30 && Math.abs(value) < 1e30));
  }
}

/** The values of the row a page starts after, checked against the order they belong to. */
function decodeCursor(ordering: Ordering, text: string): (string | number)[] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw INVALID_CURSOR;
  }
  if (!Array.isArray(value)) throw INVALID_CURSOR;
  const values: unknown[] = ordering === NEWEST ? value : value[0] === ordering.tag ? value.slice(1) : [];
  if (values.length !== ordering.keys.length || !ordering.keys.every((key, i) => validKeyValue(key.type, values[i]))) {
    throw INVALID_CURSOR;
  }
  return values as (string | number)[];
}

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
    /** More columns for each row: a search's match score. */
    extra?: { score?: SQL<number> };
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
  const rows = (await db
    .select({ ...roomColumns, score: chosen.chosenScore })
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

/**
 * How closely a searched place matches a room's location and title: trigram word similarity of the two, both
 * folded to lower case without accents (`search_fold`, migration 0010; the trigram index is on the same
 * expression). See docs/decisions/027-search.md.
 */
const roomSearchText = sql`search_fold(${rooms.location} || ' ' || ${rooms.title})`;
/** The least word similarity that counts as a match: 'lisbn' finds Lisbon (0.67), 'nwe york' New York (0.56). */
export const PLACE_MATCH_THRESHOLD = 0.5;

/** What a search's filters add to the live rooms' where clause, each on an index or a cheap row check. */
function searchConditions(search: RoomSearch): SQL[] {
  const where: SQL[] = [];
  if (search.category) where.push(eq(rooms.category, search.category));
  if (search.where) where.push(sql`search_fold(${search.where}) <% ${roomSearchText}`);
  if (search.guests !== undefined) where.push(sql`${rooms.guests} >= ${search.guests}`);
  if (search.bedrooms !== undefined) where.push(sql`${rooms.bedrooms} >= ${search.bedrooms}`);
  // Every chosen amenity: containment, which the GIN index rooms_amenities_idx answers.
  if (search.amenities?.length) {
    where.push(sql`${rooms.amenities} @> ${textArray(search.amenities)}`);
  }
  // The nightly price's bounds, with a dated stay's own folded in (a card must be able to pay for the whole stay:
  // nightly price × nights between the payment minimum and the most one booking may cost). One plain range on
  // the column, which the planner can estimate; a product of column and nights it cannot.
  let lowest = search.minPrice !== undefined ? dollarsToCents(search.minPrice) : null;
  let highest = search.maxPrice !== undefined ? dollarsToCents(search.maxPrice) : null;
  if (isDatedSearch(search)) {
    const nights = nightsBetween(search.checkin, search.checkout);
    lowest = Math.max(lowest ?? 0, Math.ceil(MIN_PAYMENT_CENTS / nights));
    highest = Math.min(highest ?? Number.MAX_SAFE_INTEGER, Math.floor(MAX_STAY_TOTAL_CENTS / nights));
  }
  if (lowest !== null) where.push(sql`${rooms.priceCents} >= ${lowest}`);
  if (highest !== null) where.push(sql`${rooms.priceCents} <= ${highest}`);
  if (isDatedSearch(search)) {
    const { checkin, checkout } = search;
    // The whole stay inside the room's window.
    where.push(sql`${rooms.availableFrom} <= ${checkin}::date`, sql`${rooms.availableTo} >= ${checkout}::date`);
    // Starting no earlier than today where the room is. No zone is more than a day ahead of UTC, so a check-in
    // after UTC's today is that everywhere; each room is asked only nearer than two days (a day's margin for a
    // clock a little off), which keeps an unestimable per-room test out of most searches' plans.
    if (checkin < addDays(todayIso(), 2)) where.push(sql`${checkin}::date >= (now() at time zone ${rooms.timeZone})::date`);
    where.push(
      // No confirmed stay shares a night with it: the booking constraint's own test (bookings_no_overlap, half-open
      // ranges, so a check-out day may be the next check-in), answered by the constraint's index.
      sql`not exists (
        select 1 from ${bookings}
        where ${bookings.roomId} = ${rooms.id}
          and ${bookings.status} = 'confirmed'
          and daterange(${bookings.checkIn}, ${bookings.checkOut}, '[)') && daterange(${checkin}::date, ${checkout}::date, '[)')
      )`,
      // Nor a night an imported calendar took (docs/decisions/030-calendar-sync.md), by calendar_blocks_nights_idx.
      // A sync that changes a room's blocks announces it, which drops every kept dated search (`anyStay`).
      sql`not exists (
        select 1 from ${calendarBlocks}
        where ${calendarBlocks.roomId} = ${rooms.id}
          and daterange(${calendarBlocks.checkIn}, ${calendarBlocks.checkOut}, '[)') && daterange(${checkin}::date, ${checkout}::date, '[)')
      )`,
    );
  }
  return where;
}

/**
 * 'Top rated': rooms with at least RATING_SHOWN_FROM published reviews first, by average (to four decimals,
 * an integer key so the cursor compares exactly) then count; then the rest, most reviewed first; then newest.
 * Read from the stored aggregate, in the order of the index `rooms_top_rated_idx` (migration 0014), whose
 * expressions these are word for word: the threshold is written into the SQL, not bound, so the planner matches them.
 */
const SHOWN_FROM = sql.raw(String(RATING_SHOWN_FROM));
const RATED = sql`(case when ${rooms.reviewCount} >= ${SHOWN_FROM} then 1 else 0 end)`;
const TOP_RATED: Ordering = {
  tag: 'tr',
  direction: 'desc',
  keys: [
    { expr: RATED, type: 'bigint', read: (row) => (row.reviewCount >= RATING_SHOWN_FROM ? 1 : 0) },
    {
      expr: sql`(case when ${rooms.reviewCount} >= ${SHOWN_FROM} then ${rooms.ratingSum}::bigint * 10000 / ${rooms.reviewCount} else 0 end)`,
      type: 'bigint',
      read: (row) => (row.reviewCount >= RATING_SHOWN_FROM ? Math.floor((row.ratingSum * 10000) / row.reviewCount) : 0),
    },
    { expr: sql`${rooms.reviewCount}`, type: 'bigint', read: (row) => row.reviewCount },
    createdKey,
    idKey,
  ],
};

function searchOrdering(search: RoomSearch, score: SQL<number> | undefined): Ordering {
  if (search.sort === 'top-rated') return TOP_RATED;
  if (search.sort === 'price-asc') return byPrice('asc');
  if (search.sort === 'price-desc') return byPrice('desc');
  return score ? byMatch(score) : NEWEST;
}

/**
 * A search's page, and what a kept copy of it depends on, for the listing cache: the rooms it shows, the zones
 * whose midnight may change it (of the rooms shown and counted), with dates every room's stays (a cancellation
 * can bring back a room it left out), and sorted by rating every room's rating.
 */
export type SearchAnswer = {
  page: RoomsPage;
  dependencies: { roomIds: string[]; timeZones: string[]; anyStay: boolean; anyRating: boolean };
};

/**
 * `GET /api/rooms`: one page of the live rooms a search matches, with the stay's nights and total on each room
 * when it has dates, and on the first page how many rooms match (counted up to SEARCH_LIMITS.countCap).
 */
export async function searchRooms(
  db: Db,
  { search, cursor, limit }: { search: RoomSearch; cursor?: string | undefined; limit: number },
): Promise<SearchAnswer> {
  const where = searchConditions(search);
  const score = search.where ? sql<number>`word_similarity(search_fold(${search.where}), ${roomSearchText})` : undefined;
  const ordering = searchOrdering(search, score);
  const stay = isDatedSearch(search) ? { nights: nightsBetween(search.checkin, search.checkout), from: search.checkin, to: search.checkout } : null;

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
      pageOfRooms(tx, { where, cursor, limit, ordering, extra: score ? { score } : {} }),
      counting,
    ]);
    const items = rows.map((row): ListedRoom => {
      const room = toListedRoom(row);
      return stay ? { ...room, nights: stay.nights, totalCents: stayTotalCents(row.priceCents, stay.from, stay.to) } : room;
    });
    const count = (counted as unknown as { rows: { count: number; zones: string[] }[] } | null)?.rows[0];
    const page: RoomsPage = {
      items,
      nextCursor,
      ...(count ? { total: { count: Math.min(count.count, SEARCH_LIMITS.countCap), more: count.count > SEARCH_LIMITS.countCap } } : {}),
    };
    const timeZones = [...new Set([...items.map((room) => room.timeZone), ...(count?.zones ?? [])])];
    // A rating published or hidden in any room may reorder 'Top rated'; a booking does not.
    return {
      page,
      dependencies: { roomIds: items.map((room) => room._id), timeZones, anyStay: stay !== null, anyRating: search.sort === 'top-rated' },
    };
  };

  if (!search.where) return run(db);
  // The match threshold is a setting of pg_trgm's operator; SET LOCAL keeps it to this search's transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(PLACE_MATCH_THRESHOLD)}, true)`);
    return run(tx as unknown as Db);
  });
}

export const ROOM_NOT_FOUND_MESSAGE = 'Room not found. It may have been removed by its host.';

/**
 * The host's e-mail, for a viewer allowed to see it: the host themselves (so the page knows it is their own
 * listing), an admin, or a guest with a booking (any status) of any room of this host. Everyone else gets null. See docs/decisions/009-host-email-privacy.md.
 */
async function hostEmailFor(db: Db, viewer: Actor | null, hostId: string): Promise<string | null> {
  if (!viewer) return null;
  if (viewer.id === hostId) return viewer.email;
  if (viewer.role !== 'admin') {
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
  const room = toRoom(row);
  const email = await hostEmailFor(db, viewer, row.hostId);
  return { ...room, host: { ...room.host, id: row.hostId, ...(email ? { email } : {}) } };
}
