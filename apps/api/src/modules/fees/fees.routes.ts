import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketplaceCurrencyInputSchema, marketplaceCurrencySchema, marketplaceFeesInputSchema, marketplaceFeesSchema, rolesFor, type CurrencyCode } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { actorOf, requireRole } from '../../plugins/session.js';
import { routeSchema } from '../../route-schema.js';
import type { ListingChanges } from '../../listing-changes.js';
import { marketplaceCurrencyAnswer, setMarketplaceCurrencySetting } from './currency.service.js';
import { marketplaceFees, setMarketplaceFees } from './fees.service.js';

/** The marketplace's fees and its currency, for admins (the Fees page). `currencySet` tells this process of a new currency. */
export const feesRoutes: FastifyPluginAsyncZod<{ db: Db; listing: ListingChanges; currencySet: (currency: CurrencyCode) => void }> = async (
  app,
  { db, listing, currencySet },
) => {
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

  app.get(
    '/admin/currency',
    {
      onRequest: admins,
      schema: routeSchema("The marketplace's currency, and whether it can still change", {}, marketplaceCurrencySchema, errorResponses(401, 403)),
    },
    async () => marketplaceCurrencyAnswer(db),
  );

  app.put(
    '/admin/currency',
    {
      onRequest: admins,
      schema: routeSchema(
        'Sets the marketplace’s currency; refused once the marketplace has bookings',
        { body: marketplaceCurrencyInputSchema },
        marketplaceCurrencySchema,
        errorResponses(400, 401, 403, 409),
      ),
    },
    async (request) => setMarketplaceCurrencySetting(db, { actor: actorOf(request), currency: request.body.currency, listing, currencySet }),
  );
};
