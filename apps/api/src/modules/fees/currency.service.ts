/*
 * The marketplace's currency (docs/decisions/061-the-marketplace-currency.md): one row of `marketplace_settings`,
 * written at the first start from MARKETPLACE_CURRENCY (USD by default), changed by an admin only while the
 * marketplace has no booking and no payment under way, since every amount on record is a count of its minor units.
 * A payment reads it when it is made and keeps it; prices and mails are written in it (the domain's money.ts).
 */
import { eq, ne, sql } from 'drizzle-orm';
import {
  CURRENCY_LOCKED_MESSAGE,
  DEFAULT_CURRENCY,
  type CurrencyCode,
  type MarketplaceCurrencyAnswer,
} from '@staybook/domain';
import { withTransaction, type Db } from '../../db/client.js';
import { bookings, marketplaceSettings, payments } from '../../db/schema.js';
import { ConflictError } from '../../errors.js';
import type { ListingChanges } from '../../listing-changes.js';
import type { Actor } from '../../plugins/session.js';

/** Said while a guest's payment is under way and nothing is booked yet: the sweeper cancels a stale one within hours. */
export const CURRENCY_PAYMENT_UNDER_WAY_MESSAGE =
  /*i18n*/ "The currency can't change while a guest is paying for a stay. Please try again once that payment has ended.";

/** The currency in force: the settings' row, or the default before the first start wrote it. */
export async function currentCurrency(db: Db): Promise<CurrencyCode> {
  const [row] = await db.select({ currency: marketplaceSettings.currency }).from(marketplaceSettings).where(eq(marketplaceSettings.id, 1));
  return row?.currency ?? DEFAULT_CURRENCY;
}

/**
 * The currency in force as SQL, for the statement that records a payment: a change committed while the provider
 * was asked for the intent is what the payment says, so the intent (in the currency read before) no longer
 * matches it and books nothing.
 */
export const currentCurrencySql = sql<string>`coalesce((select lower(${marketplaceSettings.currency}) from ${marketplaceSettings} where ${marketplaceSettings.id} = 1), ${DEFAULT_CURRENCY.toLowerCase()})`;

/** At start-up: a fresh marketplace takes the configured currency; one that has its own keeps it. Answers the one in force. */
export async function settleCurrency(db: Db, configured: CurrencyCode): Promise<CurrencyCode> {
  await db.insert(marketplaceSettings).values({ id: 1, currency: configured }).onConflictDoNothing();
  return currentCurrency(db);
}

/** Why the currency cannot change now, or null: any booking (cancelled ones too: their amounts are on record), or a payment not cancelled. */
async function lockReason(tx: Db): Promise<string | null> {
  const [booked] = await tx.select({ id: bookings.id }).from(bookings).limit(1);
  if (booked) return CURRENCY_LOCKED_MESSAGE;
  const [paying] = await tx.select({ id: payments.id }).from(payments).where(ne(payments.status, 'canceled')).limit(1);
  if (paying) return CURRENCY_PAYMENT_UNDER_WAY_MESSAGE;
  return null;
}

/** `GET /api/admin/currency`. */
export async function marketplaceCurrencyAnswer(db: Db): Promise<MarketplaceCurrencyAnswer> {
  const [currency, reason] = await Promise.all([currentCurrency(db), lockReason(db)]);
  return { currency, lockedBecause: reason };
}

/**
 * `PUT /api/admin/currency`: the currency from now on, refused (409) once the marketplace has bookings. The row is
 * locked while the bookings are looked for, so two changes are one after the other; every kept page goes (each
 * shows prices), on every server, which read the currency again when they hear of it.
 */
export async function setMarketplaceCurrencySetting(
  db: Db,
  {
    actor,
    currency,
    listing,
    currencySet,
  }: { actor: Actor; currency: CurrencyCode; listing: ListingChanges; currencySet: (currency: CurrencyCode) => void },
): Promise<MarketplaceCurrencyAnswer> {
  const changed = await withTransaction(db, async (tx) => {
    await tx.insert(marketplaceSettings).values({ id: 1, currency: DEFAULT_CURRENCY }).onConflictDoNothing();
    const [row] = await tx.select().from(marketplaceSettings).where(eq(marketplaceSettings.id, 1)).for('update');
    if (row?.currency === currency) return false;
    const reason = await lockReason(tx);
    if (reason) throw new ConflictError(reason);
    await tx.update(marketplaceSettings).set({ currency, setBy: actor.id, setAt: sql`now()` }).where(eq(marketplaceSettings.id, 1));
    return true;
  });
  if (changed) {
    // This process writes in it at once; the others when they hear of the change.
    currencySet(currency);
    await listing.roomsChanged();
  }
  return marketplaceCurrencyAnswer(db);
}
