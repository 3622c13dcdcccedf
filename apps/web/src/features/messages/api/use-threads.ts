import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPages } from '../../../lib/paging';
import { fetchThreads } from './messages-api';
import { messageKeys } from './message-keys';
import { UNREAD_POLL_MS } from './polling';

/** The signed-in person's threads, as guest and as host, latest message first, a page at a time. */
export function useThreads() {
  return useInfiniteQuery({
    queryKey: messageKeys.lists(),
    ...cursorPages((cursor, signal) => fetchThreads({ cursor, signal })),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });
}
