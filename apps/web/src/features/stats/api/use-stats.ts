import { isTimeZone } from '@staybook/domain/dates';
import type { StatsRange, StatsView } from '@staybook/domain/stats';
import { useQuery } from '@tanstack/react-query';
import { fetchStats, fetchStatsCalendar } from './stats-api';
import { statsKeys } from './stats-keys';

/** Where the viewer's days begin and end; UTC when the browser does not say. */
export function viewerTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : 'UTC';
}

/**
 * A dashboard's figures and chart. Always fetched afresh on opening (a booking made a minute ago counts);
 * while another range loads, the previous one stays on screen.
 */
export function useStats<V extends StatsView>(view: V, range: StatsRange) {
  const timeZone = viewerTimeZone();
  return useQuery({
    queryKey: statsKeys.summary(view, range, timeZone),
    queryFn: ({ signal }) => fetchStats(view, { range, timeZone, signal }),
    staleTime: 0,
    // Another range of the same dashboard stays drawn while it loads; another dashboard's figures never do.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === view ? previous : undefined),
  });
}

export function useStatsCalendar(view: StatsView, month: string) {
  return useQuery({
    queryKey: statsKeys.calendar(view, month),
    queryFn: ({ signal }) => fetchStatsCalendar(view, month, signal),
    staleTime: 0,
  });
}
