import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPages } from '../../../lib/paging';
import { payoutKeys } from './payout-keys';
import { fetchPayoutsPage } from './payouts-api';

/** The signed-in host's Payouts page: each page carries the account and balances, and the next payouts, newest first. */
export function usePayouts() {
  return useInfiniteQuery({
    queryKey: payoutKeys.pages(),
    ...cursorPages((cursor, signal) => fetchPayoutsPage({ cursor, signal })),
  });
}
