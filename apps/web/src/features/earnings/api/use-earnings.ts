import type { EarningsQuery } from '@staybook/domain/earnings';
import { useQuery } from '@tanstack/react-query';
import { PERIOD_REPORT_QUERY } from '../../../lib/month-period';
import { fetchEarnings } from './earnings-api';
import { earningsKeys } from './earnings-keys';

/** The host's earnings for a period of months. */
export function useEarnings(period: EarningsQuery) {
  return useQuery({
    queryKey: earningsKeys.report(period),
    queryFn: ({ signal }) => fetchEarnings(period, signal),
    ...PERIOD_REPORT_QUERY,
  });
}
