import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType } from '@staybook/domain';
import type { Db } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { currentRequestId } from '../../request-context.js';
import type { JobKind, JobPayloads } from '../jobs/jobs.js';

/*
 * Telling a host's own systems what happened (docs/decisions/056-access-tokens-and-webhooks.md). Where the product
 * does the thing (books, cancels, publishes, pays), it writes one `webhook-event` job in the same transaction, and
 * only when the person has an active endpoint for that event: everyone else's change costs a probe of an index.
 * The worker fans the event out into a delivery per endpoint (deliver-webhook.ts), each a job with the outbox's
 * retries.
 */

export const WEBHOOK_EVENT_JOB = 'webhook-event' satisfies JobKind;
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery' satisfies JobKind;

/** The fan-out job: the event as its endpoints will receive it. */
export type WebhookEventJob = JobPayloads[typeof WEBHOOK_EVENT_JOB];
/** One endpoint's delivery to attempt. */
export type WebhookDeliveryJob = JobPayloads[typeof WEBHOOK_DELIVERY_JOB];

export type WebhookEvent = { ownerId: string; type: WebhookEventType; data: Record<string, unknown> };

/**
 * The event's job as one statement, to run in the change's transaction (or put in a `with` of its own statement,
 * as the booking does). The body's `id` is the event's: the same for each endpoint and on every redelivery.
 */
export function webhookEventJob({ ownerId, type, data }: WebhookEvent): SQL {
  const eventId = randomUUID();
  const body = JSON.stringify({ id: eventId, type, created: new Date().toISOString(), data });
  const payload: WebhookEventJob = { ownerId, eventId, type, body };
  return sql`insert into ${jobs} (kind, key, payload, request_id)
    select ${WEBHOOK_EVENT_JOB}, ${`${WEBHOOK_EVENT_JOB}:${eventId}`}, ${JSON.stringify(payload)}::jsonb, ${currentRequestId()}
    where exists (select 1 from webhook_endpoints
      where owner_id = ${ownerId} and status = 'active' and ${type} = any(events))`;
}

/** Emits an event for the person's endpoints, in `db`'s transaction: one call per thing that happened. */
export async function emitWebhookEvent(db: Db, event: WebhookEvent): Promise<void> {
  await db.execute(webhookEventJob(event));
}

/**
 * The fan-out: a delivery and its job for each of the owner's endpoints that wants the event, in one statement.
 * Run twice (a crash before the job was marked), it adds nothing: a delivery is once per endpoint and event.
 */
export async function fanOutWebhookEvent(db: Db, { ownerId, eventId, type, body }: WebhookEventJob): Promise<void> {
  await db.execute(sql`
    with delivered as (
      insert into webhook_deliveries (endpoint_id, event_id, event, body)
      select id, ${eventId}::uuid, ${type}, ${body} from webhook_endpoints
      where owner_id = ${ownerId} and status = 'active' and ${type} = any(events)
      on conflict (endpoint_id, event_id) do nothing
      returning id)
    insert into ${jobs} (kind, key, payload, request_id)
    select ${WEBHOOK_DELIVERY_JOB}, ${`${WEBHOOK_DELIVERY_JOB}:`} || id || ':0', jsonb_build_object('deliveryId', id, 'ownerId', ${ownerId}::text), ${currentRequestId()} from delivered
    on conflict (key) do nothing`);
}

/** What a booking event says of the stay: the same fields for every booking event, read from the booking's row. */
export type StayFacts = {
  id: string;
  reference: string;
  roomId: string;
  hostId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  totalCents: number;
  status: string;
};

/** A booking event for the room's host. */
export function bookingEvent(type: 'booking.requested' | 'booking.confirmed' | 'booking.cancelled', stay: StayFacts): WebhookEvent {
  const { id, reference, roomId, checkIn, checkOut, guests, totalCents, status } = stay;
  return { ownerId: stay.hostId, type, data: { bookingId: id, reference, roomId, checkIn, checkOut, guests, totalCents, status } };
}
