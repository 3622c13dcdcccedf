import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserRole } from './users-api';
import { userKeys } from './user-keys';

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    // The list and the changed user's own record both show the role.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
