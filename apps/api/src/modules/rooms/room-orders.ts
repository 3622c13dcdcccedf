/*
 * The orders a page of rooms is listed in (newest, by price, by match, top rated) and the cursors that carry a
 * page's last row to the next request, checked against the order they belong to.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RATING_SHOWN_FROM, roomIdSchema, type RoomSearch } from '@staybook/domain';
import { rooms } from '../../db/schema.js';
import { isWrittenTime } from '../../db/time-cursor.js';
import { BadRequestError } from '../../errors.js';

/**
 * An order a page of rooms can be listed in: its sort keys, all in one direction and ending with the id, so the
 * order is total and a page's last row is where the next one starts (one row comparison, which an index on
 * the same keys answers as a range). The cursor carries the order's tag, so a cursor from one order is refused
 * by another.
 */
export type Ordering = {
  tag: string;
  direction: 'asc' | 'desc';
  /** `score`: the key is the search's match score, computed once per room while the page is chosen. */
  keys: { expr: SQL; type: 'timestamptz' | 'uuid' | 'bigint' | 'real'; score?: true; read(row: OrderedRow): string | number }[];
};

/** What an order reads from a room to place it and to write the cursor after it. */
export type OrderedRow = {
  id: string;
  createdAt: Date;
  priceCents: number;
  reviewCount: number;
  ratingSum: number;
  /** The search's match score, when it searched for a place. */
  score: number | null;
};

const idKey = { expr: sql`${rooms.id}`, type: 'uuid', read: (row: OrderedRow) => row.id } as const;
const createdKey = { expr: sql`${rooms.createdAt}`, type: 'timestamptz', read: (row: OrderedRow) => row.createdAt.toISOString() } as const;

/** Newest first: browsing, My Listings and a search's 'Recommended' without a place. */
export const NEWEST: Ordering = { tag: 'n', direction: 'desc', keys: [createdKey, idKey] };

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

/**
 * A place the gazetteer knows was searched for (decision 051): its rank puts homes within reach first, nearest
 * first, then the other matches by how well they match; newest first among equals, as by match. Its own tag: a
 * cursor of the match order means something else here.
 */
function byNearness(rank: SQL): Ordering {
  return { ...byMatch(rank), tag: 'd' };
}

export function encodeCursor(ordering: Ordering, row: OrderedRow): string {
  const values = ordering.keys.map((key) => key.read(row));
  // Newest first keeps the cursor it always had: [createdAt, id].
  const cursor = ordering === NEWEST ? values : [ordering.tag, ...values];
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const INVALID_CURSOR = new BadRequestError(/*i18n*/ 'The page cursor is not valid; start again from the first page.', {
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
export function decodeCursor(ordering: Ordering, text: string): (string | number)[] {
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

/**
 * The order of a search's rooms: its sort, else nearest first when it names a place the gazetteer knows, else by
 * match when it names a place, else newest first. By price is by
 * the nightly price, with dates too (docs/decisions/048-dated-search-follows-the-rules.md): off `rooms_price_idx`.
 */
export function searchOrdering(search: RoomSearch, score: { rank: SQL<number>; near: boolean } | undefined): Ordering {
  if (search.sort === 'top-rated') return TOP_RATED;
  if (search.sort === 'price-asc') return byPrice('asc');
  if (search.sort === 'price-desc') return byPrice('desc');
  if (!score) return NEWEST;
  return score.near ? byNearness(score.rank) : byMatch(score.rank);
}
