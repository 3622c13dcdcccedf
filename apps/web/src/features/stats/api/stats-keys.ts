import type { StatsRange, StatsView } from '@staybook/domain/stats';

/** Every query key for the statistics dashboards comes from here; each holds everything its answer depends on. */
export const statsKeys = {
  all: ['stats'] as const,
  summary: (view: StatsView, range: StatsRange, timeZone: string) => [...statsKeys.all, 'summary', view, { range, timeZone }] as const,
  calendar: (view: StatsView, month: string) => [...statsKeys.all, 'calendar', view, month] as const,
};
