import { useQuery } from '@tanstack/react-query';
import { feeKeys } from './fee-keys';
import { fetchMarketplaceFees } from './fees-api';

/** The marketplace's fees in force and their history (admins only). */
export function useMarketplaceFees() {
  return useQuery({
    queryKey: feeKeys.all,
    queryFn: ({ signal }) => fetchMarketplaceFees(signal),
  });
}
