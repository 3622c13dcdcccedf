import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenParamsSchema, accessTokensSchema, createAccessTokenBodySchema, createdAccessTokenSchema } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { changingOneRecord, noContent, routeFor } from '../../route-schema.js';
import { actorOf, signedIn } from '../../plugins/session.js';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './access-tokens.service.js';

/** Profile's 'Access tokens': one's own tokens, with a session only (docs/decisions/056-access-tokens-and-webhooks.md). */
export const accessTokensRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/access-tokens',
    routeFor(signedIn, 'My personal access tokens, oldest first (never their secrets)', {}, accessTokensSchema, errorResponses(403)),
    async (request) => listAccessTokens(db, { actor: actorOf(request) }),
  );

  app.post(
    '/access-tokens',
    routeFor(
      signedIn,
      'Make a named, scoped access token; its secret is in this answer only',
      { body: createAccessTokenBodySchema },
      createdAccessTokenSchema,
      errorResponses(400, 403, 409),
      { status: 201 },
    ),
    async (request, reply) => reply.status(201).send(await createAccessToken(db, { actor: actorOf(request), ...request.body })),
  );

  app.delete(
    '/access-tokens/:id',
    routeFor(
      signedIn,
      'Revoke one of my access tokens: calls with it are refused from now on', { params: accessTokenParamsSchema }, z.null(), changingOneRecord, {
      status: 204,
      },
    ),
    async (request, reply) => noContent(reply, revokeAccessToken(db, { actor: actorOf(request), id: request.params.id })),
  );
};
