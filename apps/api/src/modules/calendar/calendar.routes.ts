import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingParamsSchema,
  calendarImportIdSchema,
  calendarImportInputSchema,
  calendarImportSchema,
  hostCalendarQuerySchema,
  hostCalendarSchema,
  nightsChangeBodySchema,
  nightsChangeResultSchema,
  roomCalendarSchema,
  roomIdSchema,
  roomParamsSchema,
} from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { fastSerializerCompiler } from '../../fast-serializer.js';
import { noContent, oneRecord, routeFor, routeSchema } from '../../route-schema.js';
import { actorOf, holdersOf, rateLimitKeyByUser, signedIn } from '../../plugins/session.js';
import { changeNights, getHostCalendar } from './host-calendar.service.js';
import { addImport, bookingCalendarFile, exportFeed, getRoomCalendar, regenerateExportUrl, removeImport, syncRoomNow, type CalendarDeps } from './calendar.service.js';

const ICS = 'text/calendar';
const CALENDAR_TYPE = `${ICS}; charset=utf-8`;
const icsResponse = z.string().describe('An iCalendar (.ics) file');

/** Calendar sync: a booking's .ics, a room's export feed, and the host's export link and imports. */
export const calendarRoutes: FastifyPluginAsyncZod<{ deps: CalendarDeps; checkAnswers: boolean }> = async (app, { deps, checkAnswers }) => {
  app.get(
    '/booking/:id/calendar.ics',
    routeFor(
      signedIn,
      "'Add to calendar': the booking's event, for its guest or the room's host",
      { params: bookingParamsSchema }, icsResponse, oneRecord, { produces: ICS },
    ),
    async (request, reply) => {
      const file = await bookingCalendarFile(deps, { actor: actorOf(request), bookingId: request.params.id });
      return reply.type(CALENDAR_TYPE).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );

  // No session: the long random token in the URL is the key (other sites subscribe with it).
  app.get(
    '/calendar/:token.ics',
    {
      schema: routeSchema(
        "A room's private iCal export: its confirmed stays as busy 'Reserved' events",
        { params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Calendar link is malformed') }) }, icsResponse, errorResponses(400, 404), { produces: ICS },
      ),
    },
    async (request, reply) =>
      reply
        .type(CALENDAR_TYPE)
        .header('cache-control', 'private, no-store')
        .send(await exportFeed(deps.db, request.params.token)),
  );

  const host = holdersOf('myListings');
  const calendarHost = holdersOf('hostCalendar');
  // Adding and 'Sync now' fetch from other sites at once: a host cannot make the server hammer one.
  const fetches = { rateLimit: { max: 30, timeWindow: '10 minutes', hook: 'preHandler' as const, keyGenerator: rateLimitKeyByUser } };

  // Reading a room's calendar sync and giving it a new export link take the same request and give the same answer.
  const exportLink = [
    { method: 'get', path: '/room/:id/calendar', act: getRoomCalendar, summary: "A room's calendar sync: its export URL (made on first read) and imports (its host only)" },
    { method: 'post', path: '/room/:id/calendar/regenerate', act: regenerateExportUrl, summary: "'Regenerate link': a new export URL; the old one stops working" },
  ] as const;
  for (const { method, path, act, summary } of exportLink) {
    app[method](
      path,
      routeFor(host, summary, { params: roomParamsSchema }, roomCalendarSchema, oneRecord),
      async (request) => act(deps, { actor: actorOf(request), roomId: request.params.id }),
    );
  }

  app.post(
    '/room/:id/calendar/imports',
    {
      config: fetches,
      ...routeFor(
        host,
        "Import another site's calendar (.ics URL): fetched now and then on a schedule; its events block nights",
        { params: roomParamsSchema, body: calendarImportInputSchema }, calendarImportSchema, { ...oneRecord, ...errorResponses(409, 429) }, { status: 201 },
      ),
    },
    async (request, reply) => reply.status(201).send(await addImport(deps, { actor: actorOf(request), roomId: request.params.id, url: request.body.url })),
  );

  app.delete(
    '/room/:id/calendar/imports/:importId',
    routeFor(
      host,
      'Remove an imported calendar and the nights it blocked',
      { params: z.object({ id: roomIdSchema, importId: calendarImportIdSchema }) }, z.null(), oneRecord, { status: 204 },
    ),
    async (request, reply) => noContent(reply, removeImport(deps, { actor: actorOf(request), roomId: request.params.id, importId: request.params.importId })),
  );

  app.post(
    '/room/:id/calendar/sync',
    {
      config: fetches,
      ...routeFor(
        host,
        "'Sync now': fetch every imported calendar of the room at once",
        { params: roomParamsSchema }, roomCalendarSchema, { ...oneRecord, ...errorResponses(429) },
      ),
    },
    async (request) => syncRoomNow(deps, { actor: actorOf(request), roomId: request.params.id }),
  );

  // A year of nights is a large answer: written from its schema, as the browsing answers are (decision 019).
  await app.register(async (scope) => {
    scope.setSerializerCompiler(fastSerializerCompiler({ check: checkAnswers }));
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/room/:id/calendar/nights',
      routeFor(
        calendarHost,
        "The host calendar: a listing's nights month by month, with their prices, what holds them and start hints (its host only)",
        { params: roomParamsSchema, querystring: hostCalendarQuerySchema }, hostCalendarSchema, oneRecord,
      ),
      async (request) => getHostCalendar(deps.db, { actor: actorOf(request), roomId: request.params.id, ...request.query }),
    );
  });

  app.put(
    '/room/:id/calendar/nights',
    routeFor(
      calendarHost,
      'Block or unblock, price, set a minimum stay or a note on a range of nights, or put back what a change replaced (undo)',
      { params: roomParamsSchema, body: nightsChangeBodySchema }, nightsChangeResultSchema, { ...oneRecord, ...errorResponses(409) },
    ),
    async (request) => changeNights(deps.db, { actor: actorOf(request), roomId: request.params.id, body: request.body, listing: deps.listing }),
  );
};
