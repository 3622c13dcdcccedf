import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchThreads } from './messages-api';
import { messageKeys } from './message-keys';
import { UNREAD_POLL_MS } from './polling';

/** The signed-in person's threads, as guest and as host, latest message first, a page at a time. */
export function useThreads() {
  return useInfiniteQuery({
    queryKey: messageKeys.lists(),
    queryFn: ({ pageParam, signal }) => fetchThreads({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });
}
