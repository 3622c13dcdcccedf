import { useMutation } from '@tanstack/react-query';
import { useRefetch } from '../../../hooks/use-refetch';
import { sendMessage } from './messages-api';
import { messageKeys } from './message-keys';

/** Sends a message, then shows it at once: the thread and the list of threads are fetched again. */
export function useSendMessage(bookingId: string) {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: (body: string) => sendMessage({ bookingId, body }),
    onSuccess: () => refetch(messageKeys.thread(bookingId), messageKeys.lists()),
  });
}
