import { marketplaceCurrencySchema, type MarketplaceCurrencyAnswer } from '@staybook/domain/currencies';
import { apiRequest } from '../../../lib/api-client';

const CURRENCY_PATH = '/api/admin/currency';

export function fetchMarketplaceCurrency(signal?: AbortSignal): Promise<MarketplaceCurrencyAnswer> {
  return apiRequest(CURRENCY_PATH, marketplaceCurrencySchema, { signal: signal ?? null });
}

/** Sets the marketplace's currency; refused (409) once the marketplace has bookings. */
export function updateMarketplaceCurrency(currency: string): Promise<MarketplaceCurrencyAnswer> {
  return apiRequest(CURRENCY_PATH, marketplaceCurrencySchema, { method: 'PUT', json: { currency } });
}
