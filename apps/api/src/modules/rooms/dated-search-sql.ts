/*
 * A dated search's one stay judged by every room at once: the listing's stay rules (`findStayProblem`) and its
 * price (`quoteStay`) as SQL over the rooms table, for a search that must answer which rooms can take exactly this
 * stay and what it costs in each (docs/decisions/048-dated-search-follows-the-rules.md). The stay's dates are the
 * same for every room, so what depends on them alone (its nights, its weekdays, how many are Friday or Saturday
 * nights, which discount applies) is worked out here and written into the SQL; what depends on the room is read
 * from its columns, its calendar settings, its stays and its imported blocks.
 *
 * dated-search-sql.test.ts runs these fragments and the domain functions on the same random rules, settings, stays
 * and instants, on every database kind, and requires the same answer.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  addMonthsToDate,
  checkInMayHavePassedSomewhere,
  earliestCheckIn,
  isWeekendNight,
  LISTING_RULE_LIMITS,
  MAX_STAY_TOTAL_CENTS,
  MIN_PAYMENT_CENTS,
  MONTHLY_DISCOUNT_NIGHTS,
  nightsBetween,
  nightsOf,
  weekdayOf,
  WEEKLY_DISCOUNT_NIGHTS,
  BOOKING_WINDOW_MONTHS,
  type IsoDate,
} from '@staybook/domain';
import { bookings, calendarBlocks, roomNightSettings, rooms } from '../../db/schema.js';
import { dateValue, holdsNightsSql, nightsOverlapSql, roomTodaySql, staysOverlapSql, type StaySql } from '../../db/stay-sql.js';

/**
 * The stay a dated search asks about, the guests it is for, the marketplace's service fee in force (basis points), and
 * the instant it is judged at (the statement's by default).
 */
export type DatedStay = { from: IsoDate; to: IsoDate; guests: number; guestFeeBp: number | SQL<number>; at?: Date };

/** An integer written into the SQL: a fact of the stay, the same for every room (and no bound parameter to estimate). */
const literal = (n: number) => sql.raw(String(Math.trunc(n)));

/** A price filter on the stay's average night (its total over its nights), in cents; either end may be open. */
export type NightlyBounds = { lowestCents?: number | undefined; highestCents?: number | undefined };

/**
 * The rooms' conditions for taking the stay: every rule `findStayProblem` checks but the viewer's own room and the
 * guests (the search's own filters), with the search's price filter on the stay's average night. The rules that
 * hang on the room's clock (the notice, the booking window) are left out when no room's clock can refuse the stay
 * at `now`, which keeps conditions the planner cannot estimate out of most searches' plans.
 */
