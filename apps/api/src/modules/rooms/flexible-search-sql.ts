/*
 * A flexible search ('a weekend in March', docs/decisions/054-flexible-dates.md): each room's FIRST stay, among the
 * candidate stays the domain lists (`flexibleCandidates`), that a dated search for exactly that stay would show,
 * and its total. Each candidate is judged by the dated search's own conditions and priced by its own total
 * (dated-search-sql.ts, decision 048), so the answer is the same as running the candidates one by one through the
 * exact search and taking the first that fits; flexible-search.test.ts checks it on both databases.
 *
 * The candidates are tried in order inside one `case`, which stops at the first that fits: a room free in the
 * first weekend costs one candidate's conditions. A few cheap tests that every candidate needs (the window, the
 * longest stay, a check-in weekday among the candidates') stand outside it as plain conditions the planner can
 * estimate and that rule most rooms in or out before any candidate is tried.
 */
import { sql, type SQL } from 'drizzle-orm';
import { dayOfWeek, type Stay } from '@staybook/domain';
import { rooms } from '../../db/schema.js';
import { dateValue } from '../../db/stay-sql.js';
import { stayConditions, stayTotalSql, type DatedStay, type NightlyBounds } from './dated-search-sql.js';

/** The stays tried, earliest first (all of one length), for the guests, with the service fee in force. */
export type FlexibleStays = { candidates: Stay[]; guests: number; guestFeeBp: DatedStay['guestFeeBp'] };

const literal = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * What a flexible search adds to the rooms' where clause, and `choice`: the room's first fitting stay as text,
 * '<candidate index> <total in cents>', for the page's rows (null for a room that takes none).
 */
export function flexibleSearchSql(
  { candidates, guests, guestFeeBp }: FlexibleStays,
  { bounds = {}, now = new Date() }: { bounds?: NightlyBounds; now?: Date } = {},
): { conditions: SQL[]; choice: SQL<string | null> } {
  const first = candidates[0];
  const last = candidates[candidates.length - 1];
  if (!first || !last) return { conditions: [sql`false`], choice: sql<null>`null` };
  const stays: DatedStay[] = candidates.map(({ from, to }) => ({ from, to, guests, guestFeeBp }));
  const fits = stays.map((stay) => sql.join(stayConditions(stay, { bounds, now }), sql` and `));
  // The index of the first candidate the room takes, or null.
  const firstFit = sql`(case ${sql.join(
    fits.map((fit, i) => sql`when ${fit} then ${literal(i)}`),
    sql` `,
  )} else null end)`;
  const nights = Math.round((Date.parse(first.to) - Date.parse(first.from)) / 86_400_000);
  const checkInDays = candidates.reduce((mask, { from }) => mask | (1 << dayOfWeek(from)), 0);
  const conditions = [
    sql`${rooms.availableFrom} <= ${dateValue(last.from)} and ${rooms.availableTo} >= ${dateValue(first.to)}`,
    sql`${rooms.maxNights} >= ${literal(nights)}`,
    sql`(${rooms.checkInDays} & ${literal(checkInDays)}) <> 0`,
    sql`${firstFit} is not null`,
  ];
  // The chosen stay's total, computed once for it (offset 0 keeps the index a subquery of its own, read once).
  const totals = stays.map((stay, i) => sql`when ${literal(i)} then ${stayTotalSql(stay)}`);
  const choice = sql<string | null>`(select chosen.i || ' ' || (case chosen.i ${sql.join(totals, sql` `)} end)
    from (select ${firstFit} as i offset 0) chosen)`;
  return { conditions, choice };
}

/** The candidate and total a row's `choice` names. */
export function readChoice(candidates: Stay[], choice: string | null): { stay: Stay; totalCents: number } | null {
  if (choice === null) return null;
  const [index, total] = choice.split(' ').map(Number);
  const stay = candidates[index ?? -1];
  return stay && total !== undefined && Number.isSafeInteger(total) ? { stay, totalCents: total } : null;
}
