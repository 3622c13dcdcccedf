import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentConfigSchema, testProcessorConfirmBodySchema, testProcessorConfirmResultSchema } from '@staybook/domain';
import { CardError, errorResponses } from '../../errors.js';
import { TestPaymentProcessor } from '../../integrations/payments/test-processor.js';
import { routeSchema } from '../../route-schema.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { recordAuthorization } from '../bookings/confirm-booking.js';

/**
 * What the card form needs: which provider collects the card, and, when it is the built-in test processor,
 * its confirmation endpoint (the stand-in for Stripe.js's confirmCardPayment). The card goes to the processor
 * and nowhere else; the request is never logged with its body.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ deps: BookingDeps; rateLimit: boolean }> = async (app, { deps, rateLimit }) => {
  app.get(
    '/payments/config',
    { schema: routeSchema('Which card processor the card form talks to', {}, paymentConfigSchema) },
    async () => deps.payments.publicConfig(),
  );

  const processor = deps.payments;
  if (!(processor instanceof TestPaymentProcessor)) return;

  app.post(
    '/test-processor/confirm',
    {
      config: rateLimit ? { rateLimit: { max: 30, timeWindow: '10 minutes' } } : {},
      schema: routeSchema(
        "The built-in test processor: confirm a card for a payment intent (Stripe's test cards)",
        { body: testProcessorConfirmBodySchema },
        testProcessorConfirmResultSchema,
        // 402: the card was declined; 403: sent from another site's page.
        errorResponses(400, 402, 403, 404, 409, 429),
      ),
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const intent = await processor.confirmCard(request.body.clientSecret, request.body.card).catch((err: unknown) => {
        if (err instanceof CardError && err.status === 402) deps.metrics?.payment('declined');
        throw err;
      });
      await recordAuthorization(deps, intent.id);
      return { id: intent.id, status: 'requires_capture' as const };
    },
  );
};
