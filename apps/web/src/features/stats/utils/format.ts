import { dateFormat, formatIsoDate, formatMonthYear } from '@staybook/domain/dates';
import type { StatsGranularity } from '@staybook/domain/stats';
import { i18n } from '../../../lib/i18n';

/*
 * The statistics write dates as every other page does, in the page's language (the domain's date formatters),
 * whatever the reader's browser language.
 */

/** A calendar date ('2026-01-05') as the moment uPlot and Intl work with: midnight UTC, shown in UTC. */
export function isoDateToUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** What one point of the chart covers: a day, the week starting that day, or a month. */
export function describePeriod(date: string, granularity: StatsGranularity): string {
  if (granularity === 'month') return formatMonthYear(date);
  const day = formatIsoDate(date);
  return granularity === 'week' ? i18n.t('Week of {day}', { day }) : day;
}

const AXIS_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };
const AXIS_MONTH: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric', timeZone: 'UTC' };

/** An axis tick: "Jan 5" for days and weeks, "Jan 2026" for months. */
export function formatAxisDate(date: Date, granularity: StatsGranularity): string {
  return dateFormat(granularity === 'month' ? AXIS_MONTH : AXIS_DAY).format(date);
}
