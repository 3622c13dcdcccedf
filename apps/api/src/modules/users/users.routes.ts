import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailParamsSchema,
  modifiedCountSchema,
  updateRoleBodySchema,
  listUsersQuerySchema,
  userSchema,
  usersPageSchema,
  rolesFor,
} from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { actorOf, requireRole, requireUser, requireVerifiedEmail } from '../../plugins/session.js';
import { getUserByEmail, listUsers, requestHostRole, setUserRole } from './users.service.js';

const errors = errorResponses(400, 401, 403);

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/user/:email',
    { onRequest: requireUser, schema: { summary: 'A user record (own, or any for admins)', params: emailParamsSchema, response: { 200: userSchema, ...errors, ...errorResponses(404) } } },
    async (request) => getUserByEmail(db, { actor: actorOf(request), email: request.params.email }),
  );

  // The spec's payload is {email, role, status}; only the e-mail is read (it must be the caller's own).
  app.put(
    '/user',
    {
      onRequest: [requireUser, requireVerifiedEmail],
      schema: {
        summary: 'Ask to become a host',
        body: z.object({ email: z.string().optional() }).passthrough().optional(),
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => ({ modifiedCount: await requestHostRole(db, { actor: actorOf(request), email: request.body?.email }) }),
  );

  app.get(
    '/users',
    {
      onRequest: requireRole(...rolesFor('manageUsers')),
      schema: {
        summary: 'All users (admins)',
        querystring: listUsersQuerySchema,
        response: { 200: usersPageSchema, ...errors },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.patch(
    '/users/update/:email',
    {
      onRequest: requireRole(...rolesFor('manageUsers')),
      schema: { summary: "Set a user's role (admins, not their own)", params: emailParamsSchema, body: updateRoleBodySchema, response: { 200: modifiedCountSchema, ...errors, ...errorResponses(404) } },
    },
    async (request) => ({
      modifiedCount: await setUserRole(db, { actor: actorOf(request), email: request.params.email, role: request.body.role }),
    }),
  );
};