export function stayConditions(stay: DatedStay, { bounds = {}, now = new Date() }: { bounds?: NightlyBounds; now?: Date } = {}): SQL[] {
  const nights = nightsBetween(stay.from, stay.to);
  const from = dateValue(stay.from);
  const to = dateValue(stay.to);
  const lowest = Math.max(MIN_PAYMENT_CENTS, (bounds.lowestCents ?? 0) * nights);
  const highest = Math.min(MAX_STAY_TOTAL_CENTS, (bounds.highestCents ?? MAX_STAY_TOTAL_CENTS) * nights);
  const at = stay.at ? sql`${stay.at.toISOString()}::timestamptz` : sql`now()`;
  const today = roomTodaySql(rooms.timeZone, at);
  // The room's own rules, below, go to the planner as one condition (see the end).
  const rules: SQL[] = [
    // The check-in and check-out weekdays (`check-in-day`, `check-out-day`).
    sql`(${rooms.checkInDays} & ${literal(1 << weekdayOf(stay.from))}) <> 0`,
    sql`(${rooms.checkOutDays} & ${literal(1 << weekdayOf(stay.to))}) <> 0`,
    // The longest stay, and the shortest: the calendar's for stays starting on the check-in night, else the
    // listing's (`max-nights`, `min-nights`). The calendar is read only where the host set nights in it.
    sql`${rooms.maxNights} >= ${literal(nights)}`,
    sql`(case when ${rooms.calendarRuns} = 0 then ${rooms.minNights} else coalesce((
      select s.min_nights from ${roomNightSettings} s
      where s.room_id = ${rooms.id} and s.check_in <= ${from} and s.check_out > ${from}
    ), ${rooms.minNights}) end) <= ${literal(nights)}`,
    // No night the host closed (`blocked`).
    sql`(${rooms.calendarRuns} = 0 or not exists (
      select 1 from ${roomNightSettings} s
      where s.room_id = ${rooms.id} and s.blocked
        and ${staysOverlapSql({ from: sql`s.check_in`, to: sql`s.check_out` }, { from, to })}
    ))`,
    preparationCondition({ from, to }),
    // A card can pay for it (`below-minimum`, `above-maximum`) and its average night is within the price filter:
    // one range, so the total is computed once per room (a reversed range is an error in SQL: no room can). In
    // coalesce, which the planner estimates as a coin toss rather than as a rare range match, so it still expects
    // many rooms and walks rooms and stays together.
    lowest <= highest ? sql`coalesce(int8range(${literal(lowest)}, ${literal(highest)}, '[]') @> ${stayTotalSql(stay)}, false)` : sql`false`,
  ];
  // The notice (and with it a check-in in the past: the first day notice allows is never before today) only when
  // the check-in may come within the longest notice of some room's today, with a day's margin for the clocks.
  if (stay.at || checkInMayHavePassedSomewhere(addDays(stay.from, -LISTING_RULE_LIMITS.maxNoticeDays), now)) {
    const timeOfDay = sql`to_char(${at} at time zone ${rooms.timeZone}, 'HH24:MI') collate "C"`;
    rules.push(sql`${from} >= (case
      when ${rooms.noticeDays} > 0 then ${today} + ${rooms.noticeDays}
      when ${rooms.sameDayUntil} is not null and ${timeOfDay} >= ${rooms.sameDayUntil} collate "C" then ${today} + 1
      else ${today} end)`);
  }
  // The booking window only when the check-in lies past the shortest one of the earliest today anywhere.
  const shortestWindowEnd = addDays(addMonthsToDate(earliestCheckIn(now), BOOKING_WINDOW_MONTHS[0]), -1);
  if (stay.at || stay.from > shortestWindowEnd) {
    rules.push(sql`(${rooms.bookingWindowMonths} is null
      or ${from} <= (${today} + make_interval(months => ${rooms.bookingWindowMonths}))::date)`);
  }
  return [
    // Inside the room's window (`outside-window`), and free of stays and imported blocks (`taken`): conditions the
    // planner estimates well.
    sql`(${from} >= ${rooms.availableFrom} and ${to} <= ${rooms.availableTo})`,
    ...freeOfStaysConditions({ from, to }),
    // The room's own rules as one condition, which the planner prices as an even chance: as separate conditions of
    // unknown selectivity they multiply into an estimate of a few rooms, and the planner then probes each room's
    // stays one by one instead of walking rooms and stays in room order together (10 times slower at 100,000 rooms).
    sql`(case when ${sql.join(rules, sql` and `)} then true else false end)`,
  ];
}

/** How a stay meets a range: the booking constraint's daterange test (`nightsOverlapSql`) or plain comparisons. */
type Overlap = typeof staysOverlapSql;

/** Stays holding nights of the room (confirmed or requested) meeting `range`, as the body of an `exists`. */
function confirmedStaysMeeting(range: StaySql, overlap: Overlap = staysOverlapSql): SQL {
  return sql`select 1 from ${bookings}
      where ${bookings.roomId} = ${rooms.id}
        and ${holdsNightsSql(bookings.status)}
        and ${overlap({ from: bookings.checkIn, to: bookings.checkOut }, range)}`;
}

/**
 * Imported blocks of the room meeting `range`, as the body of an `exists`. A sync that changes a room's blocks
 * announces it, which drops every kept dated search (`anyStay`).
 */
function importedBlocksMeeting(range: StaySql, overlap: Overlap = staysOverlapSql): SQL {
  return sql`select 1 from ${calendarBlocks}
      where ${calendarBlocks.roomId} = ${rooms.id}
        and ${overlap({ from: calendarBlocks.checkIn, to: calendarBlocks.checkOut }, range)}`;
}

/**
 * No confirmed stay and no imported block shares a night with the stay (`taken`). Nothing of the room but its id is
 * in it, and it is the booking constraint's own test, so PostgreSQL answers it for many rooms at once by walking
 * rooms and stays in room order together (a merge anti join), as it did before rooms had rules.
 */
function freeOfStaysConditions(stay: StaySql): SQL[] {
  return [sql`not exists (${confirmedStaysMeeting(stay, nightsOverlapSql)})`, sql`not exists (${importedBlocksMeeting(stay, nightsOverlapSql)})`];
}

/**
 * Nor with the nights the room's preparation time keeps free around them (`preparation`): a stay [a, b) keeps
 * [a − p, b + p) free, which is the same as the stay [from − p, to + p) meeting [a, b). Asked only of rooms that have
 * a preparation time (the `or` keeps it a test of each such room, which bookings_room_holding_idx answers).
 */
