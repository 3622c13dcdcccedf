import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../auth/hooks/use-auth';
import { requestHostRole } from './users-api';
import { userKeys } from './user-keys';

export function useRequestHost() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: requestHostRole,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: user ? userKeys.detail(user.email) : userKeys.details() }),
  });
}
