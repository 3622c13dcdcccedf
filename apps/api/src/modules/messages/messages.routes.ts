import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingParamsSchema,
  listMessagesQuerySchema,
  listThreadsQuerySchema,
  markReadResultSchema,
  messageSchema,
  messagesPageSchema,
  sendMessageBodySchema,
  threadsPageSchema,
  unreadCountSchema,
} from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { changingOneRecord, oneRecord, routeFor } from '../../route-schema.js';
import { actorOf, rateLimitKeyByUser, signedIn } from '../../plugins/session.js';
import { checkMayWriteTo, countUnread, listMessages, listThreads, markThreadRead, sendMessage, type MessageDeps } from './messages.service.js';

/** A booking's thread (its guest and the room's host only) and each person's list of threads. */
export const messagesRoutes: FastifyPluginAsyncZod<{ deps: MessageDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/booking/:id/messages',
    routeFor(
      signedIn,
      "A booking's messages, newest page first, each page oldest to newest (its guest and the room's host only)",
      { params: bookingParamsSchema, querystring: listMessagesQuerySchema }, messagesPageSchema, oneRecord,
    ),
    async (request) => listMessages(db, { actor: actorOf(request), bookingId: request.params.id, ...request.query }),
  );

  app.post(
    '/booking/:id/messages',
    {
      // Before the text is validated: to anyone but the booking's parties it does not exist, whatever they send.
      preValidation: async (request) => checkMayWriteTo(db, { actor: actorOf(request), bookingId: (request.params as { id?: unknown }).id }),
      // Counted once the sender and the text are known good: a person writes far fewer than this.
      config: { rateLimit: { max: 60, timeWindow: '10 minutes', hook: 'preHandler', keyGenerator: rateLimitKeyByUser } },
      ...routeFor(
        signedIn,
        'Write to the other party of a booking (1 to 2,000 characters of plain text); the first unread message mails them',
        { params: bookingParamsSchema, body: sendMessageBodySchema }, messageSchema, { ...changingOneRecord, ...errorResponses(429) }, { status: 201 },
      ),
    },
    async (request, reply) =>
      reply.status(201).send(await sendMessage(deps, { actor: actorOf(request), bookingId: request.params.id, body: request.body.body })),
  );

  app.post(
    '/booking/:id/messages/read',
    routeFor(signedIn, "Mark the other party's messages in a booking's thread read", { params: bookingParamsSchema }, markReadResultSchema, changingOneRecord),
    async (request) => markThreadRead(db, { actor: actorOf(request), bookingId: request.params.id }),
  );

  app.get(
    '/messages',
    routeFor(
      signedIn,
      'My threads, as guest and as host, latest message first, each with its unread count',
      { querystring: listThreadsQuerySchema }, threadsPageSchema, errorResponses(400),
    ),
    async (request) => listThreads(db, { actor: actorOf(request), ...request.query }),
  );

  app.get(
    '/messages/unread',
    routeFor(signedIn, 'How many messages I have not read, over all my threads', {}, unreadCountSchema),
    async (request) => countUnread(db, { actor: actorOf(request) }),
  );
};
