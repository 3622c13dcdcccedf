import { z } from 'zod';
import { rateSchema } from './listing-rules-input.js';
import { i18n } from './locale.js';

/*
 * The marketplace's fees (docs/decisions/049-marketplace-money.md): a service fee the guest pays on top of what the
 * host charges (a line of the quote, 'Service fee') and a commission taken from the host's share. An admin sets
 * them; each change is kept with who made it, and a booking keeps the rates it was made with.
 */

export const MARKETPLACE_FEE_LIMITS = {
  /** 25% in basis points, for each of the two. */
  maxBp: 2_500,
} as const;

/** What an admin sends: each rate as a percentage with at most two decimals ('12.5'). */
export const marketplaceFeesInputSchema = z.object({
  guestFeePercent: rateSchema((max) => i18n.t('Guest service fee must be a percentage from 0 to {max} with at most two decimals', { max }), MARKETPLACE_FEE_LIMITS.maxBp),
  hostCommissionPercent: rateSchema((max) => i18n.t('Host commission must be a percentage from 0 to {max} with at most two decimals', { max }), MARKETPLACE_FEE_LIMITS.maxBp),
});
export type MarketplaceFeesInput = z.input<typeof marketplaceFeesInputSchema>;

/** One setting of the rates, in basis points, with when and by whom (null: the marketplace's start, no fees). */
export const marketplaceFeeRatesSchema = z.object({
  guestFeeBp: z.int(),
  hostCommissionBp: z.int(),
  setAt: z.iso.datetime({ offset: true }).nullable(),
  setBy: z.object({ name: z.string() }).nullable(),
});
export type MarketplaceFeeRates = z.infer<typeof marketplaceFeeRatesSchema>;

/** `GET /api/admin/fees`: the rates in force, and the admins' changes newest first (the first is the one in force). */
export const marketplaceFeesSchema = z.object({
  current: marketplaceFeeRatesSchema,
  history: z.array(marketplaceFeeRatesSchema),
});
export type MarketplaceFeesAnswer = z.infer<typeof marketplaceFeesSchema>;

/** The rates before any admin set one. */
export const NO_FEE_RATES: MarketplaceFeeRates = { guestFeeBp: 0, hostCommissionBp: 0, setAt: null, setBy: null };
