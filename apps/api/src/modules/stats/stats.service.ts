import { sql } from 'drizzle-orm';
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
import { preparedSql, type Db } from '../../db/client.js';
import { BadRequestError, PG_ERRORS, sqlState } from '../../errors.js';
import type { Actor } from '../../plugins/session.js';

/**
 * The statistics dashboards. Every figure is read from the rollups (`stats_sales`, `stats_nights`; migration 0013,
 * docs/decisions/044-statistics-rollups.md), which triggers on `bookings` keep in step in the transaction of each
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

/** Every statement below is prepared (planned once per connection): for these reads the planning cost more than the reading. */
const IN_SCOPE = sql`scope = ${sql.placeholder('scope')} and scope_id = ${sql.placeholder('scopeId')}`;
const scopeValues = (s: Scope) => ({ scope: s.scope, scopeId: s.id });

/** What a statement answers, with a zone the database does not know answered as the viewer's mistake. */
async function zoneErrors<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    // A name the browser's time zone database knows and the server's does not.
    if (sqlState(err) === PG_ERRORS.invalidParameterValue) {
      throw new BadRequestError(/*i18n*/ 'This time zone is not known to the server.', { tz: 'Unknown time zone' });
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

/** The first day of the period after the one starting on `day`. */
function nextStart(day: IsoDate, granularity: StatsGranularity): IsoDate {
  if (granularity === 'day') return addDays(day, 1);
  if (granularity === 'week') return addDays(day, 7);
  return `${addMonths(day.slice(0, 7), 1)}-01`;
}

/** The first day of each of the chart's periods, from the window's first day to the one holding today. */
export function periodStarts(from: IsoDate, today: IsoDate, granularity: StatsGranularity): IsoDate[] {
  const starts: IsoDate[] = [];
  for (let day = from; day <= today; day = nextStart(day, granularity)) starts.push(day);
  return starts;
}

/** The day of the first sale, in the viewer's zone: the earliest quarter hour that kept money. */
const firstSale = preparedSql<{ day: IsoDate | null }>(
  'stats_first_sale',
  sql`select to_char(min(bucket) at time zone ${sql.placeholder('tz')}, 'YYYY-MM-DD') as day
      from stats_sales where ${IN_SCOPE} and level = 'quarter' and sales_cents > 0`,
);

async function firstSaleDay(db: Db, scope: Scope, tz: string): Promise<IsoDate | null> {
  const [row] = await zoneErrors(firstSale(db).execute({ ...scopeValues(scope), tz }));
  return row?.day ?? null;
}

/** A list as one parameter (an array literal of plain values: dates and level names need no quoting). */
const pgArray = (values: string[]) => `{${values.join(',')}}`;

/** The rollup level a period of each granularity is one bucket of (UTC days, weeks from Monday, months). */
const LEVEL_OF: Record<StatsGranularity, 'day' | 'week' | 'month'> = { day: 'day', week: 'week', month: 'month' };

/**
 * The sales of each period [days(i), days(i+1)) of local dates in `tz`, exactly, from the rollups. Each period is
 * read as the UTC buckets between the UTC midnights of its two dates (`a`): its one week or month row when it is a
 * whole UTC week or month (`levels`; all but a range's last period), else its UTC days. Each end is then corrected
 * by the quarter hours between the local midnight (`t`, by the database's zone rules) and that UTC midnight: at most
 * 56, the widest offset being 14 hours. Every zone's midnight falls on a quarter hour, so the sums are exact
 * (docs/decisions/044-statistics-rollups.md); `whole` says whether this zone's did. One statement, prepared: its
 * planning cost more than its reading.
 */
const salesBetween = preparedSql<{ sales: string; bookings: number; whole: boolean }>(
  'stats_sales_between',
  sql`with bounds as materialized (
        select k::int, d::timestamp at time zone ${sql.placeholder('tz')} as t, d::timestamp at time zone 'UTC' as a
        from unnest(${sql.placeholder('days')}::date[]) with ordinality as b(d, k)
      ),
      corrections as (
        select b.k, coalesce(q.sales, 0) * sign(extract(epoch from b.t - b.a)) as sales,
               coalesce(q.bookings, 0) * sign(extract(epoch from b.t - b.a)) as bookings
        from bounds b cross join lateral (
          select sum(sales_cents) as sales, sum(bookings) as bookings from stats_sales
          where ${IN_SCOPE} and level = 'quarter' and bucket >= least(b.t, b.a) and bucket < greatest(b.t, b.a)
        ) q
      ),
      periods as (
        select p.k::int, coalesce(d.sales, 0) as sales, coalesce(d.bookings, 0) as bookings
        from unnest(${sql.placeholder('levels')}::text[]) with ordinality as p(level, k)
        join bounds lo on lo.k = p.k join bounds hi on hi.k = p.k + 1
        cross join lateral (
          select sum(sales_cents) as sales, sum(bookings) as bookings from stats_sales
          where ${IN_SCOPE} and level = p.level and bucket >= lo.a and bucket < hi.a
        ) d
      )
      select (p.sales + c1.sales - c0.sales)::bigint as sales, (p.bookings + c1.bookings - c0.bookings)::int as bookings,
             (select bool_and(extract(epoch from t)::bigint % 900 = 0) from bounds) as whole
      from periods p join corrections c0 on c0.k = p.k join corrections c1 on c1.k = p.k + 1
      order by p.k`,
);

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
  const levels = starts.map((day, i) => (days[i + 1] === nextStart(day, window.granularity) ? LEVEL_OF[window.granularity] : 'day'));
  const sums = await zoneErrors(
    salesBetween(db).execute({ ...scopeValues(scope), tz, days: pgArray(days), levels: pgArray(levels) }),
  );
  if (sums.some((row) => !row.whole)) {
    // A zone whose midnight is not on a quarter hour (only old local mean times are): no rollup can split it.
    throw new BadRequestError(/*i18n*/ 'This time zone cannot be used for statistics.', { tz: 'Unsupported time zone' });
  }
  return {
    chartData: starts.map((date, i) => ({ date, salesCents: Number(sums[i]!.sales), bookings: Number(sums[i]!.bookings) })),
    chart: { range, granularity: window.granularity, timeZone: tz, from: window.from, to: today },
  };
}

