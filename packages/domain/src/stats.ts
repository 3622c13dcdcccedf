import { z } from 'zod';
import { isTimeZone } from './dates.js';
import { ratingSchema } from './rating-schemas.js';
import { isoDateSchema } from './rooms.js';

/**
 * The statistics dashboards' shapes (`/api/admin-stat`, `/api/host-stat`, `/api/guest-stat` and their
 * calendars). Sales are what stays kept (captured minus refunded); bookings count confirmed stays; money is cents,
 * with the spec's `totalPrice` in dollars beside it as rooms and bookings do (decision 003).
 */

/** The chart's ranges: the last 30 days, the last 12 months, or everything since the first sale. */
export const STATS_RANGES = ['30d', '12m', 'all'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const DEFAULT_STATS_RANGE: StatsRange = '12m';

/** How the chart's points are grouped: a long range by week or month, so it stays readable. */
export const STATS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type StatsGranularity = (typeof STATS_GRANULARITIES)[number];


export const timeZoneSchema = z.string().refine(isTimeZone, { message: 'Expected an IANA time zone such as Europe/Paris' });

export const statsQuerySchema = z.object({
  range: z.enum(STATS_RANGES, { message: `Range must be one of: ${STATS_RANGES.join(', ')}` }).default(DEFAULT_STATS_RANGE),
  /** The viewer's time zone: where their days begin and end. */
  tz: timeZoneSchema.default('UTC'),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** One point of 'Sales Over Time': the sales booked in one day, week or month (its first day, in the viewer's zone). */
export const salesPointSchema = z.object({
  date: isoDateSchema,
  salesCents: z.int(),
  bookings: z.int(),
});
export type SalesPoint = z.infer<typeof salesPointSchema>;

/** What the chart covers: every day, week or month of it is a point, in date order (zeros where nothing sold). */
export const salesChartInfoSchema = z.object({
  range: z.enum(STATS_RANGES),
  granularity: z.enum(STATS_GRANULARITIES),
  timeZone: z.string(),
  /** The first and last day the chart covers, in the viewer's zone. */
  from: isoDateSchema,
  to: isoDateSchema,
});
export type SalesChartInfo = z.infer<typeof salesChartInfoSchema>;

const salesFields = {
  /** Dollars, as the spec names it; `totalPriceCents` is the authoritative amount. */
  totalPrice: z.number(),
  totalPriceCents: z.int(),
  totalBookings: z.int(),
  chartData: z.array(salesPointSchema),
  chart: salesChartInfoSchema,
};

export const adminStatsSchema = z.object({ ...salesFields, totalUsers: z.int(), totalRooms: z.int() });
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const hostStatsSchema = z.object({
  ...salesFields,
  /** The host's live listings. */
  totalRooms: z.int(),
  /** When they became a host (ISO timestamp). */
  hostSince: z.string(),
  /** Over the published reviews of all their rooms (removed ones too), from the rooms' stored aggregates. */
  rating: ratingSchema,
  /** What their stays pay them, after the marketplace's commission, with the tax they remit (the Payouts page's money). */
  earningsCents: z.int(),
});
export type HostStats = z.infer<typeof hostStatsSchema>;

export const guestStatsSchema = z.object({
  ...salesFields,
  /** When the account was created (ISO timestamp). */
  guestSince: z.string(),
});
export type GuestStats = z.infer<typeof guestStatsSchema>;

/** Whose statistics: the three dashboards. */
export const STATS_VIEWS = ['admin', 'host', 'guest'] as const;
export type StatsView = (typeof STATS_VIEWS)[number];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const monthSchema = z
  .string()
  .refine((v) => MONTH.test(v) && Number(v.slice(0, 4)) >= 1900 && Number(v.slice(0, 4)) <= 2999, {
    message: 'Expected a month as YYYY-MM',
  });

export const statsCalendarQuerySchema = z.object({ month: monthSchema });

/** The booked nights of one month that matter to the viewer: how many stays include each night. */
export const statsCalendarSchema = z.object({
  month: monthSchema,
  nights: z.array(z.object({ date: isoDateSchema, stays: z.int() })),
});
export type StatsCalendar = z.infer<typeof statsCalendarSchema>;

/** "2026-11" for a calendar date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

