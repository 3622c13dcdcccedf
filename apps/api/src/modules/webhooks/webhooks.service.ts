import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_LOG_SIZE,
  WEBHOOK_URL_HTTPS,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@staybook/domain';
import { answerColumns } from '../../db/answer-columns.js';
import { withTransaction, type Db } from '../../db/client.js';
import { ownedRecords } from '../../db/owned-records.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { CalendarFetchError, checkedAddress, type FetchLimits } from '../../integrations/calendar/safe-fetch.js';
import type { Actor } from '../../plugins/session.js';
import { enqueueJob, type JobKick } from '../jobs/jobs.js';
import { newWebhookSecret } from './webhook-signature.js';
import { WEBHOOK_DELIVERY_JOB } from './webhook-events.js';

/*
 * A host's webhook endpoints and their delivery logs (docs/decisions/056-access-tokens-and-webhooks.md): their
 * owner's only; anyone else's are not found.
 */

export type WebhookDeps = { db: Db; limits: FetchLimits; jobs: JobKick };

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const ownEndpoints = ownedRecords(webhookEndpoints, webhookEndpoints.ownerId, {
  max: WEBHOOK_ENDPOINTS_MAX,
  tooMany: 'too-many-webhook-endpoints',
  notFound: 'No such webhook endpoint.',
});

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return { ...answerColumns(row, ['id', 'url', 'status', 'failuresInARow', 'disabledAt', 'createdAt']), events: row.events as WebhookEventType[] };
}

function deliveryOf(row: DeliveryRow): WebhookDelivery {
  const answered = answerColumns(row, ['id', 'eventId', 'status', 'attempts', 'responseStatus', 'lastError', 'createdAt', 'lastAttemptAt']);
  return { ...answered, event: row.event as WebhookEventType };
}

/**
 * An endpoint address the server may send to: https, or an address on the allow-list (WEBHOOK_ALLOW_HOSTS, for tests
 * and local tools); either way, under the calendar imports' rules for private and local addresses (decision 040).
 */
async function checkEndpointUrl(url: string, limits: FetchLimits): Promise<void> {
  if (!URL.canParse(url)) throw new BadRequestError(/*i18n*/ 'This is not a web address', { url: 'This is not a web address' });
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const allowed = limits.allowHosts.some((h) => h.toLowerCase() === host);
  if (parsed.protocol !== 'https:' && !allowed) throw new BadRequestError(WEBHOOK_URL_HTTPS, { url: WEBHOOK_URL_HTTPS });
  if (parsed.username || parsed.password) throw new BadRequestError(/*i18n*/ 'Endpoint URLs cannot hold a user name or password', { url: 'Endpoint URLs cannot hold a user name or password' });
  try {
    await checkedAddress(parsed, limits.allowHosts, limits.resolveHost);
  } catch (err) {
    if (!(err instanceof CalendarFetchError)) throw err;
    const message = /private or local/.test(err.message)
      ? /*i18n*/ 'This URL points to a private or local network, which StayBook does not send to.'
      : err.message;
    throw new BadRequestError(message, { url: message });
  }
}

export async function listWebhooks(db: Db, { actor }: { actor: Actor }): Promise<{ items: WebhookEndpoint[] }> {
  return { items: (await ownEndpoints.list(db, actor.id)).map(endpointOf) };
}

/** Adds an endpoint and answers its signing secret, this once. */
export async function createWebhook(
  deps: WebhookDeps,
  { actor, url, events }: { actor: Actor; url: string; events: WebhookEventType[] },
): Promise<CreatedWebhook> {
  await checkEndpointUrl(url, deps.limits);
  const secret = newWebhookSecret();
  const [row] = await ownEndpoints.add(deps.db, actor.id, (tx) => tx.insert(webhookEndpoints).values({ ownerId: actor.id, url, events, secret }).returning());
  return { ...endpointOf(row!), secret };
}

/** Other events, or a disabled endpoint enabled again (its count of failures starts over). */
export async function updateWebhook(
  db: Db,
  { actor, id, events, enabled }: { actor: Actor; id: string; events?: WebhookEventType[] | undefined; enabled?: true | undefined },
): Promise<WebhookEndpoint> {
  const found = await ownEndpoints.find(db, actor.id, id);
  const changes = { ...(events ? { events } : {}), ...(enabled ? { status: 'active' as const, failuresInARow: 0, disabledAt: null } : {}) };
  // A change that names nothing (the route refuses one, `updateWebhookBodySchema`) leaves the endpoint as it is.
  if (Object.keys(changes).length === 0) return endpointOf(found);
  const [row] = await db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
  return endpointOf(row!);
}

export async function deleteWebhook(db: Db, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  await ownEndpoints.remove(db, actor.id, id);
}

/** The endpoint's newest deliveries. */
export async function listDeliveries(db: Db, { actor, id }: { actor: Actor; id: string }): Promise<{ items: WebhookDelivery[] }> {
  await ownEndpoints.find(db, actor.id, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_SIZE);
  return { items: rows.map(deliveryOf) };
}

/**
 * 'Redeliver': a delivered or failed event (same id and body, signed anew) is sent again as a job of its own. One
 * still being sent (pending: queued, or waiting to be tried again) is not queued a second time: its own job sends
 * it. A disabled endpoint is enabled first, by its owner, so a redelivery never reaches one.
 */
export async function redeliver(deps: WebhookDeps, { actor, id, deliveryId }: { actor: Actor; id: string; deliveryId: string }): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoints.find(deps.db, actor.id, id);
  if (endpoint.status === 'disabled') throw new ConflictError(/*i18n*/ 'This endpoint is disabled. Enable it first, then redeliver.');
  // The job commits with the status it is for: a delivery is never left pending with nothing to send it.
  const row = await withTransaction(deps.db, async (tx) => {
    const [queued] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', redeliveries: sql`${webhookDeliveries.redeliveries} + 1` })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id), ne(webhookDeliveries.status, 'pending')))
      .returning();
    if (queued) {
      const key = `${WEBHOOK_DELIVERY_JOB}:${queued.id}:${queued.redeliveries}`;
      await enqueueJob(tx, WEBHOOK_DELIVERY_JOB, key, { deliveryId: queued.id, ownerId: endpoint.ownerId });
    }
    return queued;
  });
  if (!row) {
    const [exists] = await deps.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
    if (!exists) throw new NotFoundError(/*i18n*/ 'No such delivery.');
    throw new ConflictError(/*i18n*/ 'This delivery is still being sent: it can be sent again once it has been delivered or has failed.');
  }
  deps.jobs.kick();
  return deliveryOf(row);
}
