import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  centsToDollars,
  nightsBetween,
  type AdminStats,
  type GuestStats,
  type HostStats,
  todayIn,
  type IsoDate,
  type SalesChartInfo,
  type SalesPoint,
  type StatsCalendar,
  type StatsGranularity,
  type StatsQuery,
  type StatsView,
} from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { BadRequestError, PG_ERRORS, sqlState } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';

/**
 * The statistics dashboards. Every figure is read from the rollups (`stats_sales`, `stats_nights`; migration 0013,
 * docs/decisions/036-statistics-rollups.md), which triggers on `bookings` keep in step in the transaction of each
 * booking, cancellation and refund: no answer reads the bookings themselves, so it costs the same with a thousand
 * stays or a million. Sales are what the stays kept (captured minus refunded; docs/decisions/028); bookings count
 * the confirmed stays among them. A sale belongs to the moment it was booked, bucketed by the viewer's calendar
 * (docs/decisions/016-statistics-figures.md).
 */

/** Whose figures: everyone's (admin), those of a host's rooms (removed ones too), a guest's own. */
type Scope = { scope: 'all' | 'host' | 'guest'; id: string };

function scopeOf(view: StatsView, actor: Actor): Scope {
  if (view === 'host') return { scope: 'host', id: actor.id };
  if (view === 'guest') return { scope: 'guest', id: actor.id };
  return { scope: 'all', id: '' };
}

const inScope = (s: Scope) => sql`scope = ${s.scope} and scope_id = ${s.id}`;

type Rows = { rows: Record<string, unknown>[] };

async function query(db: Db, statement: SQL): Promise<Record<string, unknown>[]> {
  try {
    return ((await db.execute(statement)) as unknown as Rows).rows;
  } catch (err) {
    // A name the browser's time zone database knows and the server's does not.
    if (sqlState(err) === PG_ERRORS.invalidParameterValue) {
      throw new BadRequestError('This time zone is not known to the server.', { tz: 'Unknown time zone' });
    }
    throw err;
  }
}

