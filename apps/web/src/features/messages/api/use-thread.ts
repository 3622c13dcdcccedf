import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchThreadPage } from './messages-api';
import { messageKeys } from './message-keys';
import { THREAD_POLL_MS } from './polling';

/**
 * A booking's thread, the newest page first; `fetchNextPage` loads the page before the earliest one shown.
 * Polled while the tab is visible, so the other party's messages appear without a reload.
 */
export function useThread(bookingId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(bookingId),
    // The newest page has no cursor; each page names the one before it.
    queryFn: ({ pageParam, signal }) => fetchThreadPage({ bookingId, before: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.earlierCursor,
    refetchInterval: THREAD_POLL_MS,
    staleTime: 0,
  });
}
