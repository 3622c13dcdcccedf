import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_PATHS,
  bankAccountInputSchema,
  listPayoutsQuerySchema,
  PAYOUTS_PAGE_SIZE,
  payoutOnboardingLinkSchema,
  payoutsPageSchema,
} from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, holdersOf, rateLimitKeyByUser } from '../../plugins/session.js';
import { routeFor } from '../../route-schema.js';
import type { JobKick } from '../jobs/jobs.js';
import { ONBOARDING_REFRESH_PATH, ONBOARDING_RETURN_PATH, renewOnboardingLink, returnFromOnboarding, startPayoutOnboarding, type OnboardingDeps } from './payout-onboarding.js';
import { payoutsPage, setBankAccount } from './payouts.service.js';

const API_PREFIX = '/api';

/**
 * A host's payouts: the Payouts page's reads, the bank account it sets (built-in processor), and setting up payouts
 * with Stripe (its onboarding, and the two addresses Stripe sends the host back to).
 */
export const payoutsRoutes: FastifyPluginAsyncZod<OnboardingDeps & { jobs: JobKick }> = async (app, deps) => {
  const hosts = holdersOf('payouts');

  app.get(
    '/payouts',
    routeFor(hosts, 'Where the host is paid, their balances and their payouts, newest first', { querystring: listPayoutsQuerySchema }, payoutsPageSchema, errorResponses(400)),
    async (request) => payoutsPage(deps, actorOf(request).id, request.query),
  );

  app.put(
    '/payouts/bank-account',
    routeFor(hosts, 'Sets the bank account the host is paid to', { body: bankAccountInputSchema }, payoutsPageSchema, errorResponses(400, 409)),
    async (request) => {
      const hostId = actorOf(request).id;
      await setBankAccount(deps, hostId, request.body);
      return payoutsPage(deps, hostId, { limit: PAYOUTS_PAGE_SIZE });
    },
  );

  app.post(
    '/payouts/stripe-account',
    {
      // Each call asks Stripe for a link; the guard runs first, so the limit counts the host's own calls.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', hook: 'preHandler', keyGenerator: rateLimitKeyByUser } },
      ...routeFor(
        hosts,
        'Sets up the host’s payouts with Stripe: their Express account (made once) and a link to Stripe’s onboarding for it',
        {},
        payoutOnboardingLinkSchema,
        // 409: this marketplace pays to bank accounts (the built-in processor); 503: Stripe could not be asked.
        errorResponses(401, 403, 409, 429, 503),
      ),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return startPayoutOnboarding(deps, actorOf(request).id);
    },
  );

  /** A page Stripe's onboarding sends the host's browser to: it goes on to where `next` says, never from a cache. */
  const stripeLanding = (path: string, summary: string, answer: string, next: (hostId: string) => Promise<string>) =>
    app.get(
      path.slice(API_PREFIX.length),
      routeFor(hosts, summary, {}, z.null().describe(answer), {}, { status: 302 }),
      async (request, reply) => reply.header('cache-control', 'no-store').redirect(await next(actorOf(request).id), 302),
    );

  stripeLanding(
    ONBOARDING_RETURN_PATH,
    'Where Stripe’s onboarding sends the host back: their account is read from Stripe, then the Payouts page opens',
    'A redirect to the Payouts page',
    async (hostId) => {
      await returnFromOnboarding(deps, hostId);
      return APP_PATHS.payouts;
    },
  );

  stripeLanding(
    ONBOARDING_REFRESH_PATH,
    'Where Stripe sends a host whose onboarding link was used or expired: a new link, or the Payouts page when none can be made now',
    'A redirect to Stripe’s onboarding, or to the Payouts page',
    async (hostId) => (await renewOnboardingLink(deps, hostId)) ?? APP_PATHS.payouts,
  );
};
