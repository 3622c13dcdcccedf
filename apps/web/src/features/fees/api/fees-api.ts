import { marketplaceFeesSchema, type MarketplaceFeesAnswer } from '@staybook/domain/marketplace-fees';
import { apiRequest } from '../../../lib/api-client';

const FEES_PATH = '/api/admin/fees';

/** A rate in basis points as the percentage the API takes and the form shows: 1,250 is '12.5', 0 is '0'. */
export function percentOf(basisPoints: number): string {
  return String(basisPoints / 100);
}

export function fetchMarketplaceFees(signal?: AbortSignal): Promise<MarketplaceFeesAnswer> {
  return apiRequest(FEES_PATH, marketplaceFeesSchema, { signal: signal ?? null });
}

/** Sets both rates (checked, in basis points); answers the fees as they are after the change. */
export function updateMarketplaceFees({ guestFeeBp, hostCommissionBp }: { guestFeeBp: number; hostCommissionBp: number }): Promise<MarketplaceFeesAnswer> {
  return apiRequest(FEES_PATH, marketplaceFeesSchema, {
    method: 'PUT',
    json: { guestFeePercent: percentOf(guestFeeBp), hostCommissionPercent: percentOf(hostCommissionBp) },
  });
}
