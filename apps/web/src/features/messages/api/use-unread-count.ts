import { useQuery } from '@tanstack/react-query';
import { fetchUnreadCount } from './messages-api';
import { messageKeys } from './message-keys';
import { UNREAD_POLL_MS } from './polling';

/** How many messages the signed-in person has not read, over all their threads (the sidebar's badge). */
export function useUnreadCount() {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    select: (answer) => answer.unread,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });
}
