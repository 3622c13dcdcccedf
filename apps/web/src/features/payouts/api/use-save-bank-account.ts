import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PayoutsPage } from '@staybook/domain/payouts';
import { payoutKeys } from './payout-keys';
import { saveBankAccount } from './payouts-api';

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankAccount,
    onSuccess: (answer) => {
      // The answer is the page's first page after the change: shown at once, with no second request. Saving an
      // account changes no payout, so the later pages the host loaded stay as they are.
      queryClient.setQueryData<InfiniteData<PayoutsPage, string | null>>(payoutKeys.pages(), (data) =>
        data ? { ...data, pages: [answer, ...data.pages.slice(1)] } : { pages: [answer], pageParams: [null] },
      );
    },
  });
}
