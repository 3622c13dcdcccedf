import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookParamsSchema,
} from '@staybook/domain';
import { errorResponses } from '../../errors.js';
import { noContent, oneRecord, routeFor } from '../../route-schema.js';
import { actorOf, holdersOf } from '../../plugins/session.js';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliver, updateWebhook, type WebhookDeps } from './webhooks.service.js';

/** Profile's 'Webhooks' (hosts): endpoints, their delivery logs and 'Redeliver' (docs/decisions/056-access-tokens-and-webhooks.md). */
export const webhooksRoutes: FastifyPluginAsyncZod<{ deps: WebhookDeps }> = async (app, { deps }) => {
  const hosts = holdersOf('webhooks');
  const { db } = deps;

  app.get(
    '/webhooks',
    routeFor(hosts, 'My webhook endpoints, oldest first (never their secrets)', {}, webhookEndpointsSchema),
    async (request) => listWebhooks(db, { actor: actorOf(request) }),
  );

  app.post(
    '/webhooks',
    routeFor(
      hosts,
      'Add a webhook endpoint for some events; its signing secret is in this answer only',
      { body: createWebhookBodySchema },
      createdWebhookSchema,
      errorResponses(400, 409),
      { status: 201 },
    ),
    async (request, reply) => reply.status(201).send(await createWebhook(deps, { actor: actorOf(request), ...request.body })),
  );

  app.patch(
    '/webhooks/:id',
    routeFor(hosts, 'Change the events of an endpoint, or enable a disabled one again', { params: webhookParamsSchema, body: updateWebhookBodySchema }, webhookEndpointSchema, oneRecord),
    async (request) => updateWebhook(db, { actor: actorOf(request), id: request.params.id, ...request.body }),
  );

  app.delete(
    '/webhooks/:id',
    routeFor(hosts, 'Remove a webhook endpoint and its delivery log', { params: webhookParamsSchema }, z.null(), oneRecord, { status: 204 }),
    async (request, reply) => noContent(reply, deleteWebhook(db, { actor: actorOf(request), id: request.params.id })),
  );

  app.get(
    '/webhooks/:id/deliveries',
    routeFor(hosts, "An endpoint's newest deliveries: status, response code, time", { params: webhookParamsSchema }, webhookDeliveriesSchema, oneRecord),
    async (request) => listDeliveries(db, { actor: actorOf(request), id: request.params.id }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    routeFor(hosts, 'Send a delivered or failed event again (same event id, signed anew)', { params: webhookDeliveryParamsSchema }, webhookDeliverySchema, errorResponses(400, 404, 409)),
    async (request) => redeliver(deps, { actor: actorOf(request), ...request.params }),
  );
};
