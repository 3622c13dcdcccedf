/*
 * The marketplace's fees (docs/decisions/049-marketplace-money.md): the rates in force are the newest row of
 * `marketplace_fee_rates`; an admin's change adds a row, so the table is the history and says who made each change.
 * A quote reads the rates once; a payment and its booking keep the ones they were made with.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { NO_FEE_RATES, type MarketplaceFeeRates, type MarketplaceFeesAnswer } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { marketplaceFeeRates, users } from '../../db/schema.js';
import type { Actor } from '../../plugins/session.js';
import type { ListingChanges } from '../../listing-changes.js';

/** How many earlier changes the Fees page lists. */
const HISTORY_SHOWN = 50;

function ratesOf(rows: { guestFeeBp: number; hostCommissionBp: number; setAt: Date; setByName: string }[]): MarketplaceFeeRates[] {
  return rows.map((row) => ({
    guestFeeBp: row.guestFeeBp,
    hostCommissionBp: row.hostCommissionBp,
    setAt: row.setAt.toISOString(),
    setBy: { name: row.setByName },
  }));
}

function recentRates(db: Db, limit: number) {
  return db
    .select({
      guestFeeBp: marketplaceFeeRates.guestFeeBp,
      hostCommissionBp: marketplaceFeeRates.hostCommissionBp,
      setAt: marketplaceFeeRates.setAt,
      setByName: users.name,
    })
    .from(marketplaceFeeRates)
    .innerJoin(users, eq(users.id, marketplaceFeeRates.setBy))
    .orderBy(desc(marketplaceFeeRates.id))
    .limit(limit);
}

/**
 * The guest service fee in force, as SQL for a statement that shows or prices rooms: PostgreSQL reads it once per
 * statement (an uncorrelated subquery), so the room page and a dated search need no read of their own.
 */
export const currentGuestFeeBpSql = sql<number>`coalesce((
  select ${marketplaceFeeRates.guestFeeBp} from ${marketplaceFeeRates} order by ${marketplaceFeeRates.id} desc limit 1
), 0)`;

/** The rates in force: what a quote made now charges. */
export async function currentFeeRates(db: Db): Promise<{ guestFeeBp: number; hostCommissionBp: number }> {
  const [row] = await db
    .select({ guestFeeBp: marketplaceFeeRates.guestFeeBp, hostCommissionBp: marketplaceFeeRates.hostCommissionBp })
    .from(marketplaceFeeRates)
    .orderBy(desc(marketplaceFeeRates.id))
    .limit(1);
  return row ?? { guestFeeBp: 0, hostCommissionBp: 0 };
}

/** `GET /api/admin/fees`: the rates in force, and every change newest first (the first is the one in force). */
export async function marketplaceFees(db: Db): Promise<MarketplaceFeesAnswer> {
  const history = ratesOf(await recentRates(db, HISTORY_SHOWN));
  return { current: history[0] ?? NO_FEE_RATES, history };
}

/**
 * `PUT /api/admin/fees`: new rates from now on. Every kept listing answer goes (room pages and dated searches
 * show the service fee).
 */
export async function setMarketplaceFees(
  db: Db,
  { actor, guestFeeBp, hostCommissionBp, listing }: { actor: Actor; guestFeeBp: number; hostCommissionBp: number; listing: ListingChanges },
): Promise<MarketplaceFeesAnswer> {
  await db.insert(marketplaceFeeRates).values({ guestFeeBp, hostCommissionBp, setBy: actor.id });
  await listing.roomsChanged();
  return marketplaceFees(db);
}
