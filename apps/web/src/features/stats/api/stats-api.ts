import { adminStatsSchema, guestStatsSchema, hostStatsSchema, statsCalendarSchema, type AdminStats, type GuestStats, type HostStats, type StatsCalendar, type StatsRange, type StatsView } from '@staybook/domain/stats';
import { apiRequest } from '../../../lib/api-client';

export type StatsByView = { admin: AdminStats; host: HostStats; guest: GuestStats };
export type AnyStats = StatsByView[StatsView];

const schemas: { [V in StatsView]: Parameters<typeof apiRequest<StatsByView[V]>>[1] } = {
  admin: adminStatsSchema,
  host: hostStatsSchema,
  guest: guestStatsSchema,
};

/** The spec's `/admin-stat`, `/host-stat` and `/guest-stat`: the figures, and the chart for a range in the viewer's zone. */
export function fetchStats<V extends StatsView>(
  view: V,
  { range, timeZone, signal }: { range: StatsRange; timeZone: string; signal?: AbortSignal },
): Promise<StatsByView[V]> {
  const query = new URLSearchParams({ range, tz: timeZone });
  return apiRequest<StatsByView[V]>(`/api/${view}-stat?${query.toString()}`, schemas[view], { signal: signal ?? null });
}

/** The nights of a month that matter to the viewer, and how many stays each holds. */
export function fetchStatsCalendar(view: StatsView, month: string, signal?: AbortSignal): Promise<StatsCalendar> {
  return apiRequest(`/api/${view}-stat/calendar?month=${encodeURIComponent(month)}`, statsCalendarSchema, { signal: signal ?? null });
}
