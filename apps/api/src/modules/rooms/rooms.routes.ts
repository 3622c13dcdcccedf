import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, listRoomsQuerySchema, roomIdSchema, roomSchema, roomsPageSchema } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { identifyViewer } from '../../plugins/session.js';
import { getRoom, listRooms } from './rooms.service.js';

export const roomsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/rooms',
    {
      schema: {
        summary: 'List rooms, newest first, optionally of one category',
        querystring: listRoomsQuerySchema,
        response: { 200: roomsPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listRooms(db, request.query),
  );

  app.get(
    '/room/:id',
    {
      // Anyone may see a room; who is asking decides whether the host's e-mail is part of it.
      onRequest: identifyViewer,
      schema: {
        summary: 'One room',
        params: z.object({ id: roomIdSchema }),
        response: { 200: roomSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getRoom(db, { id: request.params.id, viewer: request.actor }),
  );
};
