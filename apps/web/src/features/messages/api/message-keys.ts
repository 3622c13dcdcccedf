/**
 * Every query key for messages comes from here. Sending or reading changes a thread, the list of threads and the
 * unread total, so those invalidate `messageKeys.all` (or a part of it).
 */
export const messageKeys = {
  all: ['messages'] as const,
  threads: () => [...messageKeys.all, 'thread'] as const,
  thread: (bookingId: string) => [...messageKeys.threads(), bookingId] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
};
