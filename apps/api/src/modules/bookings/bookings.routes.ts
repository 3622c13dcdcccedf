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
  tripSchema,
} from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { oneRecord, routeFor, routeSchema } from '../../route-schema.js';
import { actorOf, holdersOf, rateLimitKeyByUser, signedIn, verified } from '../../plugins/session.js';
import { getRoomAvailability } from './availability.js';
import type { BookingDeps } from './booking-deps.js';
import { cancelBooking, previewCancellation } from './cancel-booking.js';
import { confirmBookingForPayment } from './confirm-booking.js';
import { assertOwnEmail, countWaitingRequests, listBookings } from './list-bookings.js';
import { acceptRequest, declineRequest, withdrawRequest } from './request-answers.js';
import { createPaymentIntent } from './start-payment.js';
import { getTrip } from './trips.service.js';
import { requestLocale } from '../../request-locale.js';

const errors = errorResponses(400, 403, 404, 409);

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
      config: rateLimit ? { rateLimit: { max: 30, timeWindow: '10 minutes', keyGenerator: rateLimitKeyByUser } } : {},
      ...routeFor(
        verified(signedIn),
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
    routeFor(
      signedIn,
      'Book the stay a payment was authorized for (201 when booked now, 200 when it already was)',
      { body: confirmBookingBodySchema }, bookingSchema, errors, { status: [200, 201] },
    ),
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
    routeFor(
      signedIn,
      "What cancelling a stay now would refund, by the policy it was booked under (a host's cancellation: everything)",
      { params: bookingParamsSchema }, cancellationQuoteSchema, errors,
    ),
    async (request) => previewCancellation(db, { actor: actorOf(request), bookingId: request.params.id }),
  );

  app.delete(
    '/booking/:id',
    routeFor(
      signedIn,
      "Cancel a stay before check-in (its guest or the room host); the refund follows the stay's policy, a host's is in full",
      { params: bookingParamsSchema, body: cancelBookingBodySchema }, bookingSchema, errors,
    ),
    async (request) =>
      cancelBooking(deps, { actor: actorOf(request), bookingId: request.params.id, expectedRefundCents: request.body?.expectedRefundCents }),
  );

  // Request to book (decision 049): the host answers within 24 hours; the guest may withdraw before that.
  const hostOnly = holdersOf('requests');
  // The host's two answers take the same request and give the same answer: the booking as it now stands.
  const answers = [
    { answer: 'accept', act: acceptRequest, summary: "Accept a request to book one's room (its host): the stay is confirmed and the held card charged" },
    {
      answer: 'decline',
      act: declineRequest,
      summary: "Decline a request to book one's room (its host), with an optional message: the nights open again and the hold is released",
    },
  ] as const;
  for (const { answer, act, summary } of answers) {
    app.post(
      `/booking/:id/${answer}`,
      routeFor(hostOnly, summary, { params: bookingParamsSchema, body: answerRequestBodySchema }, bookingSchema, errors),
      async (request) => act(deps, { actor: actorOf(request), bookingId: request.params.id, message: request.body?.message }),
    );
  }
  app.post(
    '/booking/:id/withdraw',
    routeFor(
      signedIn,
      'Withdraw my request to book before the host answers: the nights open again and the hold on my card is released',
      { params: bookingParamsSchema }, bookingSchema, errors,
    ),
    async (request) => withdrawRequest(deps, { actor: actorOf(request), bookingId: request.params.id }),
  );
  app.get(
    '/requests',
    routeFor(hostOnly, 'Requests to book my rooms that wait for my answer (hosts)', { querystring: listBookingsQuerySchema }, bookingsPageSchema, errorResponses(400)),
    async (request) => listBookings(db, { actor: actorOf(request), as: 'host', waiting: true, ...request.query }),
  );
  app.get(
    '/requests/count',
    routeFor(hostOnly, 'How many requests to book my rooms wait for my answer (hosts)', {}, requestCountSchema),
    async (request) => countWaitingRequests(db, actorOf(request).id),
  );

  app.get(
    '/trips/:bookingId',
    routeFor(
      signedIn,
      "A stay's trip page, for its guest or the room's host only (anyone else: 404)",
      { params: z.object({ bookingId: bookingIdSchema }) }, tripSchema, oneRecord,
    ),
    async (request) => getTrip(db, { actor: actorOf(request), bookingId: request.params.bookingId }),
  );

  // Each side's list, at its path and at the spec's path with the person's own e-mail (anyone else's: 403).
  const lists = [
    { path: '/my-bookings', as: 'guest', summary: 'My stays, upcoming first', guard: signedIn },
    {
      path: '/manage-bookings',
      as: 'host',
      summary: 'Stays in my rooms (hosts), upcoming first',
      guard: holdersOf('manageBookings'),
    },
  ] as const;
  for (const { path, as, summary, guard } of lists) {
    app.get(
      path,
      routeFor(guard, summary, { querystring: listBookingsQuerySchema }, bookingsPageSchema, errorResponses(400)),
      async (request) => listBookings(db, { actor: actorOf(request), as, ...request.query }),
    );
    app.get(
      `${path}/:email`,
      routeFor(guard, summary, { params: emailParamsSchema, querystring: listBookingsQuerySchema }, bookingsPageSchema, errorResponses(400, 403)),
      async (request) => {
        const actor = actorOf(request);
        assertOwnEmail(actor, request.params.email);
        return listBookings(db, { actor, as, ...request.query });
      },
    );
  }
};
