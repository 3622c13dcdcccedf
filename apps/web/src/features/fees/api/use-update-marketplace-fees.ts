import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roomKeys } from '../../../lib/room-keys';
import { feeKeys } from './fee-keys';
import { updateMarketplaceFees } from './fees-api';

export function useUpdateMarketplaceFees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMarketplaceFees,
    onSuccess: (answer) => {
      // The answer is the fees after the change: shown at once, with no second request.
      queryClient.setQueryData(feeKeys.all, answer);
      // A room's answer and a dated search's totals carry the guest service fee in force.
      return queryClient.invalidateQueries({ queryKey: roomKeys.all });
    },
  });
}
