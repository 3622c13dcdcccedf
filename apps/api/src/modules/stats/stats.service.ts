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
 * The statistics dashboards. Every figure is an aggregate the database computes over the stays that kept money
 * (`kept_cents > 0`: confirmed ones, and cancelled ones whose policy refunded only part; docs/decisions/028),
 * read through the indexes of migration 0011: no booking row ever travels to this process. Sales are what was
 * kept (captured minus refunded); bookings count the confirmed stays. A sale belongs to the moment it was booked (`created_at`),
 * bucketed by the viewer's calendar (docs/decisions/016-statistics-figures.md).
 */

/** Which stays a dashboard counts: all of them (admin), those in a host's rooms (deleted ones too), a guest's own. */
type Scope = { view: 'admin' } | { view: 'host'; hostId: string } | { view: 'guest'; guestId: string };

function scopeOf(view: StatsView, actor: Actor): Scope {
  if (view === 'host') return { view, hostId: actor.id };
  if (view === 'guest') return { view, guestId: actor.id };
  return { view };
}

/** Sales are the stays that kept money (confirmed, or cancelled with part of the total kept). */
const SALES = sql.raw(`b.kept_cents > 0`);
/** Nights are the confirmed stays'. */
const STAYS = sql.raw(`b.status = 'confirmed'`);

/** `from bookings b …` with the scope's join and condition, of sales or of stays; `b` is always the bookings alias. */
function scopedBookings(scope: Scope, which: SQL = SALES): { from: SQL; where: SQL } {
  switch (scope.view) {
    case 'admin':
      return { from: sql`bookings b`, where: which };
    case 'host':
      return { from: sql`bookings b join rooms r on r.id = b.room_id`, where: sql`${which} and r.host_id = ${scope.hostId}` };
    case 'guest':
      return { from: sql`bookings b`, where: sql`${which} and b.guest_id = ${scope.guestId}` };
  }
}

/** Stays that kept money are sales; only the confirmed ones among them are bookings. */
const CONFIRMED_COUNT = sql.raw(`(count(*) filter (where b.status = 'confirmed'))::int`);

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

/** The instant a local calendar day begins in a time zone. */
function startOfLocalDay(date: IsoDate, timeZone: string): SQL {
  return sql`((${date}::date)::timestamp at time zone ${timeZone})`;
}

async function firstSaleDay(db: Db, scope: Scope, timeZone: string): Promise<IsoDate | null> {
  const { from, where } = scopedBookings(scope);
  const [row] = await query(db, sql`select to_char(min(b.created_at) at time zone ${timeZone}, 'YYYY-MM-DD') as day from ${from} where ${where}`);
  return (row?.day as string | null) ?? null;
}

/** 'Sales Over Time': the sales of each day, week or month of the range that had any, in date order. */
async function salesChart(
  db: Db,
  scope: Scope,
  { range, tz, now }: StatsQuery & { now: Date },
): Promise<{ chartData: SalesPoint[]; chart: SalesChartInfo }> {
  const today = todayIn(tz, now);
  const window = chartWindow(range, today, range === 'all' ? await firstSaleDay(db, scope, tz) : null);
  const { from, where } = scopedBookings(scope);
  const rows = await query(
    db,
    // Grouped on the truncated time and formatted afterwards: once per point rather than once per booking.
    sql`select to_char(period, 'YYYY-MM-DD') as date, sales, bookings
        from (select date_trunc(${window.granularity}, b.created_at at time zone ${tz}) as period,
                     sum(b.kept_cents)::bigint as sales, ${CONFIRMED_COUNT} as bookings
              from ${from}
              where ${where}
                and b.created_at >= ${startOfLocalDay(window.from, tz)}
                and b.created_at < ${startOfLocalDay(addDays(today, 1), tz)}
              group by 1) points
        order by period`,
  );
  return {
    chartData: rows.map((r) => ({ date: r.date as string, salesCents: Number(r.sales), bookings: Number(r.bookings) })),
    chart: { range, granularity: window.granularity, timeZone: tz, from: window.from, to: today },
  };
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
        from (select coalesce(sum(b.kept_cents), 0)::bigint as sales, ${CONFIRMED_COUNT} as bookings
              from bookings b where b.kept_cents > 0) s`,
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
              from rooms where host_id = ${actor.id}) rated, (select coalesce(sum(b.kept_cents), 0)::bigint as sales, ${CONFIRMED_COUNT} as bookings
              from bookings b join rooms r on r.id = b.room_id
              where b.kept_cents > 0 and r.host_id = ${actor.id}) s`,
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
    sql`select coalesce(sum(b.kept_cents), 0)::bigint as sales, ${CONFIRMED_COUNT} as bookings,
               (select to_char(created_at at time zone 'UTC', ${ISO_TIMESTAMP}) from users where id = ${actor.id}) as guest_since
        from bookings b where b.kept_cents > 0 and b.guest_id = ${actor.id}`,
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
  const { from, where } = scopedBookings(scopeOf(view, actor), STAYS);
  // The stays are read once (through an index), then counted per night of the month: 28 to 31 rows.
  const rows = await query(
    db,
    sql`with stays as materialized (
          select greatest(b.check_in, ${start}::date) as first_night, least(b.check_out, ${end}::date) as check_out
          from ${from}
          where ${where}
            and daterange(b.check_in, b.check_out, '[)') && daterange(${start}::date, ${end}::date, '[)')
        )
        select to_char(${start}::date + i, 'YYYY-MM-DD') as date, count(*)::int as stays
        from generate_series(0, ${nightsBetween(start, end) - 1}::int) as i
        join stays on stays.first_night <= ${start}::date + i and stays.check_out > ${start}::date + i
        group by i order by i`,
  );
  return { month, nights: rows.map((r) => ({ date: r.date as string, stays: Number(r.stays) })) };
}
