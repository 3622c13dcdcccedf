import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPages } from '../../../lib/paging';
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
    ...cursorPages(
      (before, signal) => fetchThreadPage({ bookingId, before, signal }),
      (page) => page.earlierCursor,
    ),
    refetchInterval: THREAD_POLL_MS,
    staleTime: 0,
  });
}
