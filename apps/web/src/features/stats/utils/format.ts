import type { StatsGranularity } from '@staybook/domain/stats';

/** A calendar date ('2026-01-05') as the moment uPlot and Intl work with: midnight UTC, shown in UTC. */
export function isoDateToUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "Jan 5, 2026" in the viewer's language, for a calendar date (no time zone shifts it). */
export function formatCalendarDate(date: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(isoDateToUtc(date));
}

/** "Jan 5, 2026" for an instant (Host Since, Guest Since), in the viewer's language and zone. */
export function formatInstant(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** What one point of the chart covers: a day, the week starting that day, or a month. */
export function describePeriod(date: string, granularity: StatsGranularity, locale?: string): string {
  if (granularity === 'month') {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(isoDateToUtc(date));
  }
  const day = formatCalendarDate(date, locale);
  return granularity === 'week' ? `Week of ${day}` : day;
}

/** An axis tick: "Jan 5" for days and weeks, "Jan 2026" for months. */
export function formatAxisDate(date: Date, granularity: StatsGranularity, locale?: string): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(date);
}
