import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markThreadRead } from './messages-api';
import { messageKeys } from './message-keys';

/** Marks the other party's messages read; the sidebar's total and the list of threads follow. */
export function useMarkRead(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markThreadRead(bookingId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.unread() }),
        queryClient.invalidateQueries({ queryKey: messageKeys.lists() }),
      ]),
  });
}
