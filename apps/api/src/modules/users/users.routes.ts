import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  declineHostBodySchema,
  emailParamsSchema,
  hostRequestCountSchema,
  languageChoiceBodySchema,
  modifiedCountSchema,
  updateRoleBodySchema,
  listUsersQuerySchema,
  userIdParamsSchema,
  userSchema,
  usersPageSchema,
} from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { noContent, routeFor } from '../../route-schema.js';
import { actorOf, holdersOf, signedIn, verified } from '../../plugins/session.js';
import {
  approveHostRequest,
  countHostRequests,
  declineHostRequest,
  getUserByEmail,
  listUsers,
  requestHostRole,
  saveLanguage,
  setUserRole,
  type UserDeps,
} from './users.service.js';

const errors = errorResponses(400, 403);
/** Answering a host request: the user may not exist (404), or their request may be answered already (409). */
const decisionErrors = errorResponses(400, 403, 404, 409);

/** What asking to become a host sends (see its route). */
const hostRequestBodySchema = z.object({ email: z.string().optional() }).passthrough().optional().meta({ id: 'HostRequest' });

export const usersRoutes: FastifyPluginAsyncZod<{ deps: UserDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const admins = holdersOf('manageUsers');

  app.get(
    '/user/:email',
    routeFor(signedIn, 'A user record (own, or any for admins)', { params: emailParamsSchema }, userSchema, { ...errors, ...errorResponses(404) }),
    async (request) => getUserByEmail(db, { actor: actorOf(request), email: request.params.email }),
  );

  // The spec's payload is {email, role, status}; only the e-mail is read (it must be the caller's own).
  app.put(
    '/user',
    routeFor(verified(signedIn), 'Ask to become a host', { body: hostRequestBodySchema }, modifiedCountSchema, errors),
    async (request) => ({ modifiedCount: await requestHostRole(db, { actor: actorOf(request), email: request.body?.email }) }),
  );

  // The pickers in the footer and on Profile save a signed-in person's choice here as they set the `lang` cookie.
  app.put(
    '/me/language',
    routeFor(
      signedIn,
      'Save the language the signed-in person chose: their mails are written in it, and a browser they sign in on without a chosen language takes it',
      { body: languageChoiceBodySchema }, z.null(), errors, { status: 204 },
    ),
    async (request, reply) => noContent(reply, saveLanguage(db, { actor: actorOf(request), locale: request.body.locale })),
  );

  app.get(
    '/users',
    routeFor(
      admins,
      'Users in e-mail order, a page at a time; searched by part of the name or e-mail, filtered by role and status (admins)',
      { querystring: listUsersQuerySchema }, usersPageSchema, errors,
    ),
    async (request) => listUsers(db, request.query),
  );

  app.get(
    '/users/requests/count',
    routeFor(admins, 'How many host requests wait for an answer (admins)', {}, hostRequestCountSchema),
    async () => countHostRequests(db),
  );

  app.post(
    '/users/:id/approve-host',
    routeFor(admins, "Grant a guest's waiting host request: they become a host (admins)", { params: userIdParamsSchema }, userSchema, decisionErrors),
    async (request) => approveHostRequest(deps, { actor: actorOf(request), userId: request.params.id }),
  );

  app.post(
    '/users/:id/decline-host',
    routeFor(
      admins,
      "Decline a guest's waiting host request with a reason, mailed to them; they may ask again (admins)",
      { params: userIdParamsSchema, body: declineHostBodySchema }, userSchema, decisionErrors,
    ),
    async (request) => declineHostRequest(deps, { actor: actorOf(request), userId: request.params.id, reason: request.body.reason }),
  );

  app.patch(
    '/users/update/:email',
    routeFor(
      admins,
      "Set a user's role (admins, not their own)",
      { params: emailParamsSchema, body: updateRoleBodySchema }, modifiedCountSchema, { ...errors, ...errorResponses(404) },
    ),
    async (request) => ({
      modifiedCount: await setUserRole(deps, { actor: actorOf(request), email: request.params.email, role: request.body.role }),
    }),
  );
};
