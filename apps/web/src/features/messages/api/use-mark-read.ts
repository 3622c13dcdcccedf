import { useMutation } from '@tanstack/react-query';
import { useRefetch } from '../../../hooks/use-refetch';
import { markThreadRead } from './messages-api';
import { messageKeys } from './message-keys';

/** Marks the other party's messages read; the sidebar's total and the list of threads follow. */
export function useMarkRead(bookingId: string) {
  const refetch = useRefetch();
  return useMutation({
    mutationFn: () => markThreadRead(bookingId),
    onSuccess: () => refetch(messageKeys.unread(), messageKeys.lists()),
  });
}
