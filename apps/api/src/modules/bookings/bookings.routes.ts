import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerRequestBodySchema,
  bookingIdSchema,
  bookingParamsSchema,
  bookingSchema,
  bookingsPageSchema,
  cancelBookingBodySchema,
  cancellationQuoteSchema,
  confirmBookingBodySchema,
  createPaymentIntentBodySchema,
  emailParamsSchema,
  listBookingsQuerySchema,
  paymentIntentSchema,
  requestCountSchema,
  roomAvailabilitySchema,
  roomParamsSchema,
  rolesFor,
  tripSchema,
} from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { routeSchema } from '../../route-schema.js';
import { actorOf, rateLimitKeyByUser, requireRole, requireUser, requireVerifiedEmail } from '../../plugins/session.js';
import { getRoomAvailability } from './availability.js';
import type { BookingDeps } from './booking-deps.js';
import { cancelBooking, previewCancellation } from './cancel-booking.js';
import { confirmBookingForPayment } from './confirm-booking.js';
import { assertOwnEmail, countWaitingRequests, listBookings } from './list-bookings.js';
import { acceptRequest, declineRequest, withdrawRequest } from './request-answers.js';
import { createPaymentIntent } from './start-payment.js';
import { getTrip } from './trips.service.js';
import { requestLocale } from '../../request-locale.js';

const errors = errorResponses(400, 401, 403, 404, 409);

