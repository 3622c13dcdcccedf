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
  PREPARATION_NIGHTS,
  type IsoDate,
} from '@staybook/domain';
import { bookings, calendarBlocks, roomNightSettings, rooms } from '../../db/schema.js';
import { dateValue, nightsOverlapSql, roomTodaySql, staysOverlapSql, type StaySql } from '../../db/stay-sql.js';

/** The stay a dated search asks about, the guests it is for, and the instant it is judged at (the statement's by default). */
export type DatedStay = { from: IsoDate; to: IsoDate; guests: number; at?: Date };

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
  const conditions: SQL[] = [
    // Inside the room's window (`outside-window`).
    sql`(${from} >= ${rooms.availableFrom} and ${to} <= ${rooms.availableTo})`,
    // The check-in and check-out weekdays (`check-in-day`, `check-out-day`).
    sql`(${rooms.checkInDays} & ${literal(1 << weekdayOf(stay.from))}) <> 0`,
    sql`(${rooms.checkOutDays} & ${literal(1 << weekdayOf(stay.to))}) <> 0`,
    // The longest stay, and the shortest: the calendar's for stays starting on the check-in night, else the
    // listing's (`max-nights`, `min-nights`).
    sql`${rooms.maxNights} >= ${literal(nights)}`,
    sql`coalesce((
      select s.min_nights from ${roomNightSettings} s
      where s.room_id = ${rooms.id} and s.check_in <= ${from} and s.check_out > ${from}
    ), ${rooms.minNights}) <= ${literal(nights)}`,
    // No night the host closed (`blocked`), by the settings' exclusion constraint's index.
    sql`not exists (
      select 1 from ${roomNightSettings} s
      where s.room_id = ${rooms.id} and s.blocked
        and ${nightsOverlapSql({ from: sql`s.check_in`, to: sql`s.check_out` }, { from, to })}
    )`,
    ...freeOfStaysConditions(from, to),
    // A card can pay for it (`below-minimum`, `above-maximum`) and its average night is within the price filter:
    // one range, so the total is computed once per room (a reversed range is an error in SQL: no room can).
    lowest <= highest ? sql`int8range(${literal(lowest)}, ${literal(highest)}, '[]') @> ${stayTotalSql(stay)}` : sql`false`,
  ];
  // The notice (and with it a check-in in the past: the first day notice allows is never before today) only when
  // the check-in may come within the longest notice of some room's today, with a day's margin for the clocks.
  if (stay.at || checkInMayHavePassedSomewhere(addDays(stay.from, -LISTING_RULE_LIMITS.maxNoticeDays), now)) {
    const timeOfDay = sql`to_char(${at} at time zone ${rooms.timeZone}, 'HH24:MI') collate "C"`;
    conditions.push(sql`${from} >= (case
      when ${rooms.noticeDays} > 0 then ${today} + ${rooms.noticeDays}
      when ${rooms.sameDayUntil} is not null and ${timeOfDay} >= ${rooms.sameDayUntil} collate "C" then ${today} + 1
      else ${today} end)`);
  }
  // The booking window only when the check-in lies past the shortest one of the earliest today anywhere.
  const shortestWindowEnd = addDays(addMonthsToDate(earliestCheckIn(now), BOOKING_WINDOW_MONTHS[0]), -1);
  if (stay.at || stay.from > shortestWindowEnd) {
    conditions.push(sql`(${rooms.bookingWindowMonths} is null
      or ${from} <= (${today} + make_interval(months => ${rooms.bookingWindowMonths}))::date)`);
  }
  return conditions;
}

/**
 * No confirmed stay and no imported block shares a night with the stay widened by the room's preparation time
 * (`taken`, `preparation`): a stay [a, b) keeps [a - p, b + p) free, which is the same as the stay [from - p, to + p)
 * meeting [a, b). Written as the booking constraint writes it, so bookings_no_overlap's and the blocks' GiST
 * indexes answer it.
 */
function freeOfStaysConditions(from: SQL, to: SQL): SQL[] {
  const widened = { from: sql`(${from} - ${rooms.preparationNights})`, to: sql`(${to} + ${rooms.preparationNights})` };
  // The index is asked with the widest preparation time, a constant the planner reads as an index condition for any
  // room; the room's own is checked on the few stays it finds.
  const widest = { from: sql`(${from} - ${MOST_PREPARATION})`, to: sql`(${to} + ${MOST_PREPARATION})` };
  const meets = (stay: StaySql) =>
    sql`${nightsOverlapSql(stay, widest)} and ${staysOverlapSql(stay, widened)}`;
  return [
    sql`not exists (
      select 1 from ${bookings}
      where ${bookings.roomId} = ${rooms.id}
        and ${bookings.status} = 'confirmed'
        and ${meets({ from: bookings.checkIn, to: bookings.checkOut })}
    )`,
    // A sync that changes a room's blocks announces it, which drops every kept dated search (`anyStay`).
    sql`not exists (
      select 1 from ${calendarBlocks}
      where ${calendarBlocks.roomId} = ${rooms.id}
        and ${meets({ from: calendarBlocks.checkIn, to: calendarBlocks.checkOut })}
    )`,
  ];
}

const MOST_PREPARATION = literal(Math.max(...PREPARATION_NIGHTS));

/**
 * The stay's total in each room as `quoteStay` computes it, in cents (a `bigint`): the nights (the calendar's price,
 * else the weekend price on Friday and Saturday nights, else the nightly price), less the discount, plus the
 * cleaning fee and the extra guests' fee, plus the tax on all of that, each percentage rounded once to the nearest
 * cent with halves up. One correlated subquery, so the nights' sum is read once per room.
 */
export function stayTotalSql(stay: Pick<DatedStay, 'from' | 'to' | 'guests'>): SQL<number> {
  const nights = nightsBetween(stay.from, stay.to);
  const weekendNights = nightsOf(stay).filter(isWeekendNight).length;
  const from = dateValue(stay.from);
  const to = dateValue(stay.to);
  const price = sql`${rooms.priceCents}::bigint`;
  const weekendPrice = sql`coalesce(${rooms.weekendPriceCents}, ${rooms.priceCents})::bigint`;
  // Night i of the stay (from 0) falls on weekday (the check-in's + i) mod 7; Friday is 5 and Saturday 6.
  const checkInWeekday = literal(weekdayOf(stay.from));
  const defaultPriceOfNight = sql`(case when (${checkInWeekday} + i) % 7 in (5, 6) then ${weekendPrice} else ${price} end)`;
  // What the calendar's prices change: on each priced night of the stay, its price in place of the default.
  const calendarChange = sql`(
    select coalesce(sum(s.price_cents - ${defaultPriceOfNight}), 0)::bigint
    from ${roomNightSettings} s,
      generate_series(greatest(s.check_in, ${from}) - ${from}, least(s.check_out, ${to}) - ${from} - 1) i
    where s.room_id = ${rooms.id} and s.price_cents is not null
      and ${nightsOverlapSql({ from: sql`s.check_in`, to: sql`s.check_out` }, { from, to })}
  )`;
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
  return sql<number>`(
    select (taxable + (taxable * ${rooms.taxRateBp} + 5000) / 10000)::bigint
    from (
      select n - least(n, (n * ${percent} * 100 + 5000) / 10000) + ${rooms.cleaningFeeCents} + ${extraGuestsFee} as taxable
      -- offset 0 keeps the nights' sum a subquery of its own, read once (pulled up, it is copied where n is used).
      from (select ${nightsCents} as n offset 0) nights
    ) priced
  )`;
}
