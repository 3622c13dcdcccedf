import type { EarningsQuery } from '@staybook/domain/earnings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchEarnings } from './earnings-api';
import { earningsKeys } from './earnings-keys';

/**
 * The host's earnings for a period of months. Fetched afresh on opening, as bookings, refunds and payouts move money
 * all day; while another period loads, the one before stays on screen.
 */
export function useEarnings(period: EarningsQuery) {
  return useQuery({
    queryKey: earningsKeys.report(period),
    queryFn: ({ signal }) => fetchEarnings(period, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