function preparationCondition({ from, to }: StaySql): SQL {
  const widened = { from: sql`(${from} - ${rooms.preparationNights})`, to: sql`(${to} + ${rooms.preparationNights})` };
  return sql`(${rooms.preparationNights} = 0
    or not exists (${confirmedStaysMeeting(widened)}) and not exists (${importedBlocksMeeting(widened)}))`;
}

/**
 * The stay's total in each room as `quoteStay` computes it, in cents (a `bigint`): the nights (the calendar's price,
 * else the weekend price on Friday and Saturday nights, else the nightly price), less the discount, plus the
 * cleaning fee and the extra guests' fee, plus the tax on all of that and the marketplace's service fee on it, each
 * percentage rounded once to the nearest cent with halves up. One correlated subquery, so the nights' sum is read once per room.
 */
export function stayTotalSql(stay: Pick<DatedStay, 'from' | 'to' | 'guests' | 'guestFeeBp'>): SQL<number> {
  const nights = nightsBetween(stay.from, stay.to);
  const weekendNights = nightsOf(stay).filter(isWeekendNight).length;
  const from = dateValue(stay.from);
  const to = dateValue(stay.to);
  const price = sql`${rooms.priceCents}::bigint`;
  const weekendPrice = sql`coalesce(${rooms.weekendPriceCents}, ${rooms.priceCents})::bigint`;
  // What the calendar's prices change: on the k nights of the stay a priced run covers, its price in place of the
  // listing's (k × the nightly price, and the weekend price's difference on w of them, the Friday and Saturday nights).
  // The run's first night in the stay falls on weekday d = (the check-in's + its offset) mod 7; among k nights from
  // weekday d, weekday x comes (k − r + 6) div 7 times, r = (x − d) mod 7 being how far the first one is.
  const first = sql`(greatest(s.check_in, ${from}) - ${from})`;
  const k = sql`(least(s.check_out, ${to}) - greatest(s.check_in, ${from}))`;
  const d = sql`((${literal(weekdayOf(stay.from))} + ${first}) % 7)`;
  const timesOf = (weekday: number) => sql`((${k} - (${literal(weekday + 7)} - ${d}) % 7 + 6) / 7)`;
  const calendarChange = sql`(case when ${rooms.calendarRuns} = 0 then 0 else (
    select coalesce(sum(s.price_cents::bigint * ${k} - ${k} * ${price} - (${timesOf(5)} + ${timesOf(6)}) * (${weekendPrice} - ${price})), 0)::bigint
    from ${roomNightSettings} s
    where s.room_id = ${rooms.id} and s.price_cents is not null
      and ${staysOverlapSql({ from: sql`s.check_in`, to: sql`s.check_out` }, { from, to })}
  ) end)`;
  const nightsCents = sql`(${literal(nights - weekendNights)} * ${price} + ${literal(weekendNights)} * ${weekendPrice} + ${calendarChange})`;
  // The larger discount the stay's length reaches: monthly from 28 nights (when at least the weekly), else weekly.
  const percent =
    nights >= MONTHLY_DISCOUNT_NIGHTS
      ? sql`(case when ${rooms.monthlyDiscountPct} >= ${rooms.weeklyDiscountPct} and ${rooms.monthlyDiscountPct} > 0 then ${rooms.monthlyDiscountPct} else ${rooms.weeklyDiscountPct} end)`
      : nights >= WEEKLY_DISCOUNT_NIGHTS
        ? sql`${rooms.weeklyDiscountPct}`
        : sql`0`;
  const extraGuestsFee = sql`${rooms.extraGuestFeeCents}::bigint * greatest(0, ${literal(stay.guests)} - ${rooms.guestsIncluded}) * ${literal(nights)}`;
  // Integer division of a non-negative amount plus half the divisor: rounding to the nearest cent, halves up.
  // The service fee on what the host charges (before tax, and not taxed), rounded as the tax is.
  return sql<number>`(
    select (taxable + (taxable * ${rooms.taxRateBp} + 5000) / 10000 + (taxable * ${typeof stay.guestFeeBp === 'number' ? literal(stay.guestFeeBp) : stay.guestFeeBp} + 5000) / 10000)::bigint
    from (
      select n - least(n, (n * ${percent} * 100 + 5000) / 10000) + ${rooms.cleaningFeeCents} + ${extraGuestsFee} as taxable
      -- offset 0 keeps the nights' sum a subquery of its own, read once (pulled up, it is copied where n is used).
      from (select ${nightsCents} as n offset 0) nights
    ) priced
  )`;
}
