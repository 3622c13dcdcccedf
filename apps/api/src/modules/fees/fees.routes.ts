import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketplaceFeesInputSchema, marketplaceFeesSchema } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { actorOf, holdersOf } from '../../plugins/session.js';
import { routeFor } from '../../route-schema.js';
import type { ListingChanges } from '../../listing-changes.js';
import { marketplaceFees, setMarketplaceFees } from './fees.service.js';

/** The marketplace's fees, for admins (the Fees page). */
export const feesRoutes: FastifyPluginAsyncZod<{ db: Db; listing: ListingChanges }> = async (app, { db, listing }) => {
  const admins = holdersOf('marketplaceFees');

  app.get(
    '/admin/fees',
    routeFor(admins, "The marketplace's fees and their history", {}, marketplaceFeesSchema),
    async () => marketplaceFees(db),
  );

  app.put(
    '/admin/fees',
    routeFor(admins, 'Sets the marketplace’s fees from now on', { body: marketplaceFeesInputSchema }, marketplaceFeesSchema, errorResponses(400)),
    async (request) =>
      setMarketplaceFees(db, {
        actor: actorOf(request),
        guestFeeBp: request.body.guestFeePercent,
        hostCommissionBp: request.body.hostCommissionPercent,
        listing,
      }),
  );
};
