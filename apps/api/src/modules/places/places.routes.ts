import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PLACE_SUGGESTIONS, placesQuerySchema, placesSchema } from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { routeSchema } from '../../route-schema.js';
import { suggestPlaces } from './gazetteer.js';

/** The gazetteer's places for what a person has typed (the location field of Add Room and 'Update Room Info'). */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places',
    {
      schema: routeSchema(
        'Places whose name starts with what was typed, most populous first, with their position and time zone',
        { querystring: placesQuerySchema },
        placesSchema,
        errorResponses(400),
      ),
    },
    async (request, reply) => {
      // The gazetteer changes only with a release.
      void reply.header('cache-control', 'public, max-age=86400');
      return { items: await suggestPlaces(request.query.q, PLACE_SUGGESTIONS) };
    },
  );
};
