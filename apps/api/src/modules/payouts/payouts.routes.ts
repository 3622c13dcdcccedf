import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankAccountInputSchema, listPayoutsQuerySchema, PAYOUTS_PAGE_SIZE, payoutsPageSchema, rolesFor } from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireRole } from '../../plugins/session.js';
import { routeSchema } from '../../route-schema.js';
import { payoutsPage, setBankAccount, type PayoutsDeps } from './payouts.service.js';

/** A host's payouts: the Payouts page's reads and the bank account it sets. */
export const payoutsRoutes: FastifyPluginAsyncZod<PayoutsDeps> = async (app, deps) => {
  const hosts = requireRole(...rolesFor('payouts'));

  app.get(
    '/payouts',
    {
      onRequest: hosts,
      schema: routeSchema('Where the host is paid, their balances and their payouts, newest first', { querystring: listPayoutsQuerySchema }, payoutsPageSchema, errorResponses(400, 401, 403)),
    },
    async (request) => payoutsPage(deps, actorOf(request).id, request.query),
  );

  app.put(
    '/payouts/bank-account',
    {
      onRequest: hosts,
      schema: routeSchema('Sets the bank account the host is paid to', { body: bankAccountInputSchema }, payoutsPageSchema, errorResponses(400, 401, 403, 409)),
    },
    async (request) => {
      const hostId = actorOf(request).id;
      await setBankAccount(deps, hostId, request.body);
      return payoutsPage(deps, hostId, { limit: PAYOUTS_PAGE_SIZE });
    },
  );
};
