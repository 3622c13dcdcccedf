import { skipToken, useQuery } from '@tanstack/react-query';
import { fetchReconciliation } from './finance-api';
import { financeKeys } from './finance-keys';

/**
 * A month's reconciliation (admins only), asked of the provider only once an admin asks for it (`month` null until
 * then): it reads every payment and payout of the month from the provider.
 */
export function useReconciliation(month: string | null) {
  return useQuery({
    queryKey: financeKeys.reconciliation(month ?? ''),
    queryFn: month === null ? skipToken : ({ signal }) => fetchReconciliation(month, signal),
    staleTime: 0,
  });
}