export const bookingsRoutes: FastifyPluginAsyncZod<{ deps: BookingDeps; rateLimit: boolean }> = async (app, { deps, rateLimit }) => {
  const { db } = deps;

  app.get(
    '/room/:id/availability',
    {
      schema: routeSchema(
        "A room's bookable window from today and the stays already booked in it",
        { params: roomParamsSchema }, roomAvailabilitySchema, errorResponses(400, 404),
      ),
    },
    async (request) => getRoomAvailability(db, { roomId: request.params.id }),
  );

  app.post(
    '/create-payment-intent',
    {
      onRequest: [requireUser, requireVerifiedEmail],
      config: rateLimit ? { rateLimit: { max: 30, timeWindow: '10 minutes', keyGenerator: rateLimitKeyByUser } } : {},
      schema: routeSchema(
        'Start paying for a stay (room, dates, guests): the server computes the total from the stored nightly price',
        { body: createPaymentIntentBodySchema }, paymentIntentSchema, { ...errors, ...errorResponses(429) },
      ),
    },
    async (request) => {
      const { roomId, from, to, guests } = request.body;
      return createPaymentIntent(deps, { actor: actorOf(request), roomId, from, to, guests });
    },
  );

  app.post(
    '/booking',
    {
      onRequest: requireUser,
      schema: routeSchema(
        'Book the stay a payment was authorized for (201 when booked now, 200 when it already was)',
        { body: confirmBookingBodySchema }, bookingSchema, errors, { status: [200, 201] },
      ),
    },
    async (request, reply) => {
      const { booking, created } = await confirmBookingForPayment(deps, {
        providerPaymentId: request.body.paymentIntentId,
        actor: actorOf(request),
        locale: requestLocale(request.headers),
      });
      return reply.status(created ? 201 : 200).send(booking);
    },
  );

  app.get(
    '/booking/:id/cancellation',
    {
      onRequest: requireUser,
      schema: routeSchema(
        "What cancelling a stay now would refund, by the policy it was booked under (a host's cancellation: everything)",
        { params: bookingParamsSchema }, cancellationQuoteSchema, errors,
      ),
    },
    async (request) => previewCancellation(db, { actor: actorOf(request), bookingId: request.params.id }),
  );

  app.delete(
    '/booking/:id',
    {
      onRequest: requireUser,
      schema: routeSchema(
        "Cancel a stay before check-in (its guest or the room host); the refund follows the stay's policy, a host's is in full",
        { params: bookingParamsSchema, body: cancelBookingBodySchema }, bookingSchema, errors,
      ),
    },
    async (request) =>
      cancelBooking(deps, { actor: actorOf(request), bookingId: request.params.id, expectedRefundCents: request.body?.expectedRefundCents }),
  );

  // Request to book (decision 049): the host answers within 24 hours; the guest may withdraw before that.
  const hostOnly = requireRole(...rolesFor('requests'));
  app.post(
    '/booking/:id/accept',
    {
      onRequest: hostOnly,
      schema: routeSchema(
        "Accept a request to book one's room (its host): the stay is confirmed and the held card charged",
        { params: bookingParamsSchema, body: answerRequestBodySchema }, bookingSchema, errors,
      ),
    },
    async (request) => acceptRequest(deps, { actor: actorOf(request), bookingId: request.params.id, message: request.body?.message }),
  );
  app.post(
    '/booking/:id/decline',
    {
      onRequest: hostOnly,
      schema: routeSchema(
        "Decline a request to book one's room (its host), with an optional message: the nights open again and the hold is released",
        { params: bookingParamsSchema, body: answerRequestBodySchema }, bookingSchema, errors,
      ),
    },
    async (request) => declineRequest(deps, { actor: actorOf(request), bookingId: request.params.id, message: request.body?.message }),
  );
  app.post(
    '/booking/:id/withdraw',
    {
      onRequest: requireUser,
      schema: routeSchema(
        'Withdraw my request to book before the host answers: the nights open again and the hold on my card is released',
        { params: bookingParamsSchema }, bookingSchema, errors,
      ),
    },
    async (request) => withdrawRequest(deps, { actor: actorOf(request), bookingId: request.params.id }),
  );
  app.get(
    '/requests',
    {
      onRequest: hostOnly,
      schema: routeSchema('Requests to book my rooms that wait for my answer (hosts)', { querystring: listBookingsQuerySchema }, bookingsPageSchema, errorResponses(400, 401, 403)),
    },
    async (request) => listBookings(db, { actor: actorOf(request), as: 'host', waiting: true, ...request.query }),
  );
  app.get(
    '/requests/count',
    { onRequest: hostOnly, schema: routeSchema('How many requests to book my rooms wait for my answer (hosts)', {}, requestCountSchema, errorResponses(401, 403)) },
    async (request) => countWaitingRequests(db, actorOf(request).id),
  );

  app.get(
    '/trips/:bookingId',
    {
      onRequest: requireUser,
      schema: routeSchema(
        "A stay's trip page, for its guest or the room's host only (anyone else: 404)",
        { params: z.object({ bookingId: bookingIdSchema }) }, tripSchema, errorResponses(400, 401, 404),
      ),
    },
    async (request) => getTrip(db, { actor: actorOf(request), bookingId: request.params.bookingId }),
  );

  // Each side's list, at its path and at the spec's path with the person's own e-mail (anyone else's: 403).
  const lists = [
    { path: '/my-bookings', as: 'guest', summary: 'My stays, upcoming first', onRequest: requireUser, failures: errorResponses(400, 401) },
    {
      path: '/manage-bookings',
      as: 'host',
      summary: 'Stays in my rooms (hosts), upcoming first',
      onRequest: requireRole(...rolesFor('manageBookings')),
      failures: errorResponses(400, 401, 403),
    },
  ] as const;
  for (const { path, as, summary, onRequest, failures } of lists) {
    app.get(
      path,
      { onRequest, schema: routeSchema(summary, { querystring: listBookingsQuerySchema }, bookingsPageSchema, failures) },
      async (request) => listBookings(db, { actor: actorOf(request), as, ...request.query }),
    );
    app.get(
      `${path}/:email`,
      {
        onRequest,
        schema: routeSchema(summary, { params: emailParamsSchema, querystring: listBookingsQuerySchema }, bookingsPageSchema, errorResponses(400, 401, 403)),
      },
      async (request) => {
        const actor = actorOf(request);
        assertOwnEmail(actor, request.params.email);
        return listBookings(db, { actor, as, ...request.query });
      },
    );
  }
};
