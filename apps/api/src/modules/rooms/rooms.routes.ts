import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomParamsSchema, roomSchema, roomsPageSchema, roomsQuerySchema, searchOf, searchToQuery } from '@staybook/domain';
import type { BrowsingReads } from '../../db/replica.js';
import { errorResponses } from '../../errors.js';
import { notModified, routeSchema } from '../../route-schema.js';
import { fastSerializerCompiler } from '../../fast-serializer.js';
import { identifyViewer } from '../../plugins/session.js';
import type { ListingCache } from './listing-cache.js';
import { getRoom } from './rooms.service.js';
import type { RoomFinder } from './search-index/search-index.js';

/**
 * Browsing. A visitor's answers come from the listing cache (bytes, br/gzip forms and ETag made once per
 * change); they are serialized by fast-json-stringify from the response schemas, and checked against those
 * schemas too when `checkAnswers` is set (tests). Both read through `browse`: the read replica when there is one
 * and it has what the reader must see (db/replica.ts).
 */
export const roomsRoutes: FastifyPluginAsyncZod<{ browse: BrowsingReads; findRooms: RoomFinder; listing: ListingCache; checkAnswers: boolean }> = async (
  app,
  { browse, findRooms, listing, checkAnswers },
) => {
  app.setSerializerCompiler(fastSerializerCompiler({ check: checkAnswers }));

  app.get(
    '/rooms',
    {
      // Compressed once per kept answer by the listing cache, not per request.
      compress: false,
      schema: routeSchema(
        'Find rooms: by category, place, dates, guests, price and bedrooms, in the chosen order',
        { querystring: roomsQuerySchema }, roomsPageSchema, { ...notModified, ...errorResponses(400) },
      ),
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const search = searchOf(request.query);
      // One search has one key, whatever the order or spelling of its parameters.
      const query = searchToQuery(search);
      const answer = await listing.answer(
        `rooms ${query} ${limit} ${cursor ?? ''}`,
        async () => {
          const { page, dependencies } = await findRooms(request, { search, cursor, limit });
          return { body: reply.serialize(page) as string, ...dependencies };
        },
        { searched: query !== '' || cursor !== undefined },
      );
      return listing.send(request, reply, answer);
    },
  );

  app.get(
    '/room/:id',
    {
      // Anyone may see a room; who is asking decides whether the host's e-mail is part of it.
      onRequest: identifyViewer,
      compress: false,
      schema: routeSchema('One room', { params: roomParamsSchema }, roomSchema, { ...notModified, ...errorResponses(400, 404) }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const viewer = request.actor;
      const run = async () => {
        const room = await browse(request, (db) => getRoom(db, { id, viewer }));
        return { body: reply.serialize(room) as string, roomIds: [id], timeZones: [room.timeZone] };
      };
      // A signed-in viewer's answer is personal (the host's e-mail may be in it): made afresh, never kept.
      const answer = viewer ? await listing.fresh(run) : await listing.answer(`room ${id}`, run);
      return listing.send(request, reply, answer);
    },
  );
};