const ISO_TIMESTAMP = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/** Monday of the ISO week a date falls in (PostgreSQL's date_trunc('week') starts weeks on Monday too). */
function mondayOf(date: IsoDate): IsoDate {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

function firstOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

/** The longest spans still drawn by day, then by week; longer ones are drawn by month. */
const DAILY_UP_TO_DAYS = 62;
const WEEKLY_UP_TO_DAYS = 731;

/** What the chart covers for a range: its first day (aligned to its buckets) and how it groups. */
export function chartWindow(range: StatsQuery['range'], today: IsoDate, firstSale: IsoDate | null): { from: IsoDate; granularity: StatsGranularity } {
  if (range === '30d') return { from: addDays(today, -29), granularity: 'day' };
  if (range === '12m') return { from: mondayOf(addDays(today, -364)), granularity: 'week' };
  const first = firstSale && firstSale < today ? firstSale : today;
  const span = nightsBetween(first, today);
  if (span <= DAILY_UP_TO_DAYS) return { from: first, granularity: 'day' };
  if (span <= WEEKLY_UP_TO_DAYS) return { from: mondayOf(first), granularity: 'week' };
  return { from: firstOfMonth(first), granularity: 'month' };
}

/** The first day of each of the chart's periods, from the window's first day to the one holding today. */
export function periodStarts(from: IsoDate, today: IsoDate, granularity: StatsGranularity): IsoDate[] {
  const starts: IsoDate[] = [];
  for (let day = from; day <= today; ) {
    starts.push(day);
    day = granularity === 'day' ? addDays(day, 1) : granularity === 'week' ? addDays(day, 7) : `${addMonths(day.slice(0, 7), 1)}-01`;
  }
  return starts;
}

/** The day of the first sale, in the viewer's zone: the earliest quarter hour that kept money. */
async function firstSaleDay(db: Db, scope: Scope, timeZone: string): Promise<IsoDate | null> {
  const [row] = await query(
    db,
    sql`select to_char(min(bucket) at time zone ${timeZone}, 'YYYY-MM-DD') as day
        from stats_sales where ${inScope(scope)} and level = 'quarter' and sales_cents > 0`,
  );
  return (row?.day as string | null) ?? null;
}

/** A list as one parameter (an array literal of plain values: dates and ISO times need no quoting). */
const pgArray = (values: string[]) => `{${values.join(',')}}`;

const QUARTER_S = 900;
const DAY_S = 86_400;

/**
 * The sales of each period [b(i), b(i+1)) between local midnights b, exactly, from the rollups: the UTC days
 * between the UTC midnights nearest each boundary, corrected at each boundary by the quarter hours between it and
 * that midnight (at most 48 of them). Every zone's midnight falls on a quarter hour, so the sums are exact
 * (docs/decisions/036-statistics-rollups.md).
 */
async function salesBetween(db: Db, scope: Scope, boundaries: number[]): Promise<{ sales: number; bookings: number }[]> {
  const anchors = boundaries.map((t) => Math.round(t / DAY_S) * DAY_S);
  const toTime = (seconds: number[]) => seconds.map((t) => new Date(t * 1000).toISOString());
  const rows = await query(
    db,
    sql`with bounds as (
          select k::int, t, a from unnest(${pgArray(toTime(boundaries))}::timestamptz[], ${pgArray(toTime(anchors))}::timestamptz[]) with ordinality as b(t, a, k)
        ),
        corrections as (
          select b.k, coalesce(q.sales, 0) * sign(extract(epoch from b.t - b.a)) as sales,
                 coalesce(q.bookings, 0) * sign(extract(epoch from b.t - b.a)) as bookings
          from bounds b cross join lateral (
            select sum(sales_cents) as sales, sum(bookings) as bookings from stats_sales
            where ${inScope(scope)} and level = 'quarter' and bucket >= least(b.t, b.a) and bucket < greatest(b.t, b.a)
          ) q
        ),
        days as (
          select lo.k, coalesce(d.sales, 0) as sales, coalesce(d.bookings, 0) as bookings
          from bounds lo join bounds hi on hi.k = lo.k + 1
          cross join lateral (
            select sum(sales_cents) as sales, sum(bookings) as bookings from stats_sales
            where ${inScope(scope)} and level = 'day' and bucket >= lo.a and bucket < hi.a
          ) d
        )
        select d.k, (d.sales + c1.sales - c0.sales)::bigint as sales, (d.bookings + c1.bookings - c0.bookings)::int as bookings
        from days d join corrections c0 on c0.k = d.k join corrections c1 on c1.k = d.k + 1
        order by d.k`,
  );
  return rows.map((r) => ({ sales: Number(r.sales), bookings: Number(r.bookings) }));
}

/** 'Sales Over Time': every day, week or month of the range, those without sales as zero points. */
async function salesChart(
  db: Db,
  scope: Scope,
  { range, tz, now }: StatsQuery & { now: Date },
): Promise<{ chartData: SalesPoint[]; chart: SalesChartInfo }> {
  const today = todayIn(tz, now);
  const window = chartWindow(range, today, range === 'all' ? await firstSaleDay(db, scope, tz) : null);
  const starts = periodStarts(window.from, today, window.granularity);
  const days = [...starts, addDays(today, 1)];
  // Where each local midnight falls, as the database's zone rules say (the same rules the rollups' readers share).
  const instants = await query(
    db,
    sql`select extract(epoch from d::timestamp at time zone ${tz})::bigint as t from unnest(${pgArray(days)}::date[]) with ordinality as x(d, i) order by i`,
  );
  const boundaries = instants.map((r) => Number(r.t));
  if (boundaries.some((t) => t % QUARTER_S !== 0)) {
    // A zone whose midnight is not on a quarter hour (only old local mean times are): no rollup can split it.
    throw new BadRequestError('This time zone cannot be used for statistics.', { tz: 'Unsupported time zone' });
  }
  const sums = await salesBetween(db, scope, boundaries);
  return {
    chartData: starts.map((date, i) => ({ date, salesCents: sums[i]!.sales, bookings: sums[i]!.bookings })),
    chart: { range, granularity: window.granularity, timeZone: tz, from: window.from, to: today },
  };
}

/** All-time sales and confirmed bookings of a scope: its four 'total' rows. */
function totalsOf(scope: Scope): SQL {
  return sql`(select coalesce(sum(sales_cents), 0)::bigint as sales, coalesce(sum(bookings), 0)::int as bookings
              from stats_sales where ${inScope(scope)} and level = 'total') s`;
}

function money(cents: unknown): { totalPrice: number; totalPriceCents: number } {
  const totalPriceCents = Number(cents);
  return { totalPrice: centsToDollars(totalPriceCents), totalPriceCents };
}

type StatsParams = StatsQuery & { actor: Actor; now?: Date };

/** Admin: every confirmed sale, every user, every live listing. */
export async function getAdminStats(db: Db, { actor, range, tz, now = new Date() }: StatsParams): Promise<AdminStats> {
  const scope = scopeOf('admin', actor);
  const [totals] = await query(
    db,
    sql`select s.sales, s.bookings,
               (select count(*)::int from users) as users,
               (select count(*)::int from rooms where deleted_at is null) as rooms
        from ${totalsOf(scope)}`,
  );
  return {
    ...money(totals!.sales),
    totalBookings: Number(totals!.bookings),
    totalUsers: Number(totals!.users),
    totalRooms: Number(totals!.rooms),
    ...(await salesChart(db, scope, { range, tz, now })),
  };
}

/**
 * Host: sales and stays in their rooms (a removed room's stays still count), their live listings, their rating
 * (the aggregates of all their rooms, rooms_host_idx), and when they became a host: the first change to host in the role audit, else (made a host before the audit
 * existed, or by the seed) the account's creation.
 */
export async function getHostStats(db: Db, { actor, range, tz, now = new Date() }: StatsParams): Promise<HostStats> {
  const scope = scopeOf('host', actor);
  const [totals] = await query(
    db,
    sql`select s.sales, s.bookings,
               (select count(*)::int from rooms where host_id = ${actor.id} and deleted_at is null) as rooms,
               to_char(coalesce(
                 (select min(created_at) from role_changes where user_id = ${actor.id} and to_role = 'host'),
                 (select created_at from users where id = ${actor.id})
               ) at time zone 'UTC', ${ISO_TIMESTAMP}) as host_since,
               rated.reviews, rated.rating_sum
        from (select coalesce(sum(review_count), 0)::int as reviews, coalesce(sum(rating_sum), 0)::bigint as rating_sum
              from rooms where host_id = ${actor.id}) rated, ${totalsOf(scope)}`,
  );
  return {
    ...money(totals!.sales),
    totalBookings: Number(totals!.bookings),
    totalRooms: Number(totals!.rooms),
    hostSince: totals!.host_since as string,
    rating: hostRating(Number(totals!.reviews), Number(totals!.rating_sum)),
    ...(await salesChart(db, scope, { range, tz, now })),
  };
}

/** The host's rating: every room's published reviews together (sum of sums over sum of counts), two decimals. */
function hostRating(count: number, ratingSum: number): HostStats['rating'] {
  return { count, average: count === 0 ? null : Math.round((ratingSum / count) * 100) / 100 };
}

/** Guest (anyone signed in): what they spent on confirmed stays, how many, and since when they have an account. */
export async function getGuestStats(db: Db, { actor, range, tz, now = new Date() }: StatsParams): Promise<GuestStats> {
  const scope = scopeOf('guest', actor);
  const [totals] = await query(
    db,
    sql`select s.sales, s.bookings,
               (select to_char(created_at at time zone 'UTC', ${ISO_TIMESTAMP}) from users where id = ${actor.id}) as guest_since
        from ${totalsOf(scope)}`,
  );
  return {
    ...money(totals!.sales),
    totalBookings: Number(totals!.bookings),
    guestSince: totals!.guest_since as string,
    ...(await salesChart(db, scope, { range, tz, now })),
  };
}

/**
 * The calendar beside the chart: for each night of a month, how many confirmed stays include it (all stays
 * for the admin, stays in the host's rooms, the guest's own). Stays are calendar dates, so no time zone.
 */
export async function getStatsCalendar(db: Db, { actor, view, month }: { actor: Actor; view: StatsView; month: string }): Promise<StatsCalendar> {
  const start = `${month}-01`;
  const end = `${addMonths(month, 1)}-01`;
  const rows = await query(
    db,
    sql`select to_char(night, 'YYYY-MM-DD') as date, sum(stays)::int as stays
        from stats_nights
        where ${inScope(scopeOf(view, actor))} and night >= ${start}::date and night < ${end}::date
        group by night having sum(stays) > 0 order by night`,
  );
  return { month, nights: rows.map((r) => ({ date: r.date as string, stays: Number(r.stays) })) };
}
