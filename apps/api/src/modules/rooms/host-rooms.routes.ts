import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedCountSchema,
  emailParamsSchema,
  hostRoomsPageSchema,
  myListingsQuerySchema,
  roomInputSchema,
  roomParamsSchema,
  roomSchema,
} from '@staybook/domain';
import type { Db } from '../../db/client.js';
import type { ImageStore } from '../../integrations/images/image-store.js';
import { errorResponses } from '../../errors.js';
import { routeFor } from '../../route-schema.js';
import { actorOf, holdersOf, rateLimitKeyByUser, verified } from '../../plugins/session.js';
import type { ListingChanges } from '../../listing-changes.js';
import { checkMayChangeRoom, createRoom, deleteRoom, listHostRooms, updateRoom } from './host-rooms.service.js';

/** Every hosting call: bad input, not signed in, not a host (or not the room's host, or another site's page). */
const errors = errorResponses(400, 403);

/** The spec's hosting calls: add a room, My Listings, update and delete (docs: README, API). */
export const hostRoomsRoutes: FastifyPluginAsyncZod<{ db: Db; imageStore: ImageStore; listing: ListingChanges; defaultTimeZone: string }> = async (
  app,
  { db, imageStore, listing, defaultTimeZone },
) => {
  app.post(
    '/room',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: rateLimitKeyByUser } },
      ...routeFor(
        verified(holdersOf('addRoom')),
        'List a new room; its host is the signed-in host',
        // The start rule needs the room's time zone: the service checks it (today where the room is).
        { body: roomInputSchema },
        roomSchema,
        { ...errors, ...errorResponses(429) },
        { status: 201 },
      ),
    },
    async (request, reply) => reply.status(201).send(await createRoom(db, { actor: actorOf(request), input: request.body, listing, defaultTimeZone })),
  );

  app.get(
    '/my-listings',
    routeFor(holdersOf('myListings'), "The signed-in host's rooms, newest first", { querystring: myListingsQuerySchema }, hostRoomsPageSchema, errors),
    async (request) => listHostRooms(db, { actor: actorOf(request), ...request.query }),
  );

  // The spec's form of the same call; the e-mail must be the caller's own.
  app.get(
    '/my-listings/:email',
    routeFor(
      holdersOf('myListings'),
      "The signed-in host's rooms (the e-mail must be their own)",
      { params: emailParamsSchema, querystring: myListingsQuerySchema }, hostRoomsPageSchema, errors,
    ),
    async (request) => listHostRooms(db, { actor: actorOf(request), email: request.params.email, ...request.query }),
  );

  app.put(
    '/room/update/:id',
    {
      // Before the body is validated: another host's change is refused as such, whatever it holds.
      preValidation: async (request) => checkMayChangeRoom(db, { actor: actorOf(request), id: (request.params as { id?: unknown }).id }),
      ...routeFor(
        holdersOf('myListings'),
        "Replace a room's details (its host only)",
        { params: roomParamsSchema, body: roomInputSchema }, roomSchema, { ...errors, ...errorResponses(404, 409) },
      ),
    },
    async (request) =>
      updateRoom(db, { actor: actorOf(request), id: request.params.id, input: request.body, imageStore, log: request.log, listing }),
  );

  app.delete(
    '/room/:id',
    routeFor(holdersOf('removeRoom'), 'Remove a room (its host, or an admin)', { params: roomParamsSchema }, deletedCountSchema, { ...errors, ...errorResponses(404, 409) }),
    async (request) => deleteRoom(db, { actor: actorOf(request), id: request.params.id, imageStore, log: request.log, listing }),
  );
};
