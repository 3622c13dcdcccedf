import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  guestStatsSchema,
  hostStatsSchema,
  statsCalendarQuerySchema,
  statsCalendarSchema,
  statsQuerySchema,
} from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { routeFor } from '../../route-schema.js';
import { actorOf, holdersOf } from '../../plugins/session.js';
import { getAdminStats, getGuestStats, getHostStats, getStatsCalendar } from './stats.service.js';

const errors = errorResponses(400);

/**
 * Each view of the statistics (`StatsView`): who may read it, by the access table (decision 014) as every other
 * route reads it; its figures, from its own service call; and the summaries of its two routes.
 */
const VIEWS = [
  {
    view: 'admin',
    guard: holdersOf('adminStatistics'),
    answer: adminStatsSchema,
    figures: getAdminStats,
    summary: 'Marketplace statistics (admins)',
    calendarSummary: 'Stays per night of a month, marketplace-wide (admins)',
  },
  {
    view: 'host',
    guard: holdersOf('hostStatistics'),
    answer: hostStatsSchema,
    figures: getHostStats,
    summary: "A host's statistics (hosts)",
    calendarSummary: "Nights booked in a host's rooms in a month (hosts)",
  },
  {
    view: 'guest',
    guard: holdersOf('statistics'),
    answer: guestStatsSchema,
    figures: getGuestStats,
    summary: "The caller's statistics as a guest",
    calendarSummary: "The caller's nights of stay in a month",
  },
] as const;

/**
 * The spec's statistics calls: admin figures to admins, host figures to hosts, guest figures to anyone
 * signed in (a host in the dashboard's guest mode sees their own stays as a guest). Each has the month
 * calendar shown beside the chart.
 */
export const statsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Each view's figures, then each view's calendar: the reference lists them in this order.
  for (const { view, guard, answer, figures, summary } of VIEWS) {
    app.get(
      `/${view}-stat`,
      routeFor(guard, summary, { querystring: statsQuerySchema }, answer, errors),
      async (request) => figures(db, { actor: actorOf(request), ...request.query }),
    );
  }
  for (const { view, guard, calendarSummary } of VIEWS) {
    app.get(
      `/${view}-stat/calendar`,
      routeFor(guard, calendarSummary, { querystring: statsCalendarQuerySchema }, statsCalendarSchema, errors),
      async (request) => getStatsCalendar(db, { actor: actorOf(request), view, month: request.query.month }),
    );
  }
};
