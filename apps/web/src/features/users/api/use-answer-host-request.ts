import { useMutation } from '@tanstack/react-query';
import { useRefetch } from '../../../hooks/use-refetch';
import { approveHostRequest, declineHostRequest } from './users-api';
import { userKeys } from './user-keys';

/**
 * An answer to a host request changes the list, the sidebar's count and the person's own record: all under
 * `userKeys.all`. Refreshed after a refusal too (another admin may have answered first).
 */
function useHostRequestAnswer<Input, Result>(answer: (input: Input) => Promise<Result>) {
  const refetch = useRefetch();
  return useMutation({ mutationFn: answer, onSettled: () => refetch(userKeys.all) });
}

export const useApproveHostRequest = () => useHostRequestAnswer(approveHostRequest);
export const useDeclineHostRequest = () => useHostRequestAnswer(declineHostRequest);
