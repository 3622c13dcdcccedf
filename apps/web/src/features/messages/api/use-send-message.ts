import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMessage } from './messages-api';
import { messageKeys } from './message-keys';

/** Sends a message, then shows it at once: the thread and the list of threads are fetched again. */
export function useSendMessage(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage({ bookingId, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.thread(bookingId) }),
        queryClient.invalidateQueries({ queryKey: messageKeys.lists() }),
      ]),
  });
}
