import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketplaceFeesInputSchema, marketplaceFeesSchema, rolesFor } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { actorOf, requireRole } from '../../plugins/session.js';
import { routeSchema } from '../../route-schema.js';
import type { ListingChanges } from '../../listing-changes.js';
import { marketplaceFees, setMarketplaceFees } from './fees.service.js';

/** The marketplace's fees, for admins (the Fees page). */
export const feesRoutes: FastifyPluginAsyncZod<{ db: Db; listing: ListingChanges }> = async (app, { db, listing }) => {
  const admins = requireRole(...rolesFor('marketplaceFees'));

  app.get(
    '/admin/fees',
    { onRequest: admins, schema: routeSchema("The marketplace's fees and their history", {}, marketplaceFeesSchema, errorResponses(401, 403)) },
    async () => marketplaceFees(db),
  );

  app.put(
    '/admin/fees',
    {
      onRequest: admins,
      schema: routeSchema('Sets the marketplace’s fees from now on', { body: marketplaceFeesInputSchema }, marketplaceFeesSchema, errorResponses(400, 401, 403)),
    },
    async (request) =>
      setMarketplaceFees(db, {
        actor: actorOf(request),
        guestFeeBp: request.body.guestFeePercent,
        hostCommissionBp: request.body.hostCommissionPercent,
        listing,
      }),
  );
};
