import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  guestStatsSchema,
  hostStatsSchema,
  rolesFor,
  statsCalendarQuerySchema,
  statsCalendarSchema,
  statsQuerySchema,
} from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { routeSchema } from '../../route-schema.js';
import { actorOf, requireRole } from '../../plugins/session.js';
import { getAdminStats, getGuestStats, getHostStats, getStatsCalendar } from './stats.service.js';

const errors = errorResponses(400, 401, 403);

/** Who may read which figures: the access table's (decision 014), as every other route reads it. */
const admins = requireRole(...rolesFor('adminStatistics'));
const hosts = requireRole(...rolesFor('hostStatistics'));
const everyone = requireRole(...rolesFor('statistics'));

/**
 * The spec's statistics calls: admin figures to admins, host figures to hosts, guest figures to anyone
 * signed in (a host in the dashboard's guest mode sees their own stays as a guest). Each has the month
 * calendar shown beside the chart.
 */
export const statsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin-stat',
    { onRequest: admins, schema: routeSchema('Marketplace statistics (admins)', { querystring: statsQuerySchema }, adminStatsSchema, errors) },
    async (request) => getAdminStats(db, { actor: actorOf(request), ...request.query }),
  );
  app.get(
    '/host-stat',
    { onRequest: hosts, schema: routeSchema("A host's statistics (hosts)", { querystring: statsQuerySchema }, hostStatsSchema, errors) },
    async (request) => getHostStats(db, { actor: actorOf(request), ...request.query }),
  );
  app.get(
    '/guest-stat',
    { onRequest: everyone, schema: routeSchema("The caller's statistics as a guest", { querystring: statsQuerySchema }, guestStatsSchema, errors) },
    async (request) => getGuestStats(db, { actor: actorOf(request), ...request.query }),
  );

  const calendar = (summary: string) => routeSchema(summary, { querystring: statsCalendarQuerySchema }, statsCalendarSchema, errors);
  app.get(
    '/admin-stat/calendar',
    { onRequest: admins, schema: calendar('Stays per night of a month, marketplace-wide (admins)') },
    async (request) => getStatsCalendar(db, { actor: actorOf(request), view: 'admin', month: request.query.month }),
  );
  app.get(
    '/host-stat/calendar',
    { onRequest: hosts, schema: calendar("Nights booked in a host's rooms in a month (hosts)") },
    async (request) => getStatsCalendar(db, { actor: actorOf(request), view: 'host', month: request.query.month }),
  );
  app.get(
    '/guest-stat/calendar',
    { onRequest: everyone, schema: calendar("The caller's nights of stay in a month") },
    async (request) => getStatsCalendar(db, { actor: actorOf(request), view: 'guest', month: request.query.month }),
  );
};