/** All-time sales and confirmed bookings of a scope: its four 'total' rows. */
const TOTALS = sql`(select coalesce(sum(sales_cents), 0)::bigint as sales, coalesce(sum(bookings), 0)::int as bookings
                    from stats_sales where ${IN_SCOPE} and level = 'total') s`;
type Totals = { sales: string; bookings: number };

function money(cents: unknown): { totalPrice: number; totalPriceCents: number } {
  const totalPriceCents = Number(cents);
  return { totalPrice: centsToDollars(totalPriceCents), totalPriceCents };
}

type StatsParams = StatsQuery & { actor: Actor; now?: Date };

/**
 * A dashboard's own totals row and what every dashboard shows (sales, stays, the sales chart), read together for
 * the signed-in person in that view.
 */
async function viewFigures<T extends Totals>(
  db: Db,
  view: StatsView,
  totalsQuery: (db: Db) => { execute(values: Record<string, unknown>): Promise<T[]> },
  { actor, range, tz, now = new Date() }: StatsParams,
) {
  const scope = scopeOf(view, actor);
  const [[totals], chart] = await Promise.all([totalsQuery(db).execute(scopeValues(scope)), salesChart(db, scope, { range, tz, now })]);
  return { totals: totals!, common: { ...money(totals!.sales), totalBookings: totals!.bookings, ...chart } };
}

const adminTotals = preparedSql<Totals & { users: number; rooms: number }>(
  'stats_admin_totals',
  sql`select s.sales, s.bookings,
             (select count(*)::int from users) as users,
             (select count(*)::int from rooms where deleted_at is null) as rooms
      from ${TOTALS}`,
);

