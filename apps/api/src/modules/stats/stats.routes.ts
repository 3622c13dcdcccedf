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

/** Who may read which figures: the access table's (decision 014), as every other route reads it. */
const admins = holdersOf('adminStatistics');
const hosts = holdersOf('hostStatistics');
const everyone = holdersOf('statistics');

/**
 * The spec's statistics calls: admin figures to admins, host figures to hosts, guest figures to anyone
 * signed in (a host in the dashboard's guest mode sees their own stays as a guest). Each has the month
 * calendar shown beside the chart.
 */
export const statsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin-stat',
    routeFor(admins, 'Marketplace statistics (admins)', { querystring: statsQuerySchema }, adminStatsSchema, errors),
    async (request) => getAdminStats(db, { actor: actorOf(request), ...request.query }),
  );
  app.get(
    '/host-stat',
    routeFor(hosts, "A host's statistics (hosts)", { querystring: statsQuerySchema }, hostStatsSchema, errors),
    async (request) => getHostStats(db, { actor: actorOf(request), ...request.query }),
  );
  app.get(
    '/guest-stat',
    routeFor(everyone, "The caller's statistics as a guest", { querystring: statsQuerySchema }, guestStatsSchema, errors),
    async (request) => getGuestStats(db, { actor: actorOf(request), ...request.query }),
  );

  const calendar = (guard: typeof admins, summary: string) => routeFor(guard, summary, { querystring: statsCalendarQuerySchema }, statsCalendarSchema, errors);
  app.get(
    '/admin-stat/calendar',
    calendar(admins, 'Stays per night of a month, marketplace-wide (admins)'),
    async (request) => getStatsCalendar(db, { actor: actorOf(request), view: 'admin', month: request.query.month }),
  );
  app.get(
    '/host-stat/calendar',
    calendar(hosts, "Nights booked in a host's rooms in a month (hosts)"),
    async (request) => getStatsCalendar(db, { actor: actorOf(request), view: 'host', month: request.query.month }),
  );
  app.get(
    '/guest-stat/calendar',
    calendar(everyone, "The caller's nights of stay in a month"),
    async (request) => getStatsCalendar(db, { actor: actorOf(request), view: 'guest', month: request.query.month }),
  );
};
