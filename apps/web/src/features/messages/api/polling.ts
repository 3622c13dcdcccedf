/**
 * How often open pages ask for new messages (docs/decisions/029-message-updates.md). TanStack Query polls only
 * while the tab is visible (`refetchIntervalInBackground` is off) and refetches when it is shown again.
 */
export const THREAD_POLL_MS = 10_000;
export const UNREAD_POLL_MS = 60_000;