/** Admin: every confirmed sale, every user, every live listing. */
export async function getAdminStats(db: Db, params: StatsParams): Promise<AdminStats> {
  const { totals, common } = await viewFigures(db, 'admin', adminTotals, params);
  return { ...common, totalUsers: totals.users, totalRooms: totals.rooms };
}

const hostTotals = preparedSql<Totals & { rooms: number; host_since: string; reviews: number; rating_sum: string; earnings: string }>(
  'stats_host_totals',
  sql`select s.sales, s.bookings,
             -- What the stays kept pays the host, from the ledger: their share after commission and the tax they remit.
             (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_journals j on j.id = e.journal_id
              where e.host_id = ${sql.placeholder('scopeId')} and e.account in ('host_pending', 'host_tax') and j.kind in ('capture', 'refund')) as earnings,
             (select count(*)::int from rooms where host_id = ${sql.placeholder('scopeId')} and deleted_at is null) as rooms,
             to_char(coalesce(
               (select min(created_at) from role_changes where user_id = ${sql.placeholder('scopeId')} and to_role = 'host'),
               (select created_at from users where id = ${sql.placeholder('scopeId')})
             ) at time zone 'UTC', ${ISO_TIMESTAMP}) as host_since,
             rated.reviews, rated.rating_sum
      from (select coalesce(sum(review_count), 0)::int as reviews, coalesce(sum(rating_sum), 0)::bigint as rating_sum
            from rooms where host_id = ${sql.placeholder('scopeId')}) rated, ${TOTALS}`,
);

/**
 * Host: sales and stays in their rooms (a removed room's stays still count), what those stays pay them (the ledger's
 * capture and refund journals on their share and tax accounts: after the marketplace's commission), their live listings, their rating
 * (the aggregates of all their rooms, rooms_host_idx), and when they became a host: the first change to host in the role audit, else (made a host before the audit
 * existed, or by the seed) the account's creation.
 */
export async function getHostStats(db: Db, params: StatsParams): Promise<HostStats> {
  const { totals, common } = await viewFigures(db, 'host', hostTotals, params);
  return {
    ...common,
    totalRooms: totals.rooms,
    hostSince: totals.host_since,
    rating: hostRating(totals.reviews, Number(totals.rating_sum)),
    earningsCents: Number(totals.earnings),
  };
}

/** The host's rating: every room's published reviews together (sum of sums over sum of counts), two decimals. */
function hostRating(count: number, ratingSum: number): HostStats['rating'] {
  return { count, average: count === 0 ? null : Math.round((ratingSum / count) * 100) / 100 };
}

const guestTotals = preparedSql<Totals & { guest_since: string }>(
  'stats_guest_totals',
  sql`select s.sales, s.bookings,
             (select to_char(created_at at time zone 'UTC', ${ISO_TIMESTAMP}) from users where id = ${sql.placeholder('scopeId')}) as guest_since
      from ${TOTALS}`,
);

/** Guest (anyone signed in): what they spent on confirmed stays, how many, and since when they have an account. */
export async function getGuestStats(db: Db, params: StatsParams): Promise<GuestStats> {
  const { totals, common } = await viewFigures(db, 'guest', guestTotals, params);
  return { ...common, guestSince: totals.guest_since };
}

const calendarNights = preparedSql<{ date: IsoDate; stays: number }>(
  'stats_calendar',
  sql`select to_char(night, 'YYYY-MM-DD') as date, sum(stays)::int as stays
      from stats_nights
      where ${IN_SCOPE} and night >= ${sql.placeholder('start')}::date and night < ${sql.placeholder('end')}::date
      group by night having sum(stays) > 0 order by night`,
);

/**
 * The calendar beside the chart: for each night of a month, how many confirmed stays include it (all stays
 * for the admin, stays in the host's rooms, the guest's own). Stays are calendar dates, so no time zone.
 */
export async function getStatsCalendar(db: Db, { actor, view, month }: { actor: Actor; view: StatsView; month: string }): Promise<StatsCalendar> {
  const nights = await calendarNights(db).execute({ ...scopeValues(scopeOf(view, actor)), start: `${month}-01`, end: `${addMonths(month, 1)}-01` });
  return { month, nights };
}
