import { setMarketplaceCurrency } from '@staybook/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roomKeys } from '../../../lib/room-keys';
import { fetchMarketplaceCurrency, updateMarketplaceCurrency } from './currency-api';
import { feeKeys } from './fee-keys';

/** The marketplace's currency and whether it can change (admins only). */
export function useMarketplaceCurrency() {
  return useQuery({ queryKey: feeKeys.currency(), queryFn: ({ signal }) => fetchMarketplaceCurrency(signal) });
}

export function useUpdateMarketplaceCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMarketplaceCurrency,
    onSuccess: (answer) => {
      queryClient.setQueryData(feeKeys.currency(), answer);
      // Every amount this app draws from now on is in the new currency, as the server's pages are.
      setMarketplaceCurrency(answer.currency);
      return queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
  });
}
