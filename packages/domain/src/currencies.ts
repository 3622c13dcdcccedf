import { z } from 'zod';
import type { CurrencyCode } from './money.js';

/*
 * The currencies a marketplace can charge in (docs/decisions/061-the-marketplace-currency.md): Stripe's card
 * presentment currencies with two decimals or none (JPY, KRW, VND… are whole units: money.ts). Left out on purpose:
 * the three-decimal ones (BHD, JOD, KWD, OMR, TND), whose amounts Stripe takes only when their last digit is 0, and
 * ISK, HUF and TWD, which Stripe counts in hundredths but charges (ISK) or pays out (HUF, TWD) in whole units only:
 * a refund by the cancellation policy or a host's share after commission can be any number of minor units.
 */
export const SUPPORTED_CURRENCIES: readonly CurrencyCode[] = [
  'USD', 'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BIF', 'BMD',
  'BND', 'BOB', 'BRL', 'BSD', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CVE', 'CZK', 'DJF',
  'DKK', 'DOP', 'DZD', 'EGP', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL',
  'HTG', 'IDR', 'ILS', 'INR', 'JMD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KRW', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD',
  'LSL', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO',
  'NOK', 'NPR', 'NZD', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD',
  'SCR', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SZL', 'THB', 'TJS', 'TOP', 'TRY', 'TTD', 'TZS', 'UAH', 'UGX', 'UYU',
  'UZS', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW',
];

const SUPPORTED = new Set(SUPPORTED_CURRENCIES);

export function isSupportedCurrency(code: string): boolean {
  return SUPPORTED.has(code);
}

export const UNSUPPORTED_CURRENCY_MESSAGE = 'Please choose one of the currencies on the list';

/** A currency code as sent ('eur' or 'EUR'), one the marketplace takes; answers it in capitals. */
export const currencyCodeSchema = z
  .string({ error: UNSUPPORTED_CURRENCY_MESSAGE })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(isSupportedCurrency, { error: UNSUPPORTED_CURRENCY_MESSAGE });

/** `PUT /api/admin/currency`: the currency from now on. */
export const marketplaceCurrencyInputSchema = z.object({ currency: currencyCodeSchema });
export type MarketplaceCurrencyInput = z.input<typeof marketplaceCurrencyInputSchema>;

/**
 * `GET /api/admin/currency`: the marketplace's currency, and why it cannot change now (null: it can). It cannot
 * once the marketplace has a booking (the amounts on record are in it), nor while a guest is paying.
 */
export const marketplaceCurrencySchema = z.object({
  currency: z.string(),
  lockedBecause: z.string().nullable(),
});
export type MarketplaceCurrencyAnswer = z.infer<typeof marketplaceCurrencySchema>;

/** The refusal once any booking exists. */
export const CURRENCY_LOCKED_MESSAGE = "The currency can't change once the marketplace has bookings";
