import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveHostRequest, declineHostRequest } from './users-api';
import { userKeys } from './user-keys';

/**
 * An answer to a host request changes the list, the sidebar's count and the person's own record: all under
 * `userKeys.all`. Refreshed after a refusal too (another admin may have answered first).
 */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useApproveHostRequest() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: approveHostRequest, onSettled: refresh });
}

export function useDeclineHostRequest() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: declineHostRequest, onSettled: refresh });
}
