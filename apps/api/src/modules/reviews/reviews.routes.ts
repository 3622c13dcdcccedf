import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingParamsSchema,
  hideReviewBodySchema,
  hideReviewResultSchema,
  publicReviewSchema,
  REVIEW_WINDOW_DAYS,
  reviewIdSchema,
  reviewReplyBodySchema,
  reviewStateSchema,
  roomParamsSchema,
  roomReviewsPageSchema,
  roomReviewsQuerySchema,
} from '@staybook/domain';
import type { BrowsingReads } from '../../db/replica.js';
import { errorResponses } from '../../errors.js';
import { routeFor, routeSchema } from '../../route-schema.js';
import { actorOf, holdersOf, signedIn } from '../../plugins/session.js';
import { getReviewState, hideReview, listRoomReviews, replyToReview, writeReview, type ReviewDeps } from './reviews.service.js';

const reviewParams = z.object({ id: reviewIdSchema });

/** Reviews of stays (their guest and the room's host), a room's published reviews, the host's reply, hiding. */
/**
 * A review's body: the guest's (`guestReviewBodySchema`) or the host's (`hostReviewBodySchema`), checked by the
 * service against the side the server decides, so the route takes any object and the reference names both shapes.
 */
const reviewBodySchema = z.looseObject({}).meta({
  id: 'ReviewForm',
  description: "The guest's review of the stay or the host's of the guest: the server decides the side from who asks",
  anyOf: [{ $ref: '#/components/schemas/GuestReview' }, { $ref: '#/components/schemas/HostReview' }],
});

export const reviewsRoutes: FastifyPluginAsyncZod<{ deps: ReviewDeps; browse: BrowsingReads }> = async (app, { deps, browse }) => {
  const { db } = deps;

  app.get(
    '/booking/:id/review',
    routeFor(
      signedIn,
      "Where my review of a stay stands, and the other side's once both are published (its guest and the room's host only)",
      { params: bookingParamsSchema }, reviewStateSchema, errorResponses(400, 404),
    ),
    async (request) => getReviewState(db, { actor: actorOf(request), bookingId: request.params.id }),
  );

  app.post(
    '/booking/:id/review',
    routeFor(
      signedIn,
      `Review a stay from the day after check-out, for ${REVIEW_WINDOW_DAYS} days, once: the guest rates the stay (overall and six categories), the host rates the guest; the server decides the side. The second review publishes both`,
      { params: bookingParamsSchema, body: reviewBodySchema },
      reviewStateSchema,
      errorResponses(400, 403, 404, 409),
      { status: 201 },
    ),
    async (request, reply) =>
      reply.status(201).send(await writeReview(deps, { actor: actorOf(request), bookingId: request.params.id, body: request.body })),
  );

  app.get(
    '/rooms/:id/reviews',
    {
      schema: routeSchema(
        "A room's rating and its published reviews, newest first",
        { params: roomParamsSchema, querystring: roomReviewsQuerySchema }, roomReviewsPageSchema, errorResponses(400, 404),
      ),
    },
    // Published reviews may lag a moment: read through `browse` (the read replica when there is one).
    async (request) => browse(request, (reader) => listRoomReviews(reader, { roomId: request.params.id, ...request.query })),
  );

  app.post(
    '/reviews/:id/reply',
    routeFor(
      signedIn,
      "The room host's one public reply to a published review of the room",
      { params: reviewParams, body: reviewReplyBodySchema }, publicReviewSchema, errorResponses(400, 403, 404, 409),
    ),
    async (request) => replyToReview(db, { actor: actorOf(request), reviewId: request.params.id, body: request.body.body }),
  );

  app.post(
    '/reviews/:id/hide',
    routeFor(
      holdersOf('hideReviews'),
      'Hide a review that breaks the rules (admins), with the reason: it leaves the room and its rating; its author and the host are mailed',
      { params: reviewParams, body: hideReviewBodySchema }, hideReviewResultSchema, errorResponses(400, 404, 409),
    ),
    async (request) => hideReview(deps, { actor: actorOf(request), reviewId: request.params.id, reason: request.body.reason }),
  );
};
