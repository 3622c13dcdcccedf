import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketplaceCurrencyInputSchema, marketplaceCurrencySchema, marketplaceFeesInputSchema, marketplaceFeesSchema, type CurrencyCode } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../errors.js';
import { actorOf, holdersOf } from '../../plugins/session.js';
import { routeFor } from '../../route-schema.js';
import type { ListingChanges } from '../../listing-changes.js';
import { marketplaceCurrencyAnswer, setMarketplaceCurrencySetting } from './currency.service.js';
import { marketplaceFees, setMarketplaceFees } from './fees.service.js';

/** The marketplace's fees and its currency, for admins (the Fees page). `currencySet` tells this process of a new currency. */
export const feesRoutes: FastifyPluginAsyncZod<{ db: Db; listing: ListingChanges; currencySet: (currency: CurrencyCode) => void }> = async (
  app,
  { db, listing, currencySet },
) => {
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

  app.get(
    '/admin/currency',
    routeFor(admins, "The marketplace's currency, and whether it can still change", {}, marketplaceCurrencySchema),
    async () => marketplaceCurrencyAnswer(db),
  );

  app.put(
    '/admin/currency',
    routeFor(
      admins,
      'Sets the marketplace’s currency; refused once the marketplace has bookings',
      { body: marketplaceCurrencyInputSchema },
      marketplaceCurrencySchema,
      errorResponses(400, 409),
    ),
    async (request) => setMarketplaceCurrencySetting(db, { actor: actorOf(request), currency: request.body.currency, listing, currencySet }),
  );
};
