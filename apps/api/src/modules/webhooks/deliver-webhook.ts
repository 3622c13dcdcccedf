import { eq, sql } from 'drizzle-orm';
import type { Locale } from '@staybook/domain';
import { ENDPOINT_DISABLED, ENDPOINT_UNREACHABLE, ENDPOINT_WAS_DISABLED, endpointAnsweredText } from '@staybook/domain/webhooks';
import { queryRows, withTransaction, type Db } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { CalendarFetchError, safePost, type FetchLimits } from '../../integrations/calendar/safe-fetch.js';
import { inRecipientLanguage, webhookDisabledMail } from '../../integrations/mail/templates.js';
import { enqueueMail, type JobKick } from '../jobs/jobs.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './webhook-signature.js';
import { fanOutWebhookEvent, WEBHOOK_DELIVERY_JOB, WEBHOOK_EVENT_JOB, type WebhookDeliveryJob, type WebhookEventJob } from './webhook-events.js';

/** Deliveries failed in a row (each attempt counts) after which an endpoint is disabled and its owner mailed. */
export const WEBHOOK_FAILURES_TO_DISABLE = 10;

/** How deliveries reach endpoints: the calendar fetch's address rules, its own allow-list, no redirects. */
export function webhookFetchLimits(allowHosts: readonly string[], resolveHost?: FetchLimits['resolveHost']): FetchLimits {
  return { allowHosts, timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 0, ...(resolveHost ? { resolveHost } : {}) };
}

export type WebhookDeliveryDeps = { db: Db; limits: FetchLimits; publicUrl: string };

type DeliveryToSend = {
  id: string;
  eventId: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  endpointId: string;
  url: string;
  secret: string;
  endpointStatus: 'active' | 'disabled';
};

/** One attempt: POST the event, signed now; the answer's status, or why there was none. */
async function attempt(deps: WebhookDeliveryDeps, delivery: DeliveryToSend): Promise<{ status: number | null; error: string | null }> {
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'StayBook webhooks',
    [SIGNATURE_HEADER]: signatureHeader(delivery.secret, delivery.body, Math.floor(Date.now() / 1000)),
    [EVENT_ID_HEADER]: delivery.eventId,
  };
  try {
    const { status } = await safePost(delivery.url, { headers, body: delivery.body }, deps.limits);
    return { status, error: status >= 200 && status < 300 ? null : endpointAnsweredText(status) };
  } catch (err) {
    return { status: null, error: err instanceof CalendarFetchError ? err.message : ENDPOINT_UNREACHABLE };
  }
}

/**
 * The outbox's handler for one delivery. A 2xx marks it delivered and the endpoint healthy; anything else is recorded
 * and thrown, so the outbox tries again after its backoff, until the endpoint has failed WEBHOOK_FAILURES_TO_DISABLE
 * times in a row: then it is disabled, its waiting deliveries marked failed, and its owner mailed.
 */
export async function deliverWebhook(deps: WebhookDeliveryDeps, { deliveryId }: WebhookDeliveryJob): Promise<void> {
  const [delivery] = await queryRows<DeliveryToSend>(
    deps.db,
    sql`select d.id, d.event_id as "eventId", d.body, d.status, e.id as "endpointId", e.url, e.secret, e.status as "endpointStatus"
      from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.id = ${deliveryId}`,
  );
  // Removed with its endpoint, or delivered by a redelivery meanwhile.
  if (!delivery || delivery.status !== 'pending') return;
  if (delivery.endpointStatus === 'disabled') {
    await deps.db.update(webhookDeliveries).set({ status: 'failed', lastError: ENDPOINT_DISABLED }).where(eq(webhookDeliveries.id, deliveryId));
    return;
  }

  const { status, error } = await attempt(deps, delivery);
  const recorded = { attempts: sql`${webhookDeliveries.attempts} + 1`, responseStatus: status, lastError: error, lastAttemptAt: sql`now()` };
  if (!error) {
    await withTransaction(deps.db, async (tx) => {
      await tx.update(webhookDeliveries).set({ ...recorded, status: 'delivered' }).where(eq(webhookDeliveries.id, deliveryId));
      await tx.update(webhookEndpoints).set({ failuresInARow: 0 }).where(eq(webhookEndpoints.id, delivery.endpointId));
    });
    return;
  }

  const disabled = await withTransaction(deps.db, async (tx) => {
    await tx.update(webhookDeliveries).set(recorded).where(eq(webhookDeliveries.id, deliveryId));
    const [endpoint] = await queryRows<{ url: string; failures: number; status: string; ownerName: string; ownerEmail: string; ownerLocale: Locale | null }>(
      tx,
      sql`update webhook_endpoints e set failures_in_a_row = failures_in_a_row + 1 from users u
        where e.id = ${delivery.endpointId} and u.id = e.owner_id
        returning e.url, e.failures_in_a_row as failures, e.status, u.name as "ownerName", u.email as "ownerEmail", u.locale as "ownerLocale"`,
    );
    if (!endpoint || endpoint.status !== 'active' || endpoint.failures < WEBHOOK_FAILURES_TO_DISABLE) return false;
    await tx.update(webhookEndpoints).set({ status: 'disabled', disabledAt: sql`now()` }).where(eq(webhookEndpoints.id, delivery.endpointId));
    await tx.execute(sql`update webhook_deliveries set status = 'failed', last_error = coalesce(last_error, ${ENDPOINT_WAS_DISABLED})
      where endpoint_id = ${delivery.endpointId} and status = 'pending'`);
    await enqueueMail(
      tx,
      `webhook-disabled:${delivery.endpointId}:${delivery.id}`,
      inRecipientLanguage({ locale: endpoint.ownerLocale }, () => webhookDisabledMail({ name: endpoint.ownerName, email: endpoint.ownerEmail }, endpoint, deps.publicUrl)),
    );
    return true;
  });
  // A disabled endpoint's delivery is over: the host redelivers it once the endpoint works.
  if (!disabled) throw new Error(error);
}

/** The outbox's handlers for webhooks: the fan-out of an event (then look at once for its deliveries), and a delivery. */
export function webhookJobHandlers(deps: WebhookDeliveryDeps, worker: JobKick) {
  return {
    [WEBHOOK_EVENT_JOB]: async (event: WebhookEventJob) => {
      await fanOutWebhookEvent(deps.db, event);
      worker.kick();
    },
    [WEBHOOK_DELIVERY_JOB]: (delivery: WebhookDeliveryJob) => deliverWebhook(deps, delivery),
  };
}
