/**
 * How a sidebar's count of things waiting (a host's requests to answer, an admin's host requests) is fetched: asked
 * again every minute while the tab is visible, so one made elsewhere shows up without a reload, and afresh whenever
 * the sidebar mounts.
 */
export const SIDEBAR_COUNT_QUERY = { refetchInterval: 60_000, staleTime: 0 } as const;
