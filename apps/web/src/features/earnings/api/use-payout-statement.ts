import { useQuery } from '@tanstack/react-query';
import { fetchPayoutStatement } from './earnings-api';
import { earningsKeys } from './earnings-keys';

/** One payout's statement; `enabled: false` asks nothing (an id that cannot name a payout). */
export function usePayoutStatement(payoutId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: earningsKeys.statement(payoutId),
    queryFn: ({ signal }) => fetchPayoutStatement(payoutId, signal),
    // A payout on its way becomes paid or failed: read afresh each time the statement is opened.
    staleTime: 0,
    enabled,
  });
}
